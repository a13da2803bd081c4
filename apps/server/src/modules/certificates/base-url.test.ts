import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, staffActor, studentActor } from "../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../test/context";
import { capturedLog } from "../../../test/log-lines";
import { teachingSetup } from "../../../test/teaching";
import { isLoopbackBaseUrl, warnAboutLoopbackBaseUrl } from "../../config";
import { issuingNotices } from "../teaching/teaching.service";
import { createStaffUser } from "../users/users.service";

/**
 * Issue 21: certificates, their QR codes and signed credentials carry BASE_URL for ever. While it is a
 * loopback address the start-up log says so, the super_admin's dashboard reads it (GET /admin/base-url,
 * super_admin only), and the teaching screen's answer carries it so 'Concluir' warns (decision 049).
 */
describe("BASE_URL on a loopback address", () => {
  it("recognises loopback addresses, and only them", () => {
    for (const url of [
      "http://localhost:3000",
      "http://LOCALHOST",
      "http://portal.localhost:8080",
      "http://127.0.0.1:3000",
      "http://127.1.2.3",
      "http://[::1]:3000",
      "http://0.0.0.0:3000",
    ]) {
      expect(isLoopbackBaseUrl({ baseUrl: url }), url).toBe(true);
    }
    for (const url of [
      "https://portal.instituto.ao",
      "http://192.168.1.20:3000",
      "http://10.0.0.5",
      "https://localhost.instituto.ao",
      "http://128.0.0.1",
    ]) {
      expect(isLoopbackBaseUrl({ baseUrl: url }), url).toBe(false);
    }
  });

  it("logs one warning at start while BASE_URL is a loopback address, and none otherwise", () => {
    const { log, lines } = capturedLog("warn");
    warnAboutLoopbackBaseUrl({ baseUrl: "http://localhost:3000" }, log);
    warnAboutLoopbackBaseUrl({ baseUrl: "https://portal.instituto.ao" }, log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 40, baseUrl: "http://localhost:3000" });
    expect(lines[0]!.msg).toContain("BASE_URL");
    expect(lines[0]!.msg).toContain("certificate");
  });

  describe("on a server whose BASE_URL is http://localhost:3999", () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext();
    });
    afterAll(() => ctx.close());

    it("tells the super_admin (GET /admin/base-url) and nobody else", async () => {
      const get = (cookie?: string) => ctx.app.request("/api/admin/base-url", jsonRequest("GET", undefined, cookie));
      const boss = await staffActor(ctx, "super_admin");
      const res = await get(boss.cookie);
      expect(res.status).toBe(200);
      expect(await body(res)).toEqual({ baseUrl: "http://localhost:3999", loopback: true });
      for (const role of ["admin", "secretaria", "financeiro", "professor"] as const) {
        const refused = await get((await staffActor(ctx, role)).cookie);
        expect(refused.status, role).toBe(403);
      }
      expect((await get((await studentActor(ctx, "Aluno Curioso")).cookie)).status).toBe(403);
      expect((await get()).status).toBe(401);
    });

    it("puts the loopback address in the teaching screen's answer, so 'Concluir' warns before issuing", async () => {
      const setup = await teachingSetup(ctx);
      const detail = await body(
        await ctx.app.request(
          `/api/admin/teaching/classes/${setup.cls.id}/students`,
          jsonRequest("GET", undefined, setup.professor.cookie),
        ),
      );
      expect(detail.issuing).toEqual({ passMark: 10, loopbackBaseUrl: "http://localhost:3999" });
    });
  });

  describe("on a server with a public BASE_URL", () => {
    let ctx: TestContext;
    beforeAll(async () => {
      ctx = await createTestContext({ BASE_URL: "https://portal.instituto.ao" });
    });
    afterAll(() => ctx.close());

    it("says nothing: loopback false, no address for the teaching screen", async () => {
      const site = "https://portal.instituto.ao";
      await createStaffUser(ctx.db, { email: "boss@inst.ao", password: "segredo1", name: "Boss", role: "super_admin" });
      const signedIn = await ctx.app.request(`${site}/api/auth/sign-in`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: site },
        body: JSON.stringify({ email: "boss@inst.ao", password: "segredo1" }),
      });
      expect(signedIn.status).toBe(200);
      const res = await ctx.app.request(`${site}/api/admin/base-url`, { headers: { cookie: cookieOf(signedIn) } });
      expect(await body(res)).toEqual({ baseUrl: site, loopback: false });
      expect(await issuingNotices(ctx.db, ctx.config)).toEqual({ passMark: 10, loopbackBaseUrl: null });
    });
  });
});
