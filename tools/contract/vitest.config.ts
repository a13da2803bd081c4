import { defineProject } from "vitest/config";

export default defineProject({
  test: { maxWorkers: 3, name: "contract", include: ["*.test.ts"], environment: "node", testTimeout: 120_000 },
});
