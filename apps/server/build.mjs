// Bundles the server (and the shared package it imports) into dist/; npm packages stay external.
import { cp, rm } from "node:fs/promises";
import { build } from "esbuild";

await rm("dist", { recursive: true, force: true });
await build({
  entryPoints: [
    "src/main.ts",
    "src/cli/create-admin.ts",
    "src/cli/backup.ts",
    "src/cli/restore.ts",
    // The statement reader's worker thread (decision 078): main.js starts it from beside itself.
    "src/modules/bank-statements/statement-reader.worker.ts",
  ],
  outdir: "dist",
  entryNames: "[name]",
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "external-npm-packages",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@app/") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
await cp("src/db/migrations", "dist/migrations", { recursive: true });
// A child process the server forks (decision 068): plain JavaScript, run as it is.
await cp("src/auth/password-hasher.mjs", "dist/password-hasher.mjs");
await cp("src/auth/password-salted.mjs", "dist/password-salted.mjs");
await cp("src/auth/password-temporary.mjs", "dist/password-temporary.mjs");
await cp("src/auth/password-questions.mjs", "dist/password-questions.mjs");
console.log(
  "server built: dist/main.js, dist/create-admin.js, dist/backup.js, dist/restore.js, dist/statement-reader.worker.js, dist/password-hasher.mjs, dist/password-salted.mjs, dist/password-temporary.mjs, dist/password-questions.mjs",
);
