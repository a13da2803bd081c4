// Writes dist/prerendered/{index,cursos}.html: the built index.html with the page already rendered
// inside #root (plus .br/.gz). The server sends them for exactly / and /cursos; every other path
// keeps the plain index.html. On the phone, React then renders the same page over it.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, gzipSync } from "node:zlib";

const here = import.meta.dirname;
const { render } = await import(pathToFileURL(path.join(here, "dist-ssr/prerender.js")).href);
const shell = readFileSync(path.join(here, "dist/index.html"), "utf8");
const out = path.join(here, "dist/prerendered");
mkdirSync(out, { recursive: true });
for (const [route, file] of [
  ["/", "index.html"],
  ["/cursos", "cursos.html"],
]) {
  // Both pages show courses: start the catalogue request with the HTML, not after the script runs.
  const preload = '<link rel="preload" href="/api/courses/catalog" as="fetch" crossorigin="anonymous" />';
  const html = shell
    .replace("</head>", `    ${preload}\n  </head>`)
    .replace('<div id="root"></div>', `<div id="root">${await render(route)}</div>`);
  if (html === shell) throw new Error("no #root in dist/index.html");
  writeFileSync(path.join(out, file), html);
  writeFileSync(path.join(out, `${file}.br`), brotliCompressSync(html));
  writeFileSync(path.join(out, `${file}.gz`), gzipSync(html, { level: 9 }));
}
rmSync(path.join(here, "dist-ssr"), { recursive: true, force: true });
console.log("prerendered: / and /cursos");
