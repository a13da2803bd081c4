import { defineProject } from "vitest/config";

export default defineProject({
  test: { maxWorkers: 3, name: "tools", include: ["*.test.ts"], environment: "node", testTimeout: 60_000 },
});
