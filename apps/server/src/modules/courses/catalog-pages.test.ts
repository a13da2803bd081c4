import { createHash } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { APP_START_SCRIPT } from "@app/shared/app-start";
import { CATALOG_DATA_ID } from "@app/shared/catalog-data";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";

/**
 * A built web app as the server finds it: the templates of / and /cursos and the server renderer
 * (dist-ssr/prerender.js). The real renderer is the web's page components (covered by the browser test
 * public-pages-rendered.spec.ts); this one writes the page's address and the names of the courses it got.
 */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "i37-lcp-catalog-pages-"));
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "prerendered"), { recursive: true });
  mkdirSync(path.join(root, "dist-ssr"));
  const shell = `<!doctype html>\n<html lang="pt-AO">\n  <head>\n    <title>Instituto</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>`;
  writeFileSync(path.join(dist, "index.html"), shell);
  for (const file of ["index.html", "cursos.html"]) writeFileSync(path.join(dist, "prerendered", file), shell);
  writeFileSync(
    path.join(root, "dist-ssr", "prerender.js"),
    [
      "export const renderCatalogPage = (route, courses) =>",
      "  '<h1>' + route + '</h1>' + (courses ? courses.map((c) => '<h3>' + c.name + '</h3>').join('') : '<p>skeleton</p>');",
    ].join("\n"),
  );
  return root;
}

describe("/ and /cursos, rendered per request from the cached catalogue (decision 096)", () => {
  let ctx: TestContext;
  let cookie: string;
  let webRoot: string;
  const course = {
    name: "Fotografia Digital",
    description: "Luz, enquadramento e edição.",
    area: "Design",
    modality: "presencial",
    durationMonths: 2,
    price: 60000,
    status: "active",
  };
  const admin = (method: string, p: string, payload?: unknown) =>
    ctx.app.request(p, jsonRequest(method, payload, cookie));
  const embedded = (html: string) =>
    JSON.parse(html.match(new RegExp(`<script type="application/json" id="${CATALOG_DATA_ID}">(.*?)</script>`))![1]!);

  beforeAll(async () => {
    webRoot = fakeWebBuild();
    ctx = await createTestContext({}, { webDist: path.join(webRoot, "dist") });
    ({ cookie } = await staffActor(ctx, "secretaria"));
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("sends /cursos with the active courses in its first HTML, and the catalogue beside it for the app", async () => {
    await admin("POST", "/api/admin/courses", course);
    await admin("POST", "/api/admin/courses", { ...course, name: "Curso Encerrado", status: "inactive" });
    const res = await ctx.app.request("/cursos");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-cache");
    const html = await res.text();
    expect(html).toContain('<div id="root"><h1>/cursos</h1><h3>Fotografia Digital</h3></div>');
    expect(html).not.toContain("Curso Encerrado");
    // The same list the API sends, so the app's first render is the HTML already on screen.
    expect(embedded(html)).toEqual(await body(await ctx.app.request("/api/courses/catalog")));
    expect((await (await ctx.app.request("/")).text()).includes("<h1>/</h1><h3>Fotografia Digital</h3>")).toBe(true);
  });

  it("renders /cursos?area= with that area for the app to filter by (a tap on a filter before the app runs)", async () => {
    const design = await ctx.app.request(`/cursos?area=${encodeURIComponent("Design")}`);
    expect(await design.text()).toContain("<h1>/cursos?area=Design</h1>");
    const accented = await ctx.app.request(`/cursos?area=${encodeURIComponent("Culinária")}`);
    // No active course of that area (nor any other value): the whole catalogue, one page kept for all.
    expect(await accented.text()).toContain("<h1>/cursos</h1>");
    expect(accented.headers.get("etag")).toBe((await ctx.app.request("/cursos")).headers.get("etag"));
  });

  it("shows a staff edit at once: the next /cursos has it, and the copy the browser kept is not reused", async () => {
    const before = await ctx.app.request("/cursos");
    const etag = before.headers.get("etag")!;
    const kept = await ctx.app.request("/cursos", { headers: { "if-none-match": etag } });
    expect(kept.status).toBe(304);
    // The browser applies the 304's headers to the page it kept: still the page's policy, not 'none'.
    expect(kept.headers.get("content-security-policy")).toBe(before.headers.get("content-security-policy"));

    const [created] = (await body(await ctx.app.request("/api/courses/catalog"))) as { id: string; name: string }[];
    await admin("PUT", `/api/admin/courses/${created!.id}`, { ...course, name: "Fotografia e Vídeo" });
    const after = await ctx.app.request("/cursos", { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    const html = await after.text();
    expect(html).toContain("<h3>Fotografia e Vídeo</h3>");
    expect(html).not.toContain("Fotografia Digital");

    await admin("PUT", `/api/admin/courses/${created!.id}`, {
      ...course,
      name: "Fotografia e Vídeo",
      status: "inactive",
    });
    expect(await (await ctx.app.request("/cursos")).text()).not.toContain("Fotografia e Vídeo");
  });

  it("starts the app from one inline script, which the page policy allows by its hash", async () => {
    const res = await ctx.app.request("/cursos");
    const csp = res.headers.get("content-security-policy")!;
    const scriptSrc = csp.split(";").find((d) => d.trim().startsWith("script-src"))!;
    const hash = scriptSrc.match(/'sha256-([^']+)'/)![1]!;
    expect(createHash("sha256").update(APP_START_SCRIPT).digest("base64")).toBe(hash);
    expect(scriptSrc).not.toContain("'unsafe-inline'");
  });
});
