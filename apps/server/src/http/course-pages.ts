import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { COURSE_PAGE_DATA_ID, coursePagePath } from "@app/shared/course-page";
import type { Context } from "hono";
import { coursePageHead, scriptJson } from "../modules/courses/course-page.head";
import { type CoursePage, findCoursePage } from "../modules/courses/course-page.service";
import { getInstituteSettings } from "../modules/settings/settings.service";
import type { AppEnv, AppHono } from "./env";

/** The web build's server renderer (apps/web/src/prerender.tsx, kept by prerender.mjs in dist-ssr/). */
type RenderCoursePage = (page: CoursePage, origin: string) => string;

/** Pages rendered lately, by their data: a page is rendered again only when something on it changed. */
const RENDERED_MAX = 200;

/**
 * `/cursos/{slug}` rendered per request (decision 093): the course from the cached catalogue (fresh within
 * 2 s of a staff edit, decision 048) and its classes read now, rendered by the web's own page component
 * into the HTML, with the preview tags, the JSON-LD and the canonical address from BASE_URL. A former slug
 * answers 301 to the current one; an inactive or unknown course answers 404 with the SPA (its 404 page).
 */
export function mountCoursePages(app: AppHono, webDist: string): void {
  const shell = readFileSync(path.join(webDist, "index.html"), "utf8");
  const templateFile = path.join(webDist, "prerendered", "curso.html");
  const template = existsSync(templateFile) ? readFileSync(templateFile, "utf8") : shell;
  const rendererFile = path.resolve(webDist, "..", "dist-ssr", "prerender.js");
  let renderer: Promise<RenderCoursePage | undefined> | undefined;
  const loadRenderer = () => {
    renderer ??= existsSync(rendererFile)
      ? import(pathToFileURL(rendererFile).href).then((m: { renderCoursePage: RenderCoursePage }) => m.renderCoursePage)
      : Promise.resolve(undefined);
    return renderer;
  };
  const rendered = new Map<string, { html: string; gzip: Uint8Array<ArrayBuffer>; etag: string }>();

  const build = async (page: CoursePage, baseUrl: string, siteName: string) => {
    const render = await loadRenderer();
    const body = render ? render(page, baseUrl) : "";
    const html = template
      .replace(/<title>[^<]*<\/title>/, "")
      .replace(/<meta name="description"[^>]*>\s*/, "")
      .replace("\n  </head>", `\n    ${coursePageHead(page, baseUrl, siteName)}\n  </head>`)
      .replace(
        '<div id="root"></div>',
        `<script type="application/json" id="${COURSE_PAGE_DATA_ID}">${scriptJson({ data: page, origin: baseUrl })}</script><div id="root">${body}</div>`,
      );
    const etag = `W/"${createHash("sha256").update(html).digest("base64url").slice(0, 32)}"`;
    return { html, gzip: new Uint8Array(gzipSync(html)), etag };
  };

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
    const key = JSON.stringify([page, config.baseUrl, siteName]);
    let entry = rendered.get(key);
    if (!entry) {
      entry = await build(page, config.baseUrl, siteName);
      if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
      rendered.set(key, entry);
    }
    c.header("Cache-Control", "no-cache");
    c.header("ETag", entry.etag);
    c.header("Vary", "Accept-Encoding");
    if (c.req.header("if-none-match") === entry.etag) return c.body(null, 304);
    c.header("Content-Type", "text/html; charset=UTF-8");
    if (/gzip/i.test(c.req.header("Accept-Encoding") ?? "")) {
      c.header("Content-Encoding", "gzip");
      return c.body(entry.gzip as never, 200);
    }
    return c.body(entry.html, 200);
  });
}

/** A real 404 for crawlers; the SPA it carries shows the SPEC's 404 page to people. */
function notFound(c: Context<AppEnv>, shell: string) {
  c.header("Cache-Control", "no-cache");
  return c.html(shell, 404);
}
