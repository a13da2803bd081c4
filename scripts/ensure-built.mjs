// Builds whatever is missing (the web app, the server bundle) so `npm start` works on a clean clone.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Builds what is missing of `workspaces` (all by default: `npm start` serves the web app too). */
export function ensureBuilt(workspaces = ["apps/web", "apps/server"]) {
  const missing = [
    ["apps/web", "apps/web/dist/index.html"],
    // A build from before courses had pages (decision 093) lacks the server renderer of a course's page.
    ["apps/web", "apps/web/dist-ssr/prerender.js"],
    // …and one from before decision 102 lacks the renderer of the screens drawn with their data.
    ["apps/web", "apps/web/dist-ssr-screens/prerender-screens.js"],
    ["apps/server", "apps/server/dist/main.js"],
    // A build from before a command was added lacks its bundle.
    ["apps/server", "apps/server/dist/backup.js"],
    ["apps/server", "apps/server/dist/restore.js"],
    // A build from before statements were read in worker threads (decision 078) lacks the worker's bundle.
    ["apps/server", "apps/server/dist/statement-reader.worker.js"],
  ].filter(([workspace, file]) => workspaces.includes(workspace) && !existsSync(path.join(root, file)));
  for (const workspace of new Set(missing.map(([w]) => w))) {
    console.log(`Building ${workspace} (first run)…`);
    const result = spawnSync("npm", ["run", "build", "-w", workspace], { cwd: root, stdio: "inherit" });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
