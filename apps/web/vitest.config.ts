import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "jsdom",
    setupFiles: ["src/test/setup.ts"],
    css: false,
    pool: "threads",
    // Form tests type into jsdom with user-event: ~4 s each on a busy 2-core CI machine, so 5 s flaked.
    testTimeout: 20_000,
  },
});
