import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { pdfQrCode } from "../../../test/pdf-text";
import { postResults, signedInEnrolledStudent, teachingSetup } from "../../../test/teaching";

/**
 * Issue 24: the issuer identity of the credentials is set once (the first certificate under a public
 * BASE_URL) and kept when BASE_URL changes; every credential our key signed still verifies (decision 065).
 */
describe("the credential issuer, kept when BASE_URL changes", () => {
  const A = "http://portal.instituto.ao";
  const B = "https://certificados.instituto.ao";
  let local: TestContext;
  let setup: Awaited<ReturnType<typeof teachingSetup>>;
  beforeAll(async () => {
    local = await createTestContext();
    setup = await teachingSetup(local, { courseName: "Informática na Óptica do Utilizador" });
  });
  afterAll(() => local.close());

  /** Another instance on the same database (the same installation restarted with another BASE_URL). */
  const instance = (baseUrl: string) => createTestContext({ DATABASE_URL: local.databaseUrl, BASE_URL: baseUrl });

  /** An instance's app as a browser on its own site calls it: full URLs, its Origin. */
  const onSite = (ctx: TestContext, site: string) => ({
    request: (path: string, init: RequestInit = {}) =>
      ctx.app.request(`${site}${path}`, { ...init, headers: { ...(init.headers as object), origin: site } }),
  });

  type App = { request(path: string, init: RequestInit): Response | Promise<Response> };
  const get = (app: App, path: string, cookie?: string) => app.request(path, jsonRequest("GET", undefined, cookie));
  const verifyFile = (ctx: TestContext, file: unknown) =>
    ctx.app.request("/api/verify/credential", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(file),
    });
  const certificateOf = async (app: App, cookie: string) =>
    (await body(await get(app, "/api/me/certificates", cookie))).certificates[0];
  const credentialOf = async (app: App, cookie: string, id: string) => {
    const res = await get(app, `/api/certificates/${id}/credential`, cookie);
    expect(res.status).toBe(200);
    return body(res);
  };

  it("keeps the identity of the first certificate under a public BASE_URL, and every credential verifies after http → https on a new domain", async () => {
    // Under the loopback address nothing is kept: the credential names that address, as before.
    const rosa = await signedInEnrolledStudent(local, setup.cls, "Rosa Tchissola");
    const done = [{ enrollmentId: rosa.enrollment.id, outcome: "completed" as const }];
    expect((await postResults(local, setup.professor.cookie, setup.cls.id, done)).status).toBe(200);
    const rosaCert = await certificateOf(local.app, rosa.cookie);
    const beforeKept = await credentialOf(local.app, rosa.cookie, rosaCert.id);
    expect(beforeKept.credential.issuer).toMatchObject({
      id: `${TEST_BASE_URL}/api/verify/issuer`,
      url: TEST_BASE_URL,
    });
    expect((await body(await get(local.app, "/api/verify/issuer"))).id).toBe(`${TEST_BASE_URL}/api/verify/issuer`);

    // BASE_URL=http://portal.instituto.ao: its first certificate sets the identity.
    const a = await instance(A);
    const nuno = await signedInEnrolledStudent(local, setup.cls, "Nuno Kiala");
    const issued = await postResults(
      local,
      setup.professor.cookie,
      setup.cls.id,
      [{ enrollmentId: nuno.enrollment.id, outcome: "completed" }],
      onSite(a, A),
    );
    expect(issued.status).toBe(200);
    const nunoCert = await certificateOf(a.app, nuno.cookie);
    const pdf = await get(a.app, `/api/certificates/${nunoCert.id}/pdf`, nuno.cookie);
    expect(await pdfQrCode(Buffer.from(await pdf.arrayBuffer()))).toBe(`${A}/verificar/${nunoCert.number}`);
    const underA = await credentialOf(a.app, nuno.cookie, nunoCert.id);
    expect(underA.credential.issuer).toMatchObject({ id: `${A}/api/verify/issuer`, url: A });
    await a.close();

    // Restarted as https://certificados.instituto.ao.
    const b = await instance(B);
    try {
      const verified = await body(await get(b.app, `/api/verify/${nunoCert.number}`));
      expect(verified).toMatchObject({ result: "valid", studentName: "Nuno Kiala" });
      for (const file of [underA, beforeKept]) {
        const res = await verifyFile(b, file);
        expect(res.status).toBe(200);
        expect(await body(res)).toMatchObject({ result: "valid", signatureValid: true, matchesRecord: true });
      }

      // The identity stays A's; the links follow the new address.
      const profile = await body(await get(b.app, "/api/verify/issuer"));
      expect(profile).toMatchObject({ id: `${A}/api/verify/issuer`, url: B });
      const signedIn = await onSite(b, B).request("/api/auth/student/sign-in", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ code: nuno.studentCode, password: nuno.studentPassword }),
      });
      expect(signedIn.status).toBe(200);
      const underB = await credentialOf(b.app, cookieOf(signedIn), nunoCert.id);
      expect(underB.credential.issuer).toMatchObject({ id: `${A}/api/verify/issuer`, url: B });
      expect(underB.credential.evidence[0].id).toBe(`${B}/verificar/${nunoCert.number}`);
      expect(await body(await verifyFile(b, underB))).toMatchObject({ result: "valid", matchesRecord: true });

      // Tampered files still fail: the readable credential edited, or the token's issuer changed.
      const edited = structuredClone(underA);
      edited.credential.credentialSubject.identifier[0].identityHash = "Outra Pessoa";
      expect((await verifyFile(b, edited)).status).toBe(422);
      const [h, payload, sig] = underA.jwt.split(".");
      const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
      claims.iss = claims.issuer.id = `${B}/api/verify/issuer`;
      const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${sig}`;
      expect((await verifyFile(b, { jwt: forged })).status).toBe(422);
    } finally {
      await b.close();
    }
  });
});
