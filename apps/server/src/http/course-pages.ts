import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { CATALOG_DATA_ID } from "@app/shared/catalog-data";
import { COURSE_PAGE_DATA_ID, coursePagePath } from "@app/shared/course-page";
import type { Context } from "hono";
import { coursePageHead, scriptJson } from "../modules/courses/course-page.head";
import { type CoursePage, findCoursePage } from "../modules/courses/course-page.service";
import { type Catalog, loadCatalog } from "../modules/courses/courses.service";
import { getInstituteSettings } from "../modules/settings/settings.service";
import type { AppEnv, AppHono } from "./env";

/** The web build's server renderer (apps/web/src/prerender.tsx, kept by prerender.mjs in dist-ssr/). */
interface Renderer {
  renderCoursePage(page: CoursePage, origin: string): string;
  renderCatalogPage(route: string, courses: Catalog["rows"] | undefined): string;
}

/** A page as sent: its HTML, gzip-compressed once, and its validator. */
interface RenderedPage {
  html: string;
  gzip: Uint8Array<ArrayBuffer>;
  etag: string;
}

/** Pages rendered lately, by their data: a page is rendered again only when something on it changed. */
const RENDERED_MAX = 200;

/** The pages with courses on them, rendered per request from the cached catalogue (decision 096). */
const CATALOG_PAGES = [
  { route: "/", file: "index.html" },
  { route: "/cursos", file: "cursos.html" },
] as const;

/**
 * The public pages that show courses, rendered per request with the web's own page components, so the
 * phone paints them from the HTML, courses included, and reads them with JavaScript off:
 * - `/cursos/{slug}` (decision 093): the course from the cached catalogue (fresh within 2 s of a staff
 *   edit, decision 048) and its classes read now, with the preview tags, the JSON-LD and the canonical
 *   address from BASE_URL. A former slug answers 301 to the current one; an inactive or unknown course
 *   answers 404 with the SPA (its 404 page).
 * - `/` and `/cursos` (decision 096): the cached catalogue, in the HTML and beside it for the app's first
 *   render. Without the database the page is rendered without courses (the app asks for them and says
 *   why it cannot show them), as it was when it was rendered at build time.
 * Without the server bundle (an API-only setup) each page is its template, and the app renders it.
 */
export function mountCoursePages(app: AppHono, webDist: string): void {
  const shell = readFileSync(path.join(webDist, "index.html"), "utf8");
  const template = (file: string) => {
    const full = path.join(webDist, "prerendered", file);
    return existsSync(full) ? readFileSync(full, "utf8") : undefined;
  };
  const courseTemplate = template("curso.html") ?? shell;
  const rendererFile = path.resolve(webDist, "..", "dist-ssr", "prerender.js");
  let renderer: Promise<Renderer | undefined> | undefined;
  const loadRenderer = () => {
    renderer ??= existsSync(rendererFile)
      ? (import(pathToFileURL(rendererFile).href) as Promise<Renderer>)
      : Promise.resolve(undefined);
    return renderer;
  };
  const rendered = new Map<string, RenderedPage>();
  /** The page kept for `key`, else built and kept (the oldest forgotten past RENDERED_MAX). */
  const cached = async (key: string, build: () => Promise<string>) => {
    let entry = rendered.get(key);
    if (!entry) {
      const html = await build();
      const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 32)}"`;
      entry = { html, gzip: new Uint8Array(gzipSync(html)), etag };
      if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
      rendered.set(key, entry);
    }
    return entry;
  };

  for (const { route, file } of CATALOG_PAGES) {
    const pageTemplate = template(file);
    if (!pageTemplate) continue;
    app.get(route, async (c) => {
      const catalog = await loadCatalog(c.get("deps").db).catch(() => undefined);
      const location = route === "/cursos" ? withArea(route, c.req.query("area"), catalog) : route;
      const entry = await cached(`${location} ${catalog?.etag ?? "without the database"}`, async () => {
        const render = await loadRenderer();
        const body = render ? render.renderCatalogPage(location, catalog?.rows) : "";
        const data = catalog
          ? `<script type="application/json" id="${CATALOG_DATA_ID}">${scriptJson(catalog.rows)}</script>`
          : "";
        return pageTemplate.replace('<div id="root"></div>', `${data}<div id="root">${body}</div>`);
      });
      return send(c, entry);
    });
  }

  app.get("/cursos/:slug", async (c) => {
    const { db, config } = c.get("deps");
    const slug = c.req.param("slug");
    const page = await findCoursePage(db, slug);
    if (!page) return notFound(c, shell);
    if (page.course.slug !== slug) {
      const query = new URL(c.req.url).search;
      return c.redirect(`${coursePagePath(page.course.slug)}${query}`, 301);
    }
    const { name: siteName } = await getInstituteSettings(db);
    const entry = await cached(JSON.stringify([page, config.baseUrl, siteName]), async () => {
      const render = await loadRenderer();
      const body = render ? render.renderCoursePage(page, config.baseUrl) : "";
      return courseTemplate
        .replace(/<title>[^<]*<\/title>/, "")
        .replace(/<meta name="description"[^>]*>\s*/, "")
        .replace("\n  </head>", `\n    ${coursePageHead(page, config.baseUrl, siteName)}\n  </head>`)
        .replace(
          '<div id="root"></div>',
          `<script type="application/json" id="${COURSE_PAGE_DATA_ID}">${scriptJson({ data: page, origin: config.baseUrl })}</script><div id="root">${body}</div>`,
        );
    });
    return send(c, entry);
  });
}

/**
 * `/cursos?area=…` when the catalogue has a course of that area: the area filters are links, so a tap
 * before the app runs (a phone on 3G) still shows that area, rendered here. Any other value renders the
 * whole catalogue, and the rendered pages kept stay as many as the areas.
 */
function withArea(route: string, area: string | undefined, catalog: Catalog | undefined): string {
  if (!area || !catalog?.rows.some((course) => course.area === area)) return route;
  return `${route}?${new URLSearchParams({ area })}`;
}

/** A rendered page, revalidated on every use (`no-cache` with its ETag: a staff edit shows at once). */
function send(c: Context<AppEnv>, entry: RenderedPage) {
  c.header("Cache-Control", "no-cache");
  c.header("ETag", entry.etag);
  c.header("Vary", "Accept-Encoding");
  // On the 304 too: the browser takes that answer's headers into the page it kept, and the security
  // headers give a document's policy only to an HTML answer (else 'default-src none': no style, no script).
  c.header("Content-Type", "text/html; charset=UTF-8");
  if (c.req.header("if-none-match") === entry.etag) return c.body(null, 304);
  if (/gzip/i.test(c.req.header("Accept-Encoding") ?? "")) {
    c.header("Content-Encoding", "gzip");
    return c.body(entry.gzip as never, 200);
  }
  return c.body(entry.html, 200);
}

/** A real 404 for crawlers; the SPA it carries shows the SPEC's 404 page to people. */
function notFound(c: Context<AppEnv>, shell: string) {
  c.header("Cache-Control", "no-cache");
  return c.html(shell, 404);
}
