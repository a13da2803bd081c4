import { defineProject } from "vitest/config";

export default defineProject({
  test: { maxWorkers: 3, name: "wording", include: ["*.test.ts"], environment: "node" },
});
