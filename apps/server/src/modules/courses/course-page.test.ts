import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { classRow } from "../../../test/fixtures";
import { classes } from "../../db/schema";
import { OG_IMAGE } from "./course-page.head";

/** Canonical addresses, og:url and the sitemap are written from BASE_URL. */
const BASE_URL = TEST_BASE_URL;

/**
 * A built web app as the server finds it: index.html, the course page's template and the server renderer
 * (dist-ssr/prerender.js). The real renderer is the web's page component (covered by the browser test
 * course-page.spec.ts); this one writes the name and the classes it was given.
 */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "i37-course-page-"));
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "prerendered"), { recursive: true });
  mkdirSync(path.join(root, "dist-ssr"));
  const shell = (extra = "") =>
    `<!doctype html>\n<html lang="pt-AO">\n  <head>\n    <meta name="description" content="Cursos" />\n    <title>Instituto</title>${extra}\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>`;
  writeFileSync(path.join(dist, "index.html"), shell());
  writeFileSync(path.join(dist, "prerendered", "curso.html"), shell("<style>body{}</style>"));
  writeFileSync(
    path.join(root, "dist-ssr", "prerender.js"),
    [
      "export const renderCoursePage = (p, origin) =>",
      "  '<h1>' + p.course.name + '</h1><p>' + origin + '</p>' +",
      "  p.classes.map((c) => '<p>' + c.name + ': ' + c.seats + '</p>').join('');",
    ].join("\n"),
  );
  return root;
}

describe("a course's public page, as a crawler fetches it", () => {
  let ctx: TestContext;
  let cookie: string;
  let webRoot: string;
  const course = {
    name: "Programação Web & Design Gráfico",
    description: "HTML, CSS e <JavaScript> do zero.",
    area: "Tecnologia",
    modality: "hibrido",
    durationMonths: 3,
    price: 85000,
    status: "active",
  };
  const admin = (method: string, p: string, payload?: unknown) =>
    ctx.app.request(p, jsonRequest(method, payload, cookie));
  const page = (p: string) => ctx.app.request(p, { headers: { "user-agent": "facebookexternalhit/1.1" } });
  const metaContent = (html: string, key: string) =>
    html.match(new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)"`))?.[1];
  const jsonLd = (html: string) => JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]!);

  beforeAll(async () => {
    webRoot = fakeWebBuild();
    ctx = await createTestContext({}, { webDist: path.join(webRoot, "dist") });
    ({ cookie } = await staffActor(ctx, "secretaria"));
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("gives each course a slug from its name (accents folded, numbered when taken)", async () => {
    const first = await body(await admin("POST", "/api/admin/courses", course));
    expect(first.slug).toBe("programacao-web-design-grafico");
    const second = await body(
      await admin("POST", "/api/admin/courses", { ...course, name: "Programação Web — Design Gráfico" }),
    );
    expect(second.slug).toBe("programacao-web-design-grafico-2");
    const catalogue = await body(await ctx.app.request("/api/courses/catalog"));
    expect(catalogue.map((c: { slug: string }) => c.slug).sort()).toEqual([first.slug, second.slug].sort());
  });

  it("renders the page with its Open Graph and Twitter tags, canonical address and Course JSON-LD", async () => {
    const created = await body(await admin("POST", "/api/admin/courses", { ...course, name: "Excel Avançado" }));
    const today = todayInLuanda();
    await ctx.db.insert(classes).values([
      classRow(created.id, {
        name: "Excel — Turma Manhã",
        enrollmentStartDate: addDays(today, -5),
        enrollmentEndDate: addDays(today, 10),
        startDate: addDays(today, 15),
        endDate: addDays(today, 75),
        maxStudents: 10,
        currentStudents: 8,
        location: "Sala 2, Luanda",
      }),
      classRow(created.id, {
        name: "Excel — Turma Sábado",
        classType: "online",
        enrollmentStartDate: addDays(today, -5),
        enrollmentEndDate: addDays(today, 10),
        startDate: addDays(today, 15),
        endDate: addDays(today, 75),
        maxStudents: 10,
        currentStudents: 10,
      }),
      classRow(created.id, {
        name: "Excel — Turma Noite",
        enrollmentStartDate: addDays(today, -5),
        enrollmentEndDate: addDays(today, 10),
        startDate: addDays(today, 16),
        endDate: addDays(today, 76),
        maxStudents: 10,
        currentStudents: 2,
      }),
      // Enrolment closed: not on the page.
      classRow(created.id, { name: "Excel — Turma Antiga" }),
    ]);

    const res = await page("/cursos/excel-avancado");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain("<h1>Excel Avançado</h1>");
    expect(html).toContain(`<p>${BASE_URL}</p>`);
    expect(html).toContain("Excel — Turma Manhã: Últimas vagas");
    expect(html).toContain("Excel — Turma Sábado: Esgotado");
    expect(html).toContain("Excel — Turma Noite: Vagas disponíveis");
    expect(html).not.toContain("Turma Antiga");
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain("<title>Excel Avançado — Instituto");

    const url = `${BASE_URL}/cursos/excel-avancado`;
    expect(html).toContain(`<link rel="canonical" href="${url}" />`);
    expect(metaContent(html, "og:title")).toBe("Excel Avançado");
    expect(metaContent(html, "og:url")).toBe(url);
    expect(metaContent(html, "og:type")).toBe("website");
    expect(metaContent(html, "og:description")).toMatch(
      /^85\s000,00\sKz · 3 meses · Híbrido\. HTML, CSS e &lt;JavaScript&gt;/,
    );
    expect(metaContent(html, "og:image")).toBe(`${BASE_URL}/og-image.png`);
    expect(Number(metaContent(html, "og:image:width"))).toBeGreaterThanOrEqual(600);
    expect(metaContent(html, "twitter:card")).toBe("summary_large_image");
    expect(metaContent(html, "twitter:title")).toBe("Excel Avançado");
    expect(metaContent(html, "twitter:description")).toBe(metaContent(html, "og:description"));
    expect(metaContent(html, "twitter:image")).toBe(`${BASE_URL}/og-image.png`);
    // No text of a course can end the script element it is in.
    expect(html).not.toContain("<JavaScript>");

    const ld = jsonLd(html);
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "Course",
      name: "Excel Avançado",
      url,
      provider: { "@type": "Organization", url: `${BASE_URL}/` },
      offers: { "@type": "Offer", price: "85000.00", priceCurrency: "AOA", category: "Paid" },
    });
    expect(ld.description).toContain("<JavaScript>");
    expect(ld.hasCourseInstance).toHaveLength(3);
    for (const instance of ld.hasCourseInstance) {
      expect(instance["@type"]).toBe("CourseInstance");
      expect(["onsite", "online", "blended"]).toContain(instance.courseMode);
      expect(instance.startDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(instance.offers).toMatchObject({ priceCurrency: "AOA", price: "85000.00" });
    }
    const saturday = ld.hasCourseInstance.find((i: { name: string }) => i.name === "Excel — Turma Sábado");
    expect(saturday).toMatchObject({ courseMode: "online", offers: { availability: "https://schema.org/SoldOut" } });

    // The same page as data, for the web app arriving from the catalogue.
    const data = await body(await ctx.app.request("/api/courses/page/excel-avancado"));
    expect(data.classes.map((c: { seats: string }) => c.seats)).toEqual([
      "Últimas vagas",
      "Esgotado",
      "Vagas disponíveis",
    ]);
  });

  it("shows a staff edit at once, moves the page when the name changes (301 from the old slug) and answers 404 when inactive", async () => {
    const created = await body(await admin("POST", "/api/admin/courses", { ...course, name: "Inglês Básico" }));
    expect(await (await page("/cursos/ingles-basico")).text()).toMatch(/85\s000,00/);

    await admin("PUT", `/api/admin/courses/${created.id}`, { ...course, name: "Inglês Básico", price: 90000 });
    expect(metaContent(await (await page("/cursos/ingles-basico")).text(), "og:description")).toMatch(/^90\s000,00/);

    const renamed = await body(
      await admin("PUT", `/api/admin/courses/${created.id}`, { ...course, name: "Inglês para Iniciantes" }),
    );
    expect(renamed.slug).toBe("ingles-para-iniciantes");
    const moved = await page("/cursos/ingles-basico?origem=whatsapp");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/cursos/ingles-para-iniciantes?origem=whatsapp");
    expect((await page("/cursos/ingles-para-iniciantes")).status).toBe(200);
    // A new course may not take the old address: it still leads to the renamed one.
    expect((await body(await admin("POST", "/api/admin/courses", { ...course, name: "Inglês Básico" }))).slug).toBe(
      "ingles-basico-2",
    );
    // A capital or an accent changed keeps the address.
    const recased = await body(
      await admin("PUT", `/api/admin/courses/${created.id}`, { ...course, name: "INGLÊS para iniciantes" }),
    );
    expect(recased.slug).toBe("ingles-para-iniciantes");

    await admin("PUT", `/api/admin/courses/${created.id}`, {
      ...course,
      name: "Inglês para Iniciantes",
      status: "inactive",
    });
    for (const p of ["/cursos/ingles-para-iniciantes", "/cursos/ingles-basico", "/cursos/nao-existe"]) {
      const res = await page(p);
      expect(res.status).toBe(404);
      // The SPA, which shows the SPEC's 404 page to a person.
      expect(await res.text()).toContain('<div id="root"></div>');
    }
    expect((await ctx.app.request("/api/courses/page/ingles-para-iniciantes")).status).toBe(404);
  });

  it("names a preview image WhatsApp shows: a PNG of at least 600 px, under 300 KB", () => {
    const png = readFileSync(path.join(import.meta.dirname, "../../../../web/public/og-image.png"));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([OG_IMAGE.width, OG_IMAGE.height]);
    expect(OG_IMAGE.width).toBeGreaterThanOrEqual(600);
    expect(png.length).toBeLessThan(300 * 1024);
  });

  it("lists the public pages and every active course in sitemap.xml, and robots.txt closes the private areas", async () => {
    const res = await page("/sitemap.xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${BASE_URL}/`);
    expect(locs).toContain(`${BASE_URL}/cursos`);
    expect(locs).toContain(`${BASE_URL}/cursos/excel-avancado`);
    expect(locs).not.toContain(`${BASE_URL}/cursos/ingles-para-iniciantes`);
    expect(xml).toMatch(
      /<url><loc>http:\/\/localhost:3999\/cursos\/excel-avancado<\/loc><lastmod>\d{4}-\d{2}-\d{2}T[\d:.]+Z<\/lastmod><\/url>/,
    );

    const robots = await (await page("/robots.txt")).text();
    expect(robots).toContain("User-agent: *\nAllow: /\n");
    for (const closed of ["/admin", "/aluno", "/api"]) expect(robots).toContain(`Disallow: ${closed}\n`);
    expect(robots).toContain(`Sitemap: ${BASE_URL}/sitemap.xml`);
  });
});
