import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/** Writes .br and .gz beside each text asset so the server sends them pre-compressed (3G users). */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "precompress",
    apply: "build",
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((f) => {
          const full = path.join(dir, f);
          return statSync(full).isDirectory() ? walk(full) : [full];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file)) continue;
        const data = readFileSync(file);
        if (data.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    proxy: { "/api": { target: "http://localhost:3000" } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 800,
    // dist/.vite/manifest.json: prerender.mjs reads which chunks each public page needs, then deletes it.
    manifest: true,
    rollupOptions: {
      // Hash-only names for the lazy chunks: the shell lists every route's chunk and its dependencies
      // (the preload map), and names like "admin-student-accounts-page-…" cost ~1 KB gzip of first load.
      output: {
        chunkFileNames: "assets/[hash].js",
        // React Router 8 ships one file per module; left alone, Rolldown spread them over three more
        // shared chunks of the first load (+1.9 KB gzip on / and /cursos). One chunk keeps it one request
        // (decision 031).
        codeSplitting: { groups: [{ name: "router", test: /node_modules[\\/]react-router[\\/]/ }] },
      },
    },
  },
});
