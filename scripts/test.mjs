// `npm test`: everything CI runs — lint + typecheck, unit and server integration tests (real PostgreSQL),
// web component tests, then the Playwright suite against the production build in a real Chromium.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { root } from "./ensure-built.mjs";

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`);
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed`);
    process.exit(result.status ?? 1);
  }
}

step("Lint and typecheck (npm run check)", "npm", ["run", "check"]);
step("Unit, component and server integration tests (vitest)", "npx", ["vitest", "run"]);

// Debian's headless shell (what Playwright itself runs headless) starts and renders faster than the
// full browser; the full one still works.
const chromium =
  process.env.CHROMIUM_PATH ||
  ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((candidate) => existsSync(candidate)) ||
  "/usr/bin/chromium";
if (!existsSync(chromium)) {
  const message = `Chromium not found at ${chromium}: install Debian's 'chromium-headless-shell' (or 'chromium') package or set CHROMIUM_PATH.`;
  if (process.env.CI === "true") {
    console.error(`\n✖ ${message} The browser suite is required in CI.`);
    process.exit(1);
  }
  console.warn(`\n⚠ ${message} Skipping ONLY the browser (Playwright) suite.`);
  process.exit(0);
}
step("Production build (npm run build)", "npm", ["run", "build"]);
step(
  "End-to-end tests in Chromium (Playwright)",
  "npx",
  ["playwright", "test", "-c", "apps/web/playwright.config.ts"],
  {
    CHROMIUM_PATH: chromium,
  },
);
console.log("\n✔ All test suites passed");
