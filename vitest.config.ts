import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/shared", "apps/server", "apps/web", "tools/boundaries", "tools/contract", "tools/wording"],
    // On a 2-core machine vitest would run one file at a time; the server tests mostly wait on
    // PostgreSQL, so three at once finish the run ~100 s sooner (decision 029). Vitest 5 reads it from
    // each project: every project config says 3 too (they must agree, or vitest refuses to start).
    maxWorkers: 3,
  },
});
