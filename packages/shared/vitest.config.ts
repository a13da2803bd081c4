import { defineProject } from "vitest/config";

export default defineProject({
  test: { maxWorkers: 3, name: "shared", include: ["src/**/*.test.ts"], environment: "node" },
});
