import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentActor } from "../test/actors";
import { body, createTestContext, type TestContext } from "../test/context";

describe("HTTP app", () => {
  let ctx: TestContext;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "web-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>SPA</title><div id=root></div>");
    writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log('app')");
    mkdirSync(path.join(webDist, "prerendered"));
    writeFileSync(
      path.join(webDist, "prerendered", "cursos.html"),
      "<!doctype html><title>Cursos</title><h1>Cursos</h1>",
    );
    writeFileSync(path.join(webDist, "prerendered", "verificar.html"), "<!doctype html><title>Verificar</title>");
    mkdirSync(path.join(webDist, "prerendered", "screens"));
    writeFileSync(path.join(webDist, "prerendered", "screens", "aluno-pagamento.html"), "<title>Pagamento</title>");
    writeFileSync(path.join(webDist, "prerendered", "screens", "area-aluno.html"), "<title>Área do Aluno</title>");
    writeFileSync(
      path.join(webDist, "prerendered", "screens.json"),
      JSON.stringify({ "/aluno/pagamento": "screens/aluno-pagamento.html", "/aluno/*": "screens/area-aluno.html" }),
    );
    ctx = await createTestContext({}, { webDist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("answers unknown /api paths with a 404 JSON error in Portuguese", async () => {
    const res = await ctx.app.request("/api/nao-existe");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(await body(res)).toEqual({ error: { code: "not_found", message: "Recurso não encontrado" } });
  });

  it("answers unknown /api paths with 404 JSON for other methods too", async () => {
    const res = await ctx.app.request("/api/nao-existe", { method: "POST" });
    expect(res.status).toBe(404);
    expect((await body(res)).error.code).toBe("not_found");
  });

  it("serves index.html for unknown non-API paths so the client router can show them", async () => {
    // (/cursos/{slug} is a course's page: an unknown one answers 404 with the shell, course-page.test.ts.)
    for (const route of ["/", "/admin/users", "/uma/rota/qualquer"]) {
      const res = await ctx.app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain("<title>SPA</title>");
      expect(res.headers.get("cache-control")).toBe("no-cache");
    }
  });

  it("serves the page rendered at build time for /cursos, and the plain shell elsewhere", async () => {
    const cursos = await ctx.app.request("/cursos");
    expect(await cursos.text()).toContain("<h1>Cursos</h1>");
    expect(cursos.headers.get("cache-control")).toBe("no-cache");
    expect(await (await ctx.app.request("/cursos/outra")).text()).toContain("<title>SPA</title>");
    expect(await (await ctx.app.request("/")).text()).toContain("<title>SPA</title>"); // no prerendered home here
  });

  it("serves a signed-in screen's own HTML, its area's for any other path of the area (screens.json)", async () => {
    const { cookie } = await studentActor(ctx, "Aluna Com Sessão");
    const screen = await ctx.app.request("/aluno/pagamento", { headers: { cookie } });
    expect(await screen.text()).toContain("<title>Pagamento</title>");
    expect(screen.headers.get("cache-control")).toBe("no-cache");
    expect(await (await ctx.app.request("/aluno/outra", { headers: { cookie } })).text()).toContain(
      "<title>Área do Aluno</title>",
    );
    // Without a session, the area's HTML (no screen's frame, decision 102): the app sends them to sign in.
    const signedOut = await ctx.app.request("/aluno/pagamento", { headers: { cookie: "outro=1" } });
    expect(await signedOut.text()).toContain("<title>Área do Aluno</title>");
    expect(signedOut.headers.get("vary")).toContain("Cookie");
    expect(await (await ctx.app.request("/aluno/outra")).text()).toContain("<title>Área do Aluno</title>");
    expect(await (await ctx.app.request("/login-aluno")).text()).toContain("<title>SPA</title>");
  });

  it("serves /verificar's own HTML (it names the page's chunk) for the page and every number after it", async () => {
    for (const route of ["/verificar", "/verificar/ABCD-EFGH-JKMN"]) {
      const res = await ctx.app.request(route);
      expect(res.status, route).toBe(200);
      expect(await res.text(), route).toContain("<title>Verificar</title>");
      expect(res.headers.get("cache-control"), route).toBe("no-cache");
    }
    // A page whose own HTML the build did not write gets the plain shell.
    expect(await (await ctx.app.request("/inscricao")).text()).toContain("<title>SPA</title>");
    expect(await (await ctx.app.request("/verificarx")).text()).toContain("<title>SPA</title>");
  });

  it("serves hashed assets with a long cache", async () => {
    const res = await ctx.app.request("/assets/app-abc123.js");
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("console.log");
    expect(res.headers.get("cache-control")).toContain("immutable");
  });

  it("gives every response a request id", async () => {
    const res = await ctx.app.request("/api/health");
    expect(res.headers.get("x-request-id")).toMatch(/[0-9a-f-]{36}/);
  });

  it("publishes an OpenAPI 3.1 document of its routes", async () => {
    const res = await ctx.app.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await body(res);
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(["/api/health", "/api/session", "/api/courses/catalog"]),
    );
    expect(doc.paths["/api/health"].get.responses).toHaveProperty("503");
  });

  it("tells an anonymous visitor that nobody is signed in", async () => {
    const res = await ctx.app.request("/api/session");
    expect(await body(res)).toEqual({ user: null, staff: null, student: null });
  });
});
