// Writes dist/prerendered/*.html (plus .br/.gz): the HTML the server sends for each public page instead of
// the plain index.html (apps/server/src/http/static.ts and course-pages.ts).
// - /, /cursos and a course's page are templates the server renders the page into per request, with its
//   data (decisions 093, 096): a phone paints it from HTML and CSS alone, and the app starts once it has
//   been painted (APP_START_SCRIPT), then adopts it (hydration). Here each is rendered once without data,
//   as a check that it needs no lazy chunk to be drawn.
// - /verificar and /inscricao are lazy chunks: their HTML names the chunk (modulepreload), so the phone
//   fetches it with the entry instead of after the entry has run (one 3G round trip less).
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

const here = import.meta.dirname;
const { renderCatalogPage, APP_SCRIPTS_ID, APP_START_SCRIPT } = await import(
  pathToFileURL(path.join(here, "dist-ssr/prerender.js")).href
);
const shell = readFileSync(path.join(here, "dist/index.html"), "utf8");
// Which file each source module became, and what it imports (build.manifest in vite.config.ts).
const manifest = JSON.parse(readFileSync(path.join(here, "dist/.vite/manifest.json"), "utf8"));
const out = path.join(here, "dist/prerendered");
mkdirSync(out, { recursive: true });

const PAGES = [
  { route: "/", file: "index.html", startAfterPaint: true },
  { route: "/cursos", file: "cursos.html", startAfterPaint: true },
  { file: "curso.html", startAfterPaint: true },
  { file: "verificar.html", chunk: "src/features/certificates/pages/verify-page.tsx" },
  { file: "inscricao.html", chunk: "src/features/enrollments/pages/enrollment-entry-page.tsx" },
];

/** A lazy page's chunk and everything it imports that index.html does not name (their addresses). */
function chunkFiles(source) {
  if (!manifest[source]) throw new Error(`${source} is not a chunk of the build (was the page moved?)`);
  const files = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(source);
  return [...files].filter((file) => !shell.includes(`/${file}"`)).map((file) => `/${file}`);
}

/** modulepreload links for a lazy page's chunk and its imports. */
const chunkLinks = (source) =>
  chunkFiles(source).map((file) => `<link rel="modulepreload" crossorigin href="${file}">`);

/** The page drawn without data must need no lazy chunk: the server renders it synchronously. */
function checkRenders(route) {
  const page = renderCatalogPage(route);
  // React marks a Suspense boundary it could not fill (a lazy page) with <!--$!--> or <!--$?-->.
  if (/<!--\$[!?]-->/.test(page))
    throw new Error(`${route} waits for a lazy chunk; it cannot be rendered on the server`);
}

/** The entry's stylesheet in a <style> element: the first paint then needs the HTML alone (no round trip). */
function inlineStyles(html) {
  return html.replace(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/, (_, file) => {
    const css = readFileSync(path.join(here, "dist", file), "utf8");
    return `<style>${css}</style>`;
  });
}

/** The scripts at low priority, behind the HTML and the page's own requests. */
const lowPriority = (html) =>
  html
    .replace(/<script type="module" crossorigin/, '<script type="module" fetchpriority="low" crossorigin')
    .replaceAll('<link rel="modulepreload" crossorigin', '<link rel="modulepreload" fetchpriority="low" crossorigin');

/**
 * The entry and its preloads taken out of the <head>, listed for APP_START_SCRIPT at the end of the body
 * with `chunks` (the page's own): the phone requests them all at once, after the page is painted.
 */
function startAfterPaint(html, chunks) {
  let entry;
  const preload = [];
  const rest = html
    .replace(/\s*<script type="module" crossorigin src="([^"]+)"><\/script>/, (_, src) => {
      entry = src;
      return "";
    })
    .replaceAll(/\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_, href) => {
      preload.push(href);
      return "";
    });
  if (!entry) throw new Error("index.html has no module script to start after the paint");
  const list = JSON.stringify({ entry, preload: [...preload, ...chunks] });
  const scripts = `<script type="application/json" id="${APP_SCRIPTS_ID}">${list}</script><script>${APP_START_SCRIPT}</script>`;
  return rest.replace("\n  </body>", `\n    ${scripts}\n  </body>`);
}

for (const { route, file, chunk, startAfterPaint: afterPaint } of PAGES) {
  if (route) checkRenders(route);
  let html = inlineStyles(shell);
  if (afterPaint) html = startAfterPaint(html, chunk ? chunkFiles(chunk) : []);
  else {
    const links = chunk ? chunkLinks(chunk) : [];
    html = lowPriority(html).replace("\n  </head>", `\n${links.map((l) => `    ${l}\n`).join("")}  </head>`);
  }
  if (html === shell || !html.includes("</style>") || !html.includes('<div id="root"></div>'))
    throw new Error(`${file}: index.html has no </head>, stylesheet or #root to fill`);
  writeFileSync(path.join(out, file), html);
  writeFileSync(path.join(out, `${file}.br`), brotliCompressSync(html));
  writeFileSync(path.join(out, `${file}.gz`), gzipSync(html, { level: 9 }));
}
// index.html is what the server sends for every other address: the sign-in pages, the 404 page, and any
// signed-in address without a screen HTML of its own (below; apps/server/src/http/static.ts). It names the
// signed-in route table, both areas' layouts and guard and what they import (the signed-in chunk groups of
// vite.config.ts), and starts the session request the guards wait for: a 3G phone fetches them with the
// entry, not one round trip after another once each has run (decision 063).
const ROUTE_CHUNKS = ["src/app/signed-in-routes.tsx", "src/app/layouts/toast-layout.tsx"];
const STUDENT_CHUNKS = [...ROUTE_CHUNKS, "src/app/layouts/student-layout.tsx"];
const STAFF_CHUNKS = [
  ...ROUTE_CHUNKS,
  "src/app/staff-routes.tsx",
  "src/app/layouts/admin-layout.tsx",
  "src/app/guards/role-route.tsx",
];
/** The stylesheets of those chunks and their imports (Vite's loader adds them when the chunk is imported). */
function chunkStyles(source, seen = new Set()) {
  if (seen.has(source)) return [];
  seen.add(source);
  const chunk = manifest[source];
  return [...(chunk.css ?? []), ...(chunk.imports ?? []).flatMap((dep) => chunkStyles(dep, seen))];
}
// The screen's frame (src/prerender-screens.tsx, decision 095): its layout and page drawn before the data, so
// the phone paints the screen's text from the HTML; lib/screen-frame.ts takes it away when the screen is
// ready. An error message React shows meanwhile (the page's code could not be downloaded) hides it.
const {
  renderScreenFrame,
  SCREEN_FRAME_ID: FRAME_ID,
  SCREEN_FRAME_OPENING,
} = await import(pathToFileURL(path.join(here, "dist-ssr-screens/prerender-screens.js")).href);
// While it stands in, a thin bar moving along the top (and the pointer) says the screen is still coming: on
// 3G the app may take a few seconds, and the frame answers no tap meanwhile.
const FRAME_STYLE = [
  "<style>",
  `#${FRAME_ID}:has(~ #root [role="alert"]){display:none}`,
  `#${FRAME_ID}{cursor:progress}`,
  `#${FRAME_ID}::before{content:"";position:fixed;z-index:1000;top:0;left:0;right:0;height:3px;background:#1864ab;transform-origin:0 50%;animation:screen-frame-wait 1.6s ease-in-out infinite}`,
  "@keyframes screen-frame-wait{from{transform:scaleX(0)}to{transform:scaleX(1);opacity:.2}}",
  `@media (prefers-reduced-motion:reduce){#${FRAME_ID}::before{animation:none;transform:scaleX(.5)}}`,
  "</style>",
].join("");
/**
 * A stylesheet in the HTML, with a link of the same address whose type no browser reads: Vite's loader,
 * importing a chunk that needs it, finds the link and adds no other, and the browser neither fetches nor
 * waits for it (a `disabled` link is still fetched, at the highest priority, and held the paint back).
 */
const inlinedMark = (file) => `<link rel="stylesheet" type="text/x-inlined" href="/${file}">`;
const inlineChunkStyle = (file) =>
  `<style>${readFileSync(path.join(here, "dist", file), "utf8")}</style>${inlinedMark(file)}`;
const fetchPreload = (url) => `<link rel="preload" href="${url}" as="fetch" crossorigin="anonymous" />`;
/**
 * index.html naming `sources` (their chunks, imports and stylesheets) and requesting the session and `data`.
 * Without a `frame` (an area's HTML), the chunks at low priority, behind the entry: at normal priority
 * Lighthouse counts them into the first paint (FCP 2.0 → 2.7 s on every signed-in screen, decision 091).
 * With one, the screen is painted from the HTML and the app starts after (below).
 */
function signedInHtml(sources, data = [], frame = "") {
  const styles = new Set(
    sources.flatMap((source) => chunkStyles(source)).filter((file) => !shell.includes(`/${file}"`)),
  );
  const dataLinks = ["/api/session", ...data].map(fetchPreload);
  if (!frame) {
    const links = [
      ...dataLinks,
      ...new Set(
        sources.flatMap((source) => chunkLinks(source)).map((l) => l.replace("<link", '<link fetchpriority="low"')),
      ),
      ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
    ];
    const html = shell.replace("\n  </head>", `\n${links.map((l) => `    ${l}\n`).join("")}  </head>`);
    if (html === shell) throw new Error("index.html has no </head> to fill");
    return html;
  }
  // With a frame, the page's styles are in the HTML (inlineStyles, inlineChunkStyle) and the app starts once
  // the frame is painted (APP_START_SCRIPT, as the public pages, decision 096): nothing holds the first
  // paint back, and the scripts, requested after it, neither slow the HTML on a 3G link nor count in the
  // largest paint (decision 102). A stylesheet still loading would hold the scripts and the paint alike.
  const entryStyle = shell.match(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/)?.[1];
  const links = [...dataLinks, ...[...styles].map(inlineChunkStyle), FRAME_STYLE];
  const chunks = [...new Set(sources.flatMap((source) => chunkFiles(source)))];
  const html = startAfterPaint(inlineStyles(shell).replace("</style>", `</style>${inlinedMark(entryStyle)}`), chunks)
    .replace("\n  </head>", `\n${links.map((l) => `    ${l}\n`).join("")}  </head>`)
    .replace('<div id="root">', `${SCREEN_FRAME_OPENING}${frame}</div><div id="root">`);
  if (!html.includes(FRAME_ID) || !html.includes(APP_SCRIPTS_ID))
    throw new Error("index.html has no </head>, #root or module script to fill");
  return html;
}
function writeHtml(file, html) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, html);
  writeFileSync(`${file}.br`, brotliCompressSync(html));
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
}
writeHtml(path.join(here, "dist/index.html"), signedInHtml([...STUDENT_CHUNKS, ...STAFF_CHUNKS]));

// Each signed-in screen below gets that HTML naming its own page and its area's chunks only: a student's
// screen never fetches the staff area's code, and the page's chunk and the data it reads first start
// with the entry instead of after the route tables have run (decision 091). Any other address under
// /aluno or /admin gets its area's. static.ts serves them as screens.json maps them.
const page = (name) => `src/features/${name}.tsx`;
// What every screen of the student area reads (its menu: the catalogue and whether a new application is open).
const STUDENT_DATA = ["/api/courses/catalog", "/api/me/enrollments/new-application"];
const STAFF_DATA = ["/api/admin/payment-references/summary"];
const FIRST_PAGE = "page=1&pageSize=20";
const SCREENS = [
  {
    path: "/aluno/pagamento",
    page: page("receipts/pages/student-payment-page"),
    data: ["/api/me/enrollments", "/api/me/payment-references", "/api/me/receipts"],
    drawnWithData: true,
  },
  { path: "/aluno/acesso", page: page("student-accounts/pages/access-data-page"), data: ["/api/me/account"] },
  {
    path: "/aluno/certificados",
    page: page("certificates/pages/student-certificates-page"),
    data: ["/api/me/certificates"],
  },
  { path: "/aluno/nova-inscricao", page: page("enrollments/pages/new-application-page") },
  { path: "/admin", page: page("dashboard/pages/dashboard-page"), data: ["/api/admin/dashboard"], drawnWithData: true },
  {
    path: "/admin/enrollments",
    page: page("enrollments/pages/admin-enrollments-page"),
    data: [`/api/admin/enrollments?${FIRST_PAGE}`, "/api/admin/courses"],
  },
  {
    path: "/admin/payment-receipts",
    page: page("receipts/pages/admin-receipts-page"),
    data: [`/api/admin/receipts?${FIRST_PAGE}`],
  },
  {
    path: "/admin/financial",
    page: page("payments/pages/admin-financial-page"),
    data: [
      `/api/admin/payments/balances?${FIRST_PAGE}`,
      `/api/admin/payments?${FIRST_PAGE}`,
      `/api/admin/payment-references/unmatched?${FIRST_PAGE}&state=open`,
    ],
  },
  {
    path: "/admin/student-accounts",
    page: page("student-accounts/pages/admin-student-accounts-page"),
    data: [`/api/admin/student-accounts?${FIRST_PAGE}`],
  },
  { path: "/admin/courses", page: page("courses/pages/admin-courses-page") },
  { path: "/admin/classes", page: page("classes/pages/admin-classes-page") },
  { path: "/admin/teachers", page: page("teachers/pages/admin-teachers-page") },
  { path: "/admin/bank-statements", page: page("bank-statements/pages/bank-statements-page") },
  { path: "/admin/users", page: page("users/pages/admin-users-page") },
  { path: "/admin/roles", page: page("users/pages/admin-roles-page") },
  { path: "/admin/settings", page: page("settings/pages/admin-settings-page") },
  { path: "/admin/system-status", page: page("dashboard/pages/system-status-page") },
  { path: "/admin/teaching", page: page("teaching/pages/teaching-classes-page") },
  { path: "/admin/account", page: page("two-factor/pages/staff-account-page") },
];
const AREAS = [
  { prefix: "/aluno", file: "area-aluno.html", chunks: STUDENT_CHUNKS, data: STUDENT_DATA },
  { prefix: "/admin", file: "area-admin.html", chunks: STAFF_CHUNKS, data: STAFF_DATA },
];
const screens = {};
const drawnWithData = {};
for (const area of AREAS) {
  writeHtml(path.join(out, "screens", area.file), signedInHtml(area.chunks, area.data));
  screens[`${area.prefix}/*`] = `screens/${area.file}`;
  for (const screen of SCREENS.filter((s) => s.path === area.prefix || s.path.startsWith(`${area.prefix}/`))) {
    const file = `screens/${screen.path.slice(1).replaceAll("/", "-")}.html`;
    writeHtml(
      path.join(out, file),
      signedInHtml(
        [...area.chunks, screen.page],
        [...area.data, ...(screen.data ?? [])],
        renderScreenFrame(screen.path, screen.page),
      ),
    );
    screens[screen.path] = file;
    if (screen.drawnWithData) drawnWithData[screen.path] = { file, page: screen.page };
  }
}
// The exact paths first, then each area's "/*" (Hono tries routes in the order they are added).
const order = Object.keys(screens).sort((a, b) => Number(a.endsWith("/*")) - Number(b.endsWith("/*")));
writeFileSync(
  path.join(out, "screens.json"),
  `${JSON.stringify(Object.fromEntries(order.map((k) => [k, screens[k]])), null, 2)}\n`,
);

// The screens whose largest text is drawn from their data: the server draws them per request with the
// signed-in user's data (dist-ssr-screens/prerender-screens.js, which stays; decision 102).
writeFileSync(path.join(out, "screens-with-data.json"), `${JSON.stringify(drawnWithData, null, 2)}\n`);
// dist-ssr/prerender.js stays: the server renders each course's page with it (decision 093).
rmSync(path.join(here, "dist/.vite"), { recursive: true, force: true });
console.log(
  `public pages: ${PAGES.map((p) => p.file).join(", ")}; signed-in screens with an HTML of their own: ${SCREENS.length}`,
);
