import { chmodSync, existsSync, mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests against the production build (apps/server/dist + apps/web/dist) on a fresh DATA_DIR,
 * in the system Chromium — never a downloaded browser.
 */
const root = path.resolve(import.meta.dirname, "../..");
// A random high port, chosen once and shared with the workers through the environment, so two
// runs on one machine (a developer's and CI's) never fight over a fixed port.
process.env.E2E_PORT ??= String(20_000 + Math.floor(Math.random() * 20_000));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), "e2e-data-"));
chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir; // the specs and the worker processes share it

/** Debian's headless shell when installed (lighter and faster), else its full Chromium. */
function chromium(): string {
  return existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium";
}

const desktop = { ...devices["Desktop Chrome"], channel: undefined };
/** Specs that read or change what every other spec sees (totals, featured courses, the pass mark). */
const READS_SHARED_FIGURES = [
  "admin-classes.spec.ts",
  "admin-courses.spec.ts",
  "admin-dashboard.spec.ts",
  "admin-teachers.spec.ts",
  "enrollment-review.spec.ts",
  "finance.spec.ts",
  "installation-notices.spec.ts",
  // Changes whether the financeiro role requires two-factor sign-in (decision 076).
  "two-factor.spec.ts",
  // Changes whether the secretaria role requires it (decision 086).
  "two-factor-screens.spec.ts",
].map((file) => `**/${file}`);
/**
 * Specs that change what every student of the installation sees (a new privacy notice puts a dialog
 * before every signed-in student, decision 099): run last, alone, when no other spec is left to trip on it.
 * With `--no-deps` the projects no longer wait for each other: run such a spec by itself then.
 */
const CHANGES_EVERY_STUDENT = ["privacy-new-notice.spec.ts"].map((file) => `**/${file}`);

export default defineConfig({
  testDir: "e2e",
  // After the webServer is up: the suite plays an installation older than two-factor sign-in (decision 076).
  globalSetup: "./e2e/support/existing-installation.ts",
  outputDir: "e2e/.artifacts",
  // Two browsers at once (decision 061): specs that read institute-wide figures run afterwards, alone.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    locale: "pt-AO",
    // Dialogs open without their fade (the theme respects it): less waiting, same screens.
    reducedMotion: "reduce",
    timezoneId: "Africa/Luanda",
    // Recording a trace costs every test DOM snapshots and a screencast: on request only (E2E_TRACE=1).
    trace: process.env.E2E_TRACE ? "retain-on-failure" : "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? chromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "desktop", use: desktop, testIgnore: [...READS_SHARED_FIGURES, ...CHANGES_EVERY_STUDENT] },
    // After the others, one at a time: no other spec's data lands between a figure read and the figure
    // checked, and no shared setting changes under another spec.
    { name: "shared-figures", use: desktop, testMatch: READS_SHARED_FIGURES, dependencies: ["desktop"], workers: 1 },
    {
      name: "installation-wide",
      use: desktop,
      testMatch: CHANGES_EVERY_STUDENT,
      dependencies: ["shared-figures"],
      workers: 1,
    },
  ],
  webServer: {
    command: "node apps/server/dist/main.js",
    cwd: root,
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    // SIGTERM lets the server finish and stop its embedded PostgreSQL (a SIGKILL would orphan it).
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BASE_URL: baseURL,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      SMTP_URL: "",
      EMBEDDED_POSTGRES_FSYNC: "off", // a throw-away cluster (apps/server/src/db/embedded.ts)
    },
  },
});
