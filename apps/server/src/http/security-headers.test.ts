import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../test/actors";
import { createTestContext, type TestContext } from "../../test/context";
import { storedFiles } from "../db/schema";
import { newStorageKey } from "../storage/file-check";

/** Every response: never framed, no MIME sniffing, referrers kept on the site. */
function expectProtected(res: Response, what: string) {
  expect(res.headers.get("content-security-policy") ?? "", what).toContain("frame-ancestors 'none'");
  expect(res.headers.get("x-content-type-options"), what).toBe("nosniff");
  expect(res.headers.get("referrer-policy"), what).toBe("same-origin");
}

/** Documents (pages, opened files): the whole page policy, scripts only from the site. */
function expectPagePolicy(res: Response, what: string) {
  expectProtected(res, what);
  const csp = res.headers.get("content-security-policy") ?? "";
  expect(csp, what).toContain("default-src 'self'");
  expect(csp, what).toContain("script-src 'self'");
  expect(csp, what).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp, what).toContain("img-src 'self' data: blob:");
  expect(res.headers.get("x-frame-options"), what).toBe("DENY");
}

/** Scripts, stylesheets and JSON: a short policy that allows nothing (CSPs apply to documents only). */
function expectShortPolicy(res: Response, what: string) {
  expectProtected(res, what);
  expect(res.headers.get("content-security-policy"), what).toBe("default-src 'none'; frame-ancestors 'none'");
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
    const cases: [string, typeof expectPagePolicy, string, RequestInit?][] = [
      ["API JSON", expectShortPolicy, "/api/health"],
      ["prerendered /", expectPagePolicy, "/"],
      ["prerendered /cursos", expectPagePolicy, "/cursos"],
      ["SPA index for a client route", expectPagePolicy, "/auth"],
      ["hashed asset", expectShortPolicy, "/assets/app-abc123.js"],
      ["stored file", expectPagePolicy, `/api/files/${fileId}`, { headers: { cookie: staffCookie } }],
      ["404 JSON", expectShortPolicy, "/api/nao-existe"],
      ["401 from a guard", expectShortPolicy, "/api/admin/users"],
      [
        "400 validation error",
        expectShortPolicy,
        "/api/auth/sign-in",
        jsonRequest("POST", { email: "x", password: "1" }),
      ],
      [
        "403 origin check",
        expectShortPolicy,
        "/api/auth/sign-in",
        { method: "POST", headers: { origin: "https://outro.site" } },
      ],
    ];
    for (const [what, expectHeaders, url, init] of cases) {
      const res = await ctx.app.request(url, init);
      expect(res.status, what).toBeLessThan(500);
      expectHeaders(res, what);
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
      const api = await https.app.request("https://portal.instituto.ao/api/health");
      expectShortPolicy(api, "https API");
      expect(api.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
      const page = await https.app.request("https://portal.instituto.ao/api/files/nao-existe");
      expect(page.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
      expect(page.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
    } finally {
      await https.close();
    }
    const plain = await ctx.app.request("/auth");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).not.toContain("upgrade-insecure-requests");
  });
});
