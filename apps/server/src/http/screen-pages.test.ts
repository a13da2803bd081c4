import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor, studentActor } from "../../test/actors";
import { createTestContext, type TestContext } from "../../test/context";

const FRAME = '<div id="screen-frame" inert aria-hidden="true">';

/**
 * A built web app as the server finds it: two screens' HTML with their build-time frame, the list of the
 * screens drawn with data, and the screens' renderer (dist-ssr-screens/prerender-screens.js). The real
 * renderer draws the web's components (covered by the browser test signed-in-first-load.spec.ts); this one
 * asks what a screen asks, through the request it is given, and writes the answers into its drawing, so the
 * test sees whose data it was given. The page 'hangs' never answers; 'slow' takes 300 ms.
 */
function fakeWebBuild(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), "i102-screens-"));
  const dist = path.join(root, "dist");
  mkdirSync(path.join(dist, "prerendered", "screens"), { recursive: true });
  mkdirSync(path.join(root, "dist-ssr-screens"));
  writeFileSync(path.join(dist, "index.html"), '<!doctype html><html><body><div id="root"></div></body></html>');
  const screen = (data: string) =>
    [
      "<!doctype html>\n<html>\n  <head>",
      '    <link rel="preload" href="/api/session" as="fetch" crossorigin="anonymous" />',
      `    <link rel="preload" href="${data}" as="fetch" crossorigin="anonymous" />`,
      '    <link rel="preload" href="/api/courses/catalog" as="fetch" crossorigin="anonymous" />',
      `  </head>\n  <body>\n    ${FRAME}<h1>Como construído</h1></div><div id="root"></div>\n  </body>\n</html>`,
    ].join("\n");
  writeFileSync(path.join(dist, "prerendered", "screens", "aluno-pagamento.html"), screen("/api/me/enrollments"));
  writeFileSync(path.join(dist, "prerendered", "screens", "admin.html"), screen("/api/admin/dashboard"));
  writeFileSync(
    path.join(dist, "prerendered", "screens.json"),
    JSON.stringify({ "/aluno/pagamento": "screens/aluno-pagamento.html", "/admin": "screens/admin.html" }),
  );
  writeFileSync(
    path.join(dist, "prerendered", "screens-with-data.json"),
    JSON.stringify({
      "/aluno/pagamento": { file: "screens/aluno-pagamento.html", page: "payment" },
      "/admin": { file: "screens/admin.html", page: process.env.SCREEN_TEST_PAGE ?? "dashboard" },
    }),
  );
  writeFileSync(
    path.join(root, "dist-ssr-screens", "prerender-screens.js"),
    [
      "export async function renderScreenWithData(path, page, request) {",
      "  if (page === 'hangs') return new Promise(() => {});",
      "  if (page === 'slow') await new Promise((resolve) => setTimeout(resolve, 300));",
      "  const session = await (await request('/api/session')).json();",
      "  const who = session.student?.name ?? (session.staff ? session.user?.name : undefined);",
      "  if (!who) return undefined;",
      "  const url = path === '/admin' ? '/api/admin/dashboard' : '/api/me/enrollments';",
      "  const answer = await request(url);",
      "  if (!answer.ok) return undefined;",
      "  const data = await answer.json();",
      "  return { frame: '<h1>' + who + '</h1>', data: [[['session'], session], [[url], data]] };",
      "}",
    ].join("\n"),
  );
  return root;
}

describe("a signed-in screen drawn with its user's data (decision 102)", () => {
  let ctx: TestContext;
  let webRoot: string;
  const open = (p: string, cookie?: string, encoding = "identity") =>
    ctx.app.request(p, { headers: { "accept-encoding": encoding, ...(cookie ? { cookie } : {}) } });
  const screenData = (html: string) =>
    JSON.parse(html.match(/<script type="application\/json" id="screen-data">(.*?)<\/script>/s)?.[1] ?? "null");

  beforeAll(async () => {
    webRoot = fakeWebBuild();
    ctx = await createTestContext({}, { webDist: path.join(webRoot, "dist") });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it("draws /aluno/pagamento with the signed-in student's own data, kept by no cache", async () => {
    const ana = await studentActor(ctx, "Ana Desenhada");
    const rui = await studentActor(ctx, "Rui Desenhado");
    for (const [student, name, other] of [
      [ana, "Ana Desenhada", "Rui Desenhado"],
      [rui, "Rui Desenhado", "Ana Desenhada"],
    ] as const) {
      const res = await open("/aluno/pagamento", student.cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("private, no-store");
      const html = await res.text();
      expect(html).toContain(`${FRAME}<h1>${name}</h1></div>`);
      expect(html).not.toContain(other);
      expect(html).not.toContain("Como construído");
      const data = screenData(html);
      expect(data[0][0]).toEqual(["session"]);
      expect(data[0][1].student.name).toBe(name);
      expect(data[1]).toEqual([["/api/me/enrollments"], []]);
      // What came in the page is not asked again; what did not (the catalogue) still is.
      expect(html).not.toContain('href="/api/session"');
      expect(html).not.toContain('href="/api/me/enrollments"');
      expect(html).toContain('href="/api/courses/catalog"');
    }
  });

  it("sends it compressed to a browser that takes gzip", async () => {
    const { cookie } = await studentActor(ctx, "Comprimida Aluna");
    const res = await open("/aluno/pagamento", cookie, "gzip, br");
    expect(res.headers.get("content-encoding")).toBe("gzip");
    const html = gunzipSync(Buffer.from(await res.arrayBuffer())).toString("utf8");
    expect(html).toContain("<h1>Comprimida Aluna</h1>");
  });

  it("sends the screen as built without a session, to a student on a staff screen, and to staff allowed it", async () => {
    const signedOut = await (await open("/aluno/pagamento")).text();
    expect(signedOut).toContain("Como construído");
    expect(signedOut).not.toContain("screen-data");
    const expired = await (await open("/aluno/pagamento", "session=nobody")).text();
    expect(expired).toContain("Como construído");

    // The dashboard's data is not the student's to read: the API refuses it, so the screen goes as built.
    const { cookie: student } = await studentActor(ctx, "Curiosa Aluna");
    const onStaffScreen = await (await open("/admin", student)).text();
    expect(onStaffScreen).toContain("Como construído");
    expect(onStaffScreen).not.toContain("Curiosa Aluna");

    const { cookie: admin } = await staffActor(ctx, "secretaria", "Diretora Desenhada");
    const painel = await (await open("/admin", admin)).text();
    expect(painel).toContain("<h1>Diretora Desenhada</h1>");
    expect(screenData(painel)[1][0]).toEqual(["/api/admin/dashboard"]);
  });
});

for (const [title, dashboard] of [
  ["a screen whose drawing does not end", "hangs"],
  ["screens drawn in a crowd", "slow"],
] as const)
  describe(title, () => {
    let ctx: TestContext;
    let webRoot: string;

    beforeAll(async () => {
      process.env.SCREEN_TEST_PAGE = dashboard;
      webRoot = fakeWebBuild();
      delete process.env.SCREEN_TEST_PAGE;
      ctx = await createTestContext({}, { webDist: path.join(webRoot, "dist") });
    });
    afterAll(async () => {
      await ctx.close();
      rmSync(webRoot, { recursive: true, force: true });
    });

    // Without the bound the request would never be answered, and the test would time out.
    it.runIf(dashboard === "hangs")("is sent as built once its bound (1.5 s) has passed", async () => {
      const { cookie } = await staffActor(ctx, "admin");
      const res = await ctx.app.request("/admin", { headers: { cookie } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain("Como construído");
    });

    it.runIf(dashboard === "slow")("draws two at once; the others meanwhile get the screen as built", async () => {
      const { cookie } = await staffActor(ctx, "secretaria", "Multidão Staff");
      const pages = await Promise.all(
        [1, 2, 3, 4].map(async () => (await ctx.app.request("/admin", { headers: { cookie } })).text()),
      );
      expect(pages.filter((html) => html.includes("<h1>Multidão Staff</h1>"))).toHaveLength(2);
      expect(pages.filter((html) => html.includes("Como construído"))).toHaveLength(2);
      // The crowd gone, the next one is drawn again.
      expect(await (await ctx.app.request("/admin", { headers: { cookie } })).text()).toContain(
        "<h1>Multidão Staff</h1>",
      );
    });
  });
