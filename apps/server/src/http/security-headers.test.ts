import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../test/actors";
import { createTestContext, type TestContext } from "../../test/context";
import { storedFiles } from "../db/schema";
import { newStorageKey } from "../storage/file-check";

function expectProtected(res: Response, what: string) {
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).toContain("frame-ancestors 'none'");
  expect(csp, what).toContain("img-src 'self' data: blob:");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("same-origin");
}

describe("security headers", () => {
  let ctx: TestContext;
  let webDist: string;
  let fileId: string;
  let staffCookie: string;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(os.tmpdir(), "web-dist-"));
    mkdirSync(path.join(webDist, "assets"));
    mkdirSync(path.join(webDist, "prerendered"));
    writeFileSync(path.join(webDist, "index.html"), "<!doctype html><title>SPA</title><div id=root></div>");
    writeFileSync(path.join(webDist, "prerendered", "index.html"), "<!doctype html><title>Início</title>");
    writeFileSync(path.join(webDist, "prerendered", "cursos.html"), "<!doctype html><title>Cursos</title>");
    writeFileSync(path.join(webDist, "assets", "app-abc123.js"), "console.log('app')");
    ctx = await createTestContext({}, { webDist });
    const staff = await staffActor(ctx, "admin");
    staffCookie = staff.cookie;
    const key = newStorageKey("id_card_front", "pdf");
    const pdf = Buffer.from("%PDF-1.4\n%%EOF\n");
    await ctx.deps.storage.put(key, pdf, "application/pdf");
    const [file] = await ctx.db
      .insert(storedFiles)
      .values({
        ownerUserId: staff.userId,
        kind: "id_card_front",
        contentType: "application/pdf",
        size: pdf.byteLength,
        storageKey: key,
      })
      .returning();
    fileId = file!.id;
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it("protects every kind of response: API JSON, pages, assets, stored files and errors", async () => {
    const cases: [string, string, RequestInit?][] = [
      ["API JSON", "/api/health"],
      ["prerendered /", "/"],
      ["prerendered /cursos", "/cursos"],
      ["SPA index for a client route", "/auth"],
      ["hashed asset", "/assets/app-abc123.js"],
      ["stored file", `/api/files/${fileId}`, { headers: { cookie: staffCookie } }],
      ["404 JSON", "/api/nao-existe"],
      ["401 from a guard", "/api/users"],
      ["400 validation error", "/api/auth/sign-in", jsonRequest("POST", { email: "x", password: "1" })],
      ["403 origin check", "/api/auth/sign-in", { method: "POST", headers: { origin: "https://outro.site" } }],
    ];
    for (const [what, url, init] of cases) {
      const res = await ctx.app.request(url, init);
      expect(res.status, what).toBeLessThan(500);
      expectProtected(res, what);
      expect(res.headers.get("strict-transport-security"), what).toBeNull(); // http BASE_URL
    }
  });

  it("still serves a stored PDF inline with its own type, so the browser's viewer opens it", async () => {
    const res = await ctx.app.request(`/api/files/${fileId}`, { headers: { cookie: staffCookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline/);
  });

  it("sends HSTS (and upgrades insecure requests) only when BASE_URL is https", async () => {
    const https = await createTestContext({ BASE_URL: "https://portal.instituto.ao" });
    try {
      const res = await https.app.request("https://portal.instituto.ao/api/health");
      expectProtected(res, "https API");
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
      expect(res.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
    const plain = await ctx.app.request("/api/health");
    expect(plain.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});
