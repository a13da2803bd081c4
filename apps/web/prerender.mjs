// Writes dist/prerendered/*.html (plus .br/.gz): the HTML the server sends for each public page instead of
// the plain index.html (apps/server/src/http/static.ts).
// - / and /cursos come with the shell: their page is rendered here into #root, so a phone paints it from
//   HTML and CSS alone; React then renders the same page over it.
// - /verificar and /inscricao are lazy chunks: their HTML names the chunk (modulepreload), so the phone
//   fetches it with the entry instead of after the entry has run (one 3G round trip less).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

const here = import.meta.dirname;
const { render } = await import(pathToFileURL(path.join(here, "dist-ssr/prerender.js")).href);
const shell = readFileSync(path.join(here, "dist/index.html"), "utf8");
// Which file each source module became, and what it imports (build.manifest in vite.config.ts).
const manifest = JSON.parse(readFileSync(path.join(here, "dist/.vite/manifest.json"), "utf8"));
const out = path.join(here, "dist/prerendered");
mkdirSync(out, { recursive: true });

// Both pages show courses: start the catalogue request with the HTML, not after the script runs.
const CATALOG_PRELOAD = '<link rel="preload" href="/api/courses/catalog" as="fetch" crossorigin="anonymous" />';
const PAGES = [
  { route: "/", file: "index.html", head: [CATALOG_PRELOAD] },
  { route: "/cursos", file: "cursos.html", head: [CATALOG_PRELOAD] },
  // A course's page (decision 093): the server fills the head and #root per request (its data, its tags).
  { file: "curso.html" },
  { file: "verificar.html", chunk: "src/features/certificates/pages/verify-page.tsx" },
  { file: "inscricao.html", chunk: "src/features/enrollments/pages/enrollment-entry-page.tsx" },
];

/** modulepreload links for a lazy page's chunk and everything it imports that index.html does not name. */
function chunkLinks(source) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build (was the page moved?)`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(source);
  return [...files]
    .filter((file) => !shell.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
}

function renderInto(route) {
  const page = render(route);
  // React marks a Suspense boundary it could not fill (a lazy page) with <!--$!--> or <!--$?-->.
  if (/<!--\$[!?]-->/.test(page)) throw new Error(`${route} waits for a lazy chunk; it cannot be prerendered`);
  return `<div id="root">${page}</div>`;
}

/** The entry's stylesheet in a <style> element: the first paint then needs the HTML alone (no round trip). */
function inlineStyles(html) {
  return html
    .replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/, (_, file) => {
      const css = readFileSync(path.join(here, "dist", file), "utf8");
      return `<style>${css}</style>`;
    })
    .replace(/<script type="module" crossorigin/, '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');
}

for (const { route, file, head = [], chunk } of PAGES) {
  const links = [...head, ...(chunk ? chunkLinks(chunk) : [])];
  let html = inlineStyles(shell).replace("\n  </head>", `\n${links.map((l) => `    ${l}\n`).join("")}  </head>`);
  if (route) html = html.replace('<div id="root"></div>', renderInto(route));
  if (html === shell || !html.includes("</style>"))
    throw new Error(`${file}: index.html has no </head> or #root to fill`);
  writeFileSync(path.join(out, file), html);
  writeFileSync(path.join(out, `${file}.br`), brotliCompressSync(html));
  writeFileSync(path.join(out, `${file}.gz`), gzipSync(html, { level: 9 }));
}
// index.html is what the server sends for every other address: the signed-in screens, their sign-in pages
// and the 404 page (apps/server/src/http/static.ts). It names the signed-in route table, both areas'
// layouts and guard and what they import (the signed-in chunk groups of vite.config.ts), and starts the
// session request the guards wait for: a 3G phone fetches them with the entry, not one round trip after
// another once each has run (decision 063).
const SIGNED_IN_CHUNKS = [
  "src/app/signed-in-routes.tsx",
  "src/app/layouts/toast-layout.tsx",
  "src/app/layouts/student-layout.tsx",
  "src/app/layouts/admin-layout.tsx",
  "src/app/guards/role-route.tsx",
];
const SESSION_PRELOAD = '<link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" />';
/** The stylesheets of those chunks and their imports (Vite's loader adds them when the chunk is imported). */
function chunkStyles(source, seen = new Set()) {
  if (seen.has(source)) return [];
  seen.add(source);
  const chunk = manifest[source];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((dep) => chunkStyles(dep, seen))];
}
const signedIn = [
  SESSION_PRELOAD,
  ...new Set(
    SIGNED_IN_CHUNKS.flatMap((source) => chunkLinks(source)).map((l) =>
      l.replace("<link", '<link fetchpriority="low"'),
    ),
  ),
  ...new Set(
    SIGNED_IN_CHUNKS.flatMap((source) => chunkStyles(source))
      .filter((file) => !shell.includes(`/${file}"`))
      .map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ),
];
const index = shell.replace("\n  </head>", `\n${signedIn.map((l) => `    ${l}\n`).join("")}  </head>`);
if (index === shell) throw new Error("index.html has no </head> to fill");
writeFileSync(path.join(here, "dist/index.html"), index);
writeFileSync(path.join(here, "dist/index.html.br"), brotliCompressSync(index));
writeFileSync(path.join(here, "dist/index.html.gz"), gzipSync(index, { level: 9 }));

// dist-ssr/prerender.js stays: the server renders each course's page with it (decision 093).
rmSync(path.join(here, "dist/.vite"), { recursive: true, force: true });
console.log(
  `public pages: ${PAGES.map((p) => p.file).join(", ")}; index.html names ${signedIn.length - 1} signed-in files`,
);
