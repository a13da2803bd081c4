import { generateKeyPairSync } from "node:crypto";
import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { pdfQrCode, pdfText } from "../../../test/pdf-text";
import { enrolledStudent, postResults, signedInEnrolledStudent, teachingSetup } from "../../../test/teaching";
import { certificates, enrollmentEvents } from "../../db/schema";
import { signedCredentialFile } from "./credential";

/** Certificates (issue 15): the student's list and files, revocation and re-issue, public verification. */
describe("certificates", () => {
  let ctx: TestContext;
  let admin: { cookie: string };
  let setup: Awaited<ReturnType<typeof teachingSetup>>;

  const get = (path: string, cookie?: string) => ctx.app.request(path, jsonRequest("GET", undefined, cookie));
  const verify = (number: string) => get(`/api/verify/${encodeURIComponent(number)}`);
  const verifyFile = (file: unknown) =>
    ctx.app.request("/api/verify/credential", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: typeof file === "string" ? file : JSON.stringify(file),
    });

  /** Completes `enrollmentId` as the class's professor and returns its certificate as the teaching screen shows it. */
  async function complete(enrollmentId: string) {
    const res = await postResults(ctx, setup.professor.cookie, setup.cls.id, [{ enrollmentId, outcome: "completed" }]);
    expect(res.status).toBe(200);
    const { students } = await body(res);
    return students.find((s: { enrollmentId: string }) => s.enrollmentId === enrollmentId).certificate;
  }

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await staffActor(ctx, "admin", "Ana Admin");
    setup = await teachingSetup(ctx, { courseName: "Contabilidade e Fiscalidade" });
  });
  afterAll(() => ctx.close());

  it("lets a student see and download only their own certificates, and moves the course out of 'Cursos em Andamento'", async () => {
    const ana = await signedInEnrolledStudent(ctx, setup.cls, "Ana Conceição");
    const bento = await signedInEnrolledStudent(ctx, setup.cls, "Bento Araújo");

    const before = await body(await get("/api/me/certificates", ana.cookie));
    expect(before.certificates).toEqual([]);
    expect(before.inProgress).toEqual([
      {
        enrollmentId: ana.enrollment.id,
        courseName: "Contabilidade e Fiscalidade",
        className: setup.cls.name,
        startDate: setup.cls.startDate,
        endDate: setup.cls.endDate,
        progress: expect.any(Number),
      },
    ]);
    // 30 days (and part of today) into a 60-day class.
    expect(before.inProgress[0].progress).toBeGreaterThanOrEqual(49);
    expect(before.inProgress[0].progress).toBeLessThanOrEqual(52);

    const cert = await complete(ana.enrollment.id);
    const mine = await body(await get("/api/me/certificates", ana.cookie));
    expect(mine.inProgress).toEqual([]);
    expect(mine.certificates).toEqual([
      {
        id: cert.id,
        number: cert.number,
        courseName: "Contabilidade e Fiscalidade",
        workloadHours: 40,
        durationMonths: 3,
        completionDate: todayInLuanda(),
        issueDate: todayInLuanda(),
        fileReady: true,
        revokedAt: null,
      },
    ]);
    // Bento sees none of Ana's, and her files answer him like missing ones.
    expect((await body(await get("/api/me/certificates", bento.cookie))).certificates).toEqual([]);
    expect((await get(`/api/certificates/${cert.id}/pdf`, bento.cookie)).status).toBe(404);
    expect((await get(`/api/certificates/${cert.id}/credential`, bento.cookie)).status).toBe(404);

    const inline = await get(`/api/certificates/${cert.id}/pdf`, ana.cookie);
    expect(inline.status).toBe(200);
    expect(inline.headers.get("content-type")).toBe("application/pdf");
    expect(inline.headers.get("content-disposition")).toBe(`inline; filename="certificado-${cert.number}.pdf"`);
    const download = await get(`/api/certificates/${cert.id}/pdf?download=1`, ana.cookie);
    expect(download.headers.get("content-disposition")).toBe(`attachment; filename="certificado-${cert.number}.pdf"`);
    // Staff may open it too.
    expect((await get(`/api/certificates/${cert.id}/pdf`, admin.cookie)).status).toBe(200);
  });

  it("makes a valid PDF with the number, the accented name, the course, the hours, the dates and a QR code to the verification page", async () => {
    const s = await enrolledStudent(ctx, setup.cls, "Júlia Gonçalves Magalhães");
    const cert = await complete(s.enrollment.id);
    const res = await get(`/api/certificates/${cert.id}/pdf`, admin.cookie);
    const data = new Uint8Array(await res.arrayBuffer());
    expect(Buffer.from(data.subarray(0, 5)).toString()).toBe("%PDF-");
    const { pages, text, title } = await pdfText(data);
    expect(pages).toBe(1);
    expect(title).toBe(`Certificado ${cert.number}`);
    expect(text).toContain("Júlia Gonçalves Magalhães");
    expect(text).toContain(cert.number);
    expect(text).toContain("INSTITUTO SUPERIOR DE FORMAÇÃO");
    expect(text).toContain("CERTIFICADO DE CONCLUSÃO");
    expect(text).toContain("Contabilidade e Fiscalidade");
    const today = todayInLuanda().split("-").reverse().join("/");
    expect(text).toContain(`com a carga horária de 40 horas, concluído em ${today}.`);
    expect(text).toContain(`Emitido em ${today}`);
    expect(text).toContain(`${TEST_BASE_URL}/verificar/${cert.number}`);
    // What a phone scanning the printed QR code opens.
    expect(await pdfQrCode(data)).toBe(`${TEST_BASE_URL}/verificar/${cert.number}`);
  });

  it("verifies a number in any case, with or without dashes: Válido, then Revogado after a revoke (with History)", async () => {
    const s = await enrolledStudent(ctx, setup.cls, "Carla Ventura");
    const cert = await complete(s.enrollment.id);
    const valid = await body(await verify(cert.number.toLowerCase().replace(/-/g, "")));
    expect(valid).toEqual({
      result: "valid",
      number: cert.number,
      studentName: "Carla Ventura",
      courseName: "Contabilidade e Fiscalidade",
      workloadHours: 40,
      durationMonths: 3,
      completionDate: todayInLuanda(),
      issueDate: todayInLuanda(),
      revokedAt: null,
    });
    expect((await body(await verify(` ${cert.number.replace(/-/g, " ")} `))).result).toBe("valid");

    const blank = await ctx.app.request(
      `/api/admin/certificates/${cert.id}/revoke`,
      jsonRequest("POST", { reason: "  " }, admin.cookie),
    );
    expect(blank.status).toBe(400);
    expect((await body(blank)).error.message).toBe("Indique o motivo da revogação");
    const revoked = await ctx.app.request(
      `/api/admin/certificates/${cert.id}/revoke`,
      jsonRequest("POST", { reason: "Nome escrito com erro" }, admin.cookie),
    );
    expect(revoked.status).toBe(200);
    expect(await body(revoked)).toMatchObject({ id: cert.id, revokedReason: "Nome escrito com erro" });
    const again = await ctx.app.request(
      `/api/admin/certificates/${cert.id}/revoke`,
      jsonRequest("POST", { reason: "Outra vez" }, admin.cookie),
    );
    expect(again.status).toBe(409);
    expect((await body(again)).error.message).toBe("Este certificado já foi revogado");

    const after = await body(await verify(cert.number));
    expect(after.result).toBe("revoked");
    expect(after.revokedAt).toEqual(expect.any(String));
    expect(after.studentName).toBe("Carla Ventura");
    const events = await ctx.db
      .select()
      .from(enrollmentEvents)
      .where(eq(enrollmentEvents.enrollmentId, s.enrollment.id));
    expect(events.at(-1)).toMatchObject({
      kind: "certificate_revoked",
      fromStatus: "completed",
      toStatus: "completed",
      note: `Certificado ${cert.number} revogado: Nome escrito com erro`,
    });
  });

  it("says 'not_found' for an unknown or malformed number", async () => {
    expect(await body(await verify("ABCD-EFGH-JKMN"))).toMatchObject({
      result: "not_found",
      number: "ABCD-EFGH-JKMN",
      studentName: null,
      courseName: null,
    });
    expect((await body(await verify("0000-1111"))).result).toBe("not_found");
  });

  it("re-issues: a new number and PDF replace the old one, which stays in the list, revoked; the old one cannot be re-issued again", async () => {
    const s = await signedInEnrolledStudent(ctx, setup.cls, "Duarte Simões");
    const old = await complete(s.enrollment.id);
    const res = await ctx.app.request(
      `/api/admin/certificates/${old.id}/reissue`,
      jsonRequest("POST", undefined, admin.cookie),
    );
    expect(res.status).toBe(201);
    const fresh = await body(res);
    expect(fresh).toMatchObject({
      studentName: "Duarte Simões",
      completionDate: old.completionDate,
      issueDate: todayInLuanda(),
      fileReady: true,
      revokedAt: null,
      replacesCertificateId: old.id,
    });
    expect(fresh.number).not.toBe(old.number);
    expect((await body(await verify(old.number))).result).toBe("revoked");
    expect((await body(await verify(fresh.number))).result).toBe("valid");

    const mine = await body(await get("/api/me/certificates", s.cookie));
    expect(
      mine.certificates.map((c: { number: string; revokedAt: string | null }) => [c.number, c.revokedAt !== null]),
    ).toEqual(
      expect.arrayContaining([
        [fresh.number, false],
        [old.number, true],
      ]),
    );
    const twice = await ctx.app.request(
      `/api/admin/certificates/${old.id}/reissue`,
      jsonRequest("POST", undefined, admin.cookie),
    );
    expect(twice.status).toBe(409);
    expect(await ctx.db.select().from(certificates).where(eq(certificates.enrollmentId, s.enrollment.id))).toHaveLength(
      2,
    );
    // The teaching screen shows the newest.
    const detail = await body(await get(`/api/admin/teaching/classes/${setup.cls.id}/students`, admin.cookie));
    const row = detail.students.find((x: { enrollmentId: string }) => x.enrollmentId === s.enrollment.id);
    expect(row.certificate.number).toBe(fresh.number);
  });

  it("two re-issues at once give one new certificate", async () => {
    const s = await enrolledStudent(ctx, setup.cls, "Elsa Pinto");
    const old = await complete(s.enrollment.id);
    const responses = await Promise.all(
      [1, 2].map(() =>
        ctx.app.request(`/api/admin/certificates/${old.id}/reissue`, jsonRequest("POST", undefined, admin.cookie)),
      ),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await ctx.db.select().from(certificates).where(eq(certificates.enrollmentId, s.enrollment.id));
    expect(rows.filter((r) => r.revokedAt === null)).toHaveLength(1);
  });

  it("gives a signed Open Badges 3.0 credential that the verification accepts, and refuses a tampered one", async () => {
    const s = await signedInEnrolledStudent(ctx, setup.cls, "Filipe Tomé");
    const cert = await complete(s.enrollment.id);
    const res = await get(`/api/certificates/${cert.id}/credential`, s.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(`attachment; filename="certificado-${cert.number}.json"`);
    const file = await body(res);
    expect(file.credential).toMatchObject({
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { id: `${TEST_BASE_URL}/api/verify/issuer`, name: "Instituto Superior de Formação" },
      credentialSubject: {
        type: ["AchievementSubject"],
        identifier: [{ identityType: "name", identityHash: "Filipe Tomé", hashed: false }],
        achievement: { achievementType: "Certificate", name: "Contabilidade e Fiscalidade" },
      },
    });
    const [header] = file.jwt.split(".");
    expect(JSON.parse(Buffer.from(header, "base64url").toString())).toMatchObject({ alg: "EdDSA", typ: "JWT" });

    const ok = await verifyFile(file);
    expect(ok.status).toBe(200);
    expect(await body(ok)).toMatchObject({
      result: "valid",
      number: cert.number,
      studentName: "Filipe Tomé",
      signatureValid: true,
      matchesRecord: true,
    });
    // The bare token works too.
    expect((await verifyFile({ jwt: file.jwt })).status).toBe(200);

    // The readable credential edited beside an intact token.
    const edited = structuredClone(file);
    edited.credential.credentialSubject.identifier[0].identityHash = "Outra Pessoa";
    const refused = await verifyFile(edited);
    expect(refused.status).toBe(422);
    expect((await body(refused)).error.message).toBe(
      "Credencial inválida: a assinatura não corresponde ao conteúdo. O arquivo foi alterado ou não foi emitido por este instituto.",
    );
    // The token's payload edited (signature no longer matches).
    const [h, payload, sig] = file.jwt.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    claims.credentialSubject.identifier[0].identityHash = "Outra Pessoa";
    const forged = `${h}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${sig}`;
    expect((await verifyFile({ jwt: forged })).status).toBe(422);
    // Signed by someone else's key, claiming to be us.
    const otherKey = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const foreign = await signedCredentialFile(
      { credentialSigningKey: otherKey },
      { issuerId: `${TEST_BASE_URL}/api/verify/issuer`, baseUrl: TEST_BASE_URL },
      "Instituto Superior de Formação",
      {
        certificateId: cert.id,
        number: cert.number.replace(/-/g, ""),
        studentName: "Filipe Tomé",
        courseName: "Contabilidade e Fiscalidade",
        workloadHours: 40,
        durationMonths: 3,
        completionDate: cert.completionDate,
        issueDate: cert.issueDate,
      },
    );
    expect((await verifyFile(foreign)).status).toBe(422);
    // Not a credential at all.
    const notJson = await verifyFile("isto não é JSON");
    expect(notJson.status).toBe(400);
    expect((await body(notJson)).error.message).toBe(
      "Este arquivo não é uma credencial digital do instituto (certificado-….json)",
    );
    expect((await verifyFile({ credential: file.credential })).status).toBe(400);
    const huge = await verifyFile({ jwt: file.jwt, padding: "x".repeat(70 * 1024) });
    expect(huge.status).toBe(413);
    expect((await body(huge)).error.message).toBe("Arquivo muito grande. Tamanho máximo: 64 KB");

    // After a revoke the same file verifies (our signature) but says Revogado.
    await ctx.app.request(
      `/api/admin/certificates/${cert.id}/revoke`,
      jsonRequest("POST", { reason: "Emitido por engano" }, admin.cookie),
    );
    expect(await body(await verifyFile(file))).toMatchObject({
      result: "revoked",
      signatureValid: true,
      matchesRecord: true,
    });
    // A revoked certificate's credential is no longer handed out.
    expect((await get(`/api/certificates/${cert.id}/credential`, s.cookie)).status).toBe(410);
  });

  it("gives a student the revocation, not the document, by every route that served the revoked PDF or credential; staff still read the PDF", async () => {
    const s = await signedInEnrolledStudent(ctx, setup.cls, "Dina Revogada");
    const cert = await complete(s.enrollment.id);
    const [row] = await ctx.db.select().from(certificates).where(eq(certificates.id, cert.id));
    const routes = [
      `/api/certificates/${cert.id}/pdf`,
      `/api/certificates/${cert.id}/pdf?download=1`,
      `/api/files/${row!.fileId}`,
      `/api/certificates/${cert.id}/credential`,
    ];
    for (const path of routes) expect((await get(path, s.cookie)).status, path).toBe(200);

    const revoked = await ctx.app.request(
      `/api/admin/certificates/${cert.id}/revoke`,
      jsonRequest("POST", { reason: "Nota registada por engano" }, admin.cookie),
    );
    expect(revoked.status).toBe(200);
    for (const path of routes) {
      const res = await get(path, s.cookie);
      expect(res.status, path).toBe(410);
      expect(res.headers.get("content-type"), path).toMatch(/^application\/json/);
      expect((await body(res)).error, path).toEqual({
        code: "certificate_revoked",
        message: "Este certificado foi revogado: Nota registada por engano",
      });
    }
    // Staff with a role (the secretariat that revoked it, the teacher) still open the PDF, as a record of
    // what was issued; the signed credential is handed to nobody.
    const professor = setup.professor.cookie;
    for (const cookie of [admin.cookie, professor]) {
      expect((await get(routes[0]!, cookie)).status).toBe(200);
      expect((await get(routes[2]!, cookie)).status).toBe(200);
      expect((await get(routes[3]!, cookie)).status).toBe(410);
    }
  });

  it("publishes the issuer profile with the public key (no private part)", async () => {
    const profile = await body(await get("/api/verify/issuer"));
    expect(profile).toMatchObject({
      id: `${TEST_BASE_URL}/api/verify/issuer`,
      type: ["Profile"],
      name: "Instituto Superior de Formação",
      url: TEST_BASE_URL,
    });
    expect(profile.jwks.keys).toHaveLength(1);
    expect(profile.jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA", use: "sig" });
    expect(profile.jwks.keys[0].d).toBeUndefined();
  });

  it("documents the credential, the issuer and the verifications with their real shapes (no 'any' answer)", async () => {
    const doc = await body(await get("/api/openapi.json"));
    const answer = (method: string, path: string) =>
      doc.paths[`/api${path}`][method].responses["200"].content["application/json"].schema;
    const credential = answer("get", "/certificates/{id}/credential");
    expect(Object.keys(credential.properties)).toEqual(["credential", "proof", "jwt"]);
    expect(credential.properties.credential.properties.credentialSubject.required).toContain("achievement");
    const issuer = answer("get", "/verify/issuer");
    expect(issuer.properties.jwks.properties.keys.items.properties.kty).toEqual({ type: "string", enum: ["OKP"] });
    for (const [method, path] of [
      ["get", "/verify/{number}"],
      ["post", "/verify/credential"],
    ] as const) {
      expect(answer(method, path).required).toEqual(expect.arrayContaining(["result", "number", "revokedAt"]));
    }
  });

  it("lets no professor revoke (403 with the roles that may)", async () => {
    const s = await enrolledStudent(ctx, setup.cls, "Gabriel Lima");
    const cert = await complete(s.enrollment.id);
    const byProfessor = await ctx.app.request(
      `/api/admin/certificates/${cert.id}/revoke`,
      jsonRequest("POST", { reason: "x" }, setup.professor.cookie),
    );
    expect(byProfessor.status).toBe(403);
    expect((await body(byProfessor)).error.message).toBe(
      "Só Super Administrador, Administrador e Secretaria podem revogar ou reemitir certificados",
    );
  });

  // Last: it uses up this address's verifications for the test file.
  it("answers 429 once an address has checked too many certificates, with Retry-After", async () => {
    let last: Response | undefined;
    for (let i = 0; i < 70; i++) {
      last = await verify("ABCD-EFGH-JKMN");
      if (last.status === 429) break;
    }
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await body(last!)).error.message).toMatch(/^Muitas tentativas\. Tente novamente dentro de \d+ minutos?\.$/);
    expect((await verifyFile({})).status).toBe(429);
  });
});

describe("certificates before the class ends", () => {
  it("counts progress from the class dates: 0 before the start", async () => {
    const ctx = await createTestContext();
    try {
      const future = await teachingSetup(ctx, { startedDaysAgo: -5 });
      const s = await signedInEnrolledStudent(ctx, future.cls, "Hugo Matos");
      const mine = await body(await ctx.app.request("/api/me/certificates", jsonRequest("GET", undefined, s.cookie)));
      expect(mine.inProgress).toEqual([
        expect.objectContaining({ progress: 0, endDate: addDays(todayInLuanda(), 65) }),
      ]);
    } finally {
      await ctx.close();
    }
  });
});
