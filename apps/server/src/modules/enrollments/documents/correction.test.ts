import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applicantActor, jsonRequest, staffActor } from "../../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../../test/context";
import {
  enrollmentForm,
  enrollmentFormFields,
  filesUnder,
  HTML,
  insertCourse,
  PDF,
  PNG,
} from "../../../../test/fixtures";
import {
  classes,
  enrollmentDocumentRequests,
  enrollmentEvents,
  enrollments,
  payments,
  studentAccounts,
} from "../../../db/schema";

/**
 * The student's side of the review (decision 018): what /aluno/pagamento is told per status, the
 * replacement of a refused document, and deletion. Students only ever reach their own enrolments.
 */
describe("correction requests, the student's view and deletion", () => {
  let ctx: TestContext;
  let courseId: string;
  let staff: { cookie: string };
  const filesOnDisk = () => filesUnder(path.join(ctx.dataDir, "files"));

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Gestão de Projetos", price: 120000 });
    staff = await staffActor(ctx, "secretaria", "Sara Secretaria");
  });
  afterAll(() => ctx.close());

  /** A student who submitted the enrolment form through the API. */
  const applicant = (name: string) => applicantActor(ctx, courseId, name);

  const staffPost = (id: string, action: string, payload: unknown) =>
    ctx.app.request(`/api/admin/enrollments/${id}/${action}`, jsonRequest("POST", payload, staff.cookie));
  const mine = async (cookie: string) => body(await ctx.app.request("/api/me/enrollments", { headers: { cookie } }));
  const replace = (cookie: string, id: string, document: string, file: File) => {
    const fd = new FormData();
    fd.append("file", file);
    return ctx.app.request(`/api/me/enrollments/${id}/documents/${document}`, {
      method: "PUT",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
  };

  it("a correction round trip: the student sees what to replace and why, replaces only that, and review resumes", async () => {
    const ana = await applicant("Ana Correção");
    const res = await staffPost(ana.enrollmentId, "request-correction", {
      documents: [
        { document: "certificate", reason: "ilegivel", note: "Imagem desfocada" },
        { document: "id_card_back", reason: "documento_expirado" },
      ],
    });
    expect(res.status).toBe(200);

    const [view] = await mine(ana.cookie);
    expect(view).toMatchObject({
      status: "correction_requested",
      paymentReferenceCode: null,
      rejectionReason: null,
      bankDetails: null,
    });
    expect(view.documentRequests).toEqual([
      expect.objectContaining({ document: "id_card_back", reasonLabel: "Documento expirado", note: null }),
      expect.objectContaining({
        document: "certificate",
        documentLabel: "Certificado de habilitações",
        reasonLabel: "Ilegível",
        note: "Imagem desfocada",
      }),
    ]);

    // A document nobody asked for, and the enrolment form's file checks, each naming the document.
    const notAsked = await replace(ana.cookie, ana.enrollmentId, "id_card_front", new File([PNG], "f.png"));
    expect(notAsked.status).toBe(409);
    const html = await replace(ana.cookie, ana.enrollmentId, "certificate", new File([HTML], "c.pdf"));
    expect(html.status).toBe(415);
    expect((await body(html)).error.message).toBe(
      "Certificado de habilitações: Formato inválido. Use JPEG, PNG, WEBP ou PDF",
    );
    const big = await replace(
      ana.cookie,
      ana.enrollmentId,
      "certificate",
      new File([Buffer.alloc(5 * 1024 * 1024 + 1, 1)], "c.pdf"),
    );
    expect(big.status).toBe(413);
    expect((await body(big)).error.message).toMatch(/^Certificado de habilitações: Arquivo muito grande/);
    expect(filesOnDisk()).toHaveLength(3);

    const [before] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, ana.enrollmentId));
    const first = await replace(ana.cookie, ana.enrollmentId, "certificate", new File([PDF], "novo.pdf"));
    expect(first.status).toBe(200);
    const afterFirst = await body(first);
    expect(afterFirst.status).toBe("correction_requested");
    expect(afterFirst.documentRequests.map((r: { document: string }) => r.document)).toEqual(["id_card_back"]);
    const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, ana.enrollmentId));
    expect(row!.certificateFileId).not.toBe(before!.certificateFileId);
    expect(row!.idCardFrontFileId).toBe(before!.idCardFrontFileId);
    // The old certificate is gone: still three files.
    expect(filesOnDisk()).toHaveLength(3);

    const last = await replace(ana.cookie, ana.enrollmentId, "id_card_back", new File([PNG], "verso.png"));
    expect((await body(last)).status).toBe("pre_inscrito");
    expect(filesOnDisk()).toHaveLength(3);
    const requests = await ctx.db
      .select()
      .from(enrollmentDocumentRequests)
      .where(eq(enrollmentDocumentRequests.enrollmentId, ana.enrollmentId));
    expect(requests.every((r) => r.resolvedAt !== null)).toBe(true);

    const detail = await body(
      await ctx.app.request(`/api/admin/enrollments/${ana.enrollmentId}`, jsonRequest("GET", undefined, staff.cookie)),
    );
    expect(detail.events.map((e: { kind: string | null; toStatus: string }) => [e.kind, e.toStatus])).toEqual([
      [null, "pre_inscrito"],
      [null, "correction_requested"],
      ["document_replaced", "correction_requested"],
      ["document_replaced", "correction_requested"],
      [null, "pre_inscrito"],
    ]);
    expect(detail.events.at(-1).actorName).toBe("Ana Correção");

    // Back in review, staff approve: the student now sees the code, the price and the bank details.
    expect(
      (
        await staffPost(ana.enrollmentId, "approve", {
          referenceCode: "ANA-1",
          documentsChecked: true,
          personalDataChecked: true,
        })
      ).status,
    ).toBe(200);
    const [approved] = await mine(ana.cookie);
    expect(approved).toMatchObject({
      status: "approved",
      paymentReferenceCode: "ANA-1",
      coursePrice: 120000,
      documentRequests: [],
      bankDetails: { bankName: "Banco BAI", iban: "AO06004000001234567890167", whatsappNumber: "912345678" },
    });
  });

  it("a rejected student sees the reason", async () => {
    const rui = await applicant("Rui Rejeitado");
    await staffPost(rui.enrollmentId, "reject", { reason: "O certificado não é do candidato" });
    const [view] = await mine(rui.cookie);
    expect(view).toMatchObject({
      status: "rejected",
      rejectionReason: "O certificado não é do candidato",
      bankDetails: null,
    });
  });

  it("a student never sees nor touches another student's enrolment or documents", async () => {
    const owner = await applicant("Olga Dona");
    await staffPost(owner.enrollmentId, "request-correction", {
      documents: [{ document: "certificate", reason: "incompleto" }],
    });
    const intruder = await applicant("Ivo Intruso");
    const views = await mine(intruder.cookie);
    expect(views.map((v: { id: string }) => v.id)).toEqual([intruder.enrollmentId]);

    const res = await replace(intruder.cookie, owner.enrollmentId, "certificate", new File([PDF], "x.pdf"));
    expect(res.status).toBe(404);
    expect((await mine(owner.cookie))[0].status).toBe("correction_requested");
    const [row] = await ctx.db.select().from(enrollments).where(eq(enrollments.id, owner.enrollmentId));
    const file = await ctx.app.request(`/api/files/${row!.certificateFileId}`, {
      headers: { cookie: intruder.cookie },
    });
    expect(file.status).toBe(404);
    // Nor the admin API.
    expect(
      (await ctx.app.request(`/api/admin/enrollments/${owner.enrollmentId}`, { headers: { cookie: intruder.cookie } }))
        .status,
    ).toBe(403);
  });

  describe("deletion", () => {
    const remove = (id: string) =>
      ctx.app.request(`/api/admin/enrollments/${id}`, jsonRequest("DELETE", undefined, staff.cookie));

    it("removes the enrolment with its history, requests and files; the student may apply again", async () => {
      const dina = await applicant("Dina Apagada");
      await staffPost(dina.enrollmentId, "request-correction", {
        documents: [{ document: "certificate", reason: "ilegivel" }],
      });
      const filesBefore = filesOnDisk().length;
      const res = await remove(dina.enrollmentId);
      expect(res.status).toBe(204);
      expect(await ctx.db.select().from(enrollments).where(eq(enrollments.id, dina.enrollmentId))).toEqual([]);
      expect(
        await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, dina.enrollmentId)),
      ).toEqual([]);
      expect(
        await ctx.db
          .select()
          .from(enrollmentDocumentRequests)
          .where(eq(enrollmentDocumentRequests.enrollmentId, dina.enrollmentId)),
      ).toEqual([]);
      expect(filesOnDisk()).toHaveLength(filesBefore - 3);
      expect(await mine(dina.cookie)).toEqual([]);
      const again = await ctx.app.request("/api/me/enrollments", {
        method: "POST",
        body: enrollmentForm(enrollmentFormFields(courseId)),
        headers: { cookie: dina.cookie, origin: TEST_BASE_URL },
      });
      expect(again.status).toBe(201);
      expect((await remove(dina.enrollmentId)).status).toBe(404);
    });

    it("gives back the class seat the enrolment held", async () => {
      const [cls] = await ctx.db
        .insert(classes)
        .values({
          name: "Turma B",
          courseId,
          classType: "online",
          enrollmentStartDate: "2025-01-01",
          enrollmentEndDate: "2025-01-20",
          startDate: "2025-02-01",
          endDate: "2025-06-01",
          schedule: "Noite",
          currentStudents: 1,
        })
        .returning();
      const seated = await applicant("Sílvia Sentada");
      await ctx.db.update(enrollments).set({ classId: cls!.id }).where(eq(enrollments.id, seated.enrollmentId));
      expect((await remove(seated.enrollmentId)).status).toBe(204);
      const [after] = await ctx.db.select().from(classes).where(eq(classes.id, cls!.id));
      expect(after!.currentStudents).toBe(0);
    });

    it("is refused (409) once a payment exists: finance records never vanish", async () => {
      const paid = await applicant("Paulo Pago");
      await ctx.db.insert(payments).values({
        enrollmentId: paid.enrollmentId,
        amount: 120000,
        paymentDate: "2025-02-01",
        paymentMethod: "dinheiro",
        status: "confirmed",
      });
      const filesBefore = filesOnDisk().length;
      const res = await remove(paid.enrollmentId);
      expect(res.status).toBe(409);
      expect((await body(res)).error.message).toMatch(/^Não é possível excluir esta inscrição: tem pagamentos/);
      expect(await ctx.db.select().from(enrollments).where(eq(enrollments.id, paid.enrollmentId))).toHaveLength(1);
      expect(filesOnDisk()).toHaveLength(filesBefore);
      const [account] = await ctx.db
        .select()
        .from(studentAccounts)
        .where(eq(studentAccounts.studentName, "Paulo Pago"));
      expect(account!.enrollmentCompleted).toBe(true);
    });
  });
});
