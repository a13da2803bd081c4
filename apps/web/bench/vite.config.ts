// Builds the bench-only page (data-table.html), never part of the app's build: `npm run bench` runs it
// through Vite's JS API (scripts/bench-data-table.mjs) and measures it in Chromium.
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const here = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: here,
  base: "./",
  plugins: [react()],
  logLevel: "warn",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 2000,
    rolldownOptions: { input: fileURLToPath(new URL("data-table.html", import.meta.url)) },
  },
});
