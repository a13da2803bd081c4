import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import react from "@vitejs/plugin-react";
import { build, defineConfig, type Plugin, type Rolldown } from "vite";

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
      if (process.env.CHUNK_USAGE_PASS) return;
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

/** Which chunks the modules went to in a build with Rolldown's default chunking (the first pass). */
interface ModuleUsage {
  /** In the public entry or a chunk it imports statically: the first load of every page. */
  shell: Set<string>;
  /** Used by a public lazy page (/verificar, /inscricao), maybe by signed-in screens too. */
  publicLazy: Set<string>;
  /** Used by signed-in screens only (reached through app/signed-in-routes.tsx), some of them outside the staff area. */
  signedIn: Set<string>;
  /** Used by the staff area only (reached through app/staff-routes.tsx alone): never loaded by a student. */
  staffOnly: Set<string>;
  /** The module an import() loads: each page, layout and guard keeps a chunk of its own. */
  lazyTargets: Set<string>;
  /**
   * What a signed-in screen runs before its first paint: the route tables, and what their layouts, guards
   * and pages import statically. What a screen imports later (the phone menu's drawer, the toasts, photo
   * compression) is left out of the groups, so it stays in chunks of its own, fetched when first used.
   */
  eager: Set<string>;
  /**
   * zod, the modules of ours importing it, and the staff-only modules these import that need them in turn
   * (decision 100): one chunk that a screen evaluates only when a form of it needs its schema. What a schema
   * imports that needs no schema (an enum, labels) stays with the screens' code: staff-common holds nothing
   * that needs the schemas (`needsSchemas`), so this chunk may import it without a cycle of chunks (which
   * evaluates in the wrong order: a schema read an enum not yet defined).
   */
  schemas: Set<string>;
  /**
   * Our modules outside `schemas` that import one of its modules, directly or through others of ours (a
   * dialog importing its schema, a cell formatting a phone with phones.ts). Kept out of the staff-common
   * chunk: a screen loading staff-common would otherwise evaluate zod even when none of its own code needs it
   * (/admin did, through other screens' shared dialogs).
   */
  needsSchemas: Set<string>;
}

/**
 * Builds once in memory with the default chunking and reads which modules each page's chunks hold (after
 * tree-shaking, which the module graph alone does not tell: a barrel such as @tabler/icons-react imports
 * every icon). The real build then groups the signed-in modules (below) without touching the public ones.
 */
async function moduleUsage(): Promise<ModuleUsage> {
  process.env.CHUNK_USAGE_PASS = "1";
  try {
    const staticImports = new Map<string, readonly string[]>();
    const importGraph: Plugin = {
      name: "static-imports",
      generateBundle() {
        for (const id of this.getModuleIds()) staticImports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
      },
    };
    const result = await build({
      root: import.meta.dirname,
      logLevel: "silent",
      plugins: [importGraph],
      build: { write: false, manifest: false, emptyOutDir: false },
    });
    const chunks = (Array.isArray(result) ? result : [result as Rolldown.RolldownOutput])
      .flatMap((r) => r.output)
      .filter((c): c is Rolldown.OutputChunk => c.type === "chunk");
    const byFile = new Map(chunks.map((c) => [c.fileName, c]));
    const routeTable = (name: string) => (c: Rolldown.OutputChunk) =>
      new RegExp(`[\\\\/]app[\\\\/]${name}\\.tsx$`).test(c.facadeModuleId ?? "");
    const isSignedInTable = routeTable("signed-in-routes");
    const isStaffTable = routeTable("staff-routes");
    /** The chunks `from` loads (statically, and with `lazy` its import()s too), not entering `stop`. */
    const reach = (
      from: Rolldown.OutputChunk,
      lazy: boolean,
      stop: (c: Rolldown.OutputChunk) => boolean,
      seen = new Set<Rolldown.OutputChunk>(),
    ) => {
      if (seen.has(from)) return seen;
      seen.add(from);
      for (const f of [...from.imports, ...(lazy ? from.dynamicImports : [])]) {
        const next = byFile.get(f);
        if (next && !stop(next)) reach(next, lazy, stop, seen);
      }
      return seen;
    };
    const entry = chunks.find((c) => c.isEntry);
    const signedInTable = chunks.find(isSignedInTable);
    const staffTable = chunks.find(isStaffTable);
    if (!entry || !signedInTable || !staffTable) throw new Error("the first pass lost the entry or a route table");
    const modules = (set: Set<Rolldown.OutputChunk>) => new Set([...set].flatMap((c) => c.moduleIds));
    const shell = modules(reach(entry, false, isSignedInTable));
    const publicIds = modules(reach(entry, true, isSignedInTable));
    const outsideStaff = modules(reach(signedInTable, true, isStaffTable));
    const staff = modules(reach(staffTable, true, () => false));
    const all = chunks.flatMap((c) => c.moduleIds);
    const eager = new Set<string>();
    for (const table of [signedInTable, staffTable])
      for (const f of [table.fileName, ...table.dynamicImports]) {
        const screen = byFile.get(f);
        if (screen) for (const id of modules(reach(screen, false, () => false))) eager.add(id);
      }
    // zod, or our module re-exporting it (packages/shared/src/zod.ts).
    const isZod = (id: string) => /[\\/]node_modules[\\/]zod[\\/]|[\\/]shared[\\/]src[\\/]zod\.ts$/.test(id);
    const ours = (id: string) => !/[\\/]node_modules[\\/]/.test(id);
    const schemas = new Set(
      [...staticImports].filter(([id, deps]) => isZod(id) || (ours(id) && deps.some(isZod))).map(([id]) => id),
    );
    const staffOnlyIds = new Set([...staff].filter((id) => !publicIds.has(id) && !outsideStaff.has(id)));
    const importers = new Map<string, string[]>();
    for (const [id, deps] of staticImports)
      if (ours(id)) for (const dep of deps) importers.set(dep, [...(importers.get(dep) ?? []), id]);
    const needsSchemas = new Set<string>();
    const climb = (id: string) => {
      for (const importer of importers.get(id) ?? [])
        if (!schemas.has(importer) && !needsSchemas.has(importer)) {
          needsSchemas.add(importer);
          climb(importer);
        }
    };
    for (const id of schemas) climb(id);
    // A staff-only module a schema imports and that itself needs the schemas (an import cycle through them)
    // goes with them. A Set visits what is added while iterating: the dependencies' dependencies too.
    for (const id of schemas)
      for (const dep of staticImports.get(id) ?? [])
        if (staffOnlyIds.has(dep) && needsSchemas.delete(dep)) schemas.add(dep);
    return {
      eager,
      schemas,
      needsSchemas,
      shell,
      publicLazy: new Set([...publicIds].filter((id) => !shell.has(id))),
      signedIn: new Set(all.filter((id) => !publicIds.has(id) && outsideStaff.has(id))),
      staffOnly: staffOnlyIds,
      lazyTargets: new Set(chunks.filter((c) => c.isDynamicEntry && c.facadeModuleId).map((c) => c.facadeModuleId!)),
    };
  } finally {
    delete process.env.CHUNK_USAGE_PASS;
  }
}

/**
 * Rolldown's default chunking gives the signed-in screens 70–115 files, most under 1.5 KB gzip (a Mantine
 * component or an icon used by some set of screens), each a round trip on a 3G phone (decision 063). These
 * groups merge them: what only signed-in screens use into one vendor chunk and one chunk of our shared
 * code, what only the staff area uses into one more of each (a student's screen never loads them,
 * decision 091), and what the public lazy pages share with them into one more of each. The public entry and what it
 * imports are left out of every group, so / and /cursos load exactly what they did.
 */
function chunkGroups(usage: ModuleUsage | undefined): Rolldown.CodeSplittingGroup[] {
  const router = { name: "router", test: /node_modules[\\/]react-router[\\/]/ };
  if (!usage) return [router];
  const grouped = (id: string, set: Set<string>) => set.has(id) && !usage.lazyTargets.has(id);
  const signedIn = (id: string) => grouped(id, usage.signedIn) && usage.eager.has(id);
  const staffOnly = (id: string) => grouped(id, usage.staffOnly) && usage.eager.has(id);
  const vendor = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  return [
    router,
    // The form schemas and zod (~60 KB gzip) in a chunk of their own: a screen whose forms import their
    // schemas when first used (lib/lazy-schema.ts) does not evaluate them at start-up (decision 100).
    {
      name: "schemas",
      priority: 7,
      test: (id) => (signedIn(id) || staffOnly(id)) && usage.schemas.has(id),
    },
    { name: "signed-in-vendor", priority: 6, test: (id) => signedIn(id) && vendor(id) },
    { name: "staff-vendor", priority: 5, test: (id) => staffOnly(id) && vendor(id) },
    { name: "lazy-vendor", priority: 4, test: (id) => grouped(id, usage.publicLazy) && vendor(id) },
    { name: "signed-in-common", priority: 3, minShareCount: 2, test: (id) => signedIn(id) && !vendor(id) },
    {
      name: "staff-common",
      priority: 2,
      minShareCount: 2,
      test: (id) => staffOnly(id) && !vendor(id) && !usage.needsSchemas.has(id),
    },
    // What staff screens share and that needs the schemas: loaded with them, by the screens that use it.
    {
      name: "staff-forms",
      priority: 2,
      minShareCount: 2,
      test: (id) => staffOnly(id) && !vendor(id) && usage.needsSchemas.has(id),
    },
    { name: "lazy-common", priority: 1, test: (id) => grouped(id, usage.publicLazy) && !vendor(id) },
  ];
}

export default defineConfig(async ({ command, isSsrBuild }) => ({
  plugins: [react(), precompress()],
  server: {
    proxy: { "/api": { target: "http://localhost:3000" } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    chunkSizeWarningLimit: 800,
    // Every browser the institute's visitors use reads <link rel="modulepreload"> (Safari since 17); one
    // that does not still runs the page, fetching the chunks as they are imported. ~0.3 KB gzip of the
    // public first load (decision 096).
    modulePreload: { polyfill: false },
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
        codeSplitting: await (async () => {
          if (command !== "build" || isSsrBuild || process.env.CHUNK_USAGE_PASS)
            return { groups: chunkGroups(undefined) };
          // A captured module brings no dependency along: those of the shell stay where the public pages load them.
          return { includeDependenciesRecursively: false, groups: chunkGroups(await moduleUsage()) };
        })(),
      },
    },
  },
}));
