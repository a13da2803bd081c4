import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    // Vitest 5 takes the worker count from each project, not from the root (root vitest.config.ts).
    maxWorkers: 3,
    name: "server",
    include: ["src/**/*.test.ts"],
    environment: "node",
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    pool: "forks",
  },
});
