import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    // Vitest 5 takes the worker count from each project, not from the root (root vitest.config.ts).
    maxWorkers: 3,
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    css: false,
    // One jsdom per worker instead of one per file: the run takes a fifth of the time. What a file
    // leaves behind is cleared in src/test/setup.ts; module mocks (vi.mock) cannot be used here:
    // components take what a test replaces as a prop instead (ReceiptForm's `prepare`, `send`).
    isolate: false,
    // Form tests type into jsdom with user-event: ~4 s each on a busy 2-core CI machine, so 5 s flaked.
    testTimeout: 20_000,
  },
});
