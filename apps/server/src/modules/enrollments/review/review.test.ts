import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ENROLLMENT_STATUSES, type EnrollmentStatus } from "@app/shared/enums";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../../test/actors";
import { body, createTestContext, type TestContext } from "../../../../test/context";
import { enrollmentRow, insertCourse } from "../../../../test/fixtures";
import { mailSent } from "../../../../test/mail";
import { enrollmentEvents, enrollments } from "../../../db/schema";

/** Staff review transitions (decision 018) against a real PostgreSQL: allowed and refused per status. */
describe("enrolment review", () => {
  let ctx: TestContext;
  let courseId: string;
  let secretaria: { userId: string; cookie: string };
  let n = 0;

  beforeAll(async () => {
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Marketing Digital", price: 150000 });
    secretaria = await staffActor(ctx, "secretaria", "Sara Secretaria");
  });
  afterAll(() => ctx.close());

  async function enrollment(status: EnrollmentStatus = "pre_inscrito", overrides: Record<string, unknown> = {}) {
    const [row] = await ctx.db
      .insert(enrollments)
      .values({ ...enrollmentRow(courseId), studentName: `Aluno ${++n}`, status, ...overrides })
      .returning();
    return row!;
  }

  const post = (id: string, action: string, payload: unknown = {}, cookie = secretaria.cookie) =>
    ctx.app.request(`/api/admin/enrollments/${id}/${action}`, jsonRequest("POST", payload, cookie));
  const approval = (referenceCode: string, extra: Record<string, unknown> = {}) => ({
    referenceCode,
    documentsChecked: true,
    personalDataChecked: true,
    ...extra,
  });
  const statusOf = async (id: string) =>
    (await ctx.db.select({ s: enrollments.status }).from(enrollments).where(eq(enrollments.id, id)))[0]!.s;
  let codes = 0;
  const freshCode = () => `T-${Date.now().toString(36).toUpperCase()}${++codes}`;

  /** Each action, a valid body, and the statuses it may start from. */
  const ACTIONS = [
    { action: "approve", payload: () => approval(freshCode()), from: ["pre_inscrito"], to: "approved" },
    {
      action: "reject",
      payload: () => ({ reason: "Documentos falsos" }),
      from: ["pre_inscrito", "correction_requested"],
      to: "rejected",
    },
    {
      action: "request-correction",
      payload: () => ({ documents: [{ document: "certificate", reason: "ilegivel" }] }),
      from: ["pre_inscrito"],
      to: "correction_requested",
    },
    {
      action: "whatsapp-sent",
      payload: () => ({}),
      from: ["approved", "payment_pending", "receipt_rejected"],
      to: null,
    },
  ] as const;

  for (const { action, payload, from, to } of ACTIONS) {
    it(`${action}: allowed from ${from.join(", ")}; 409 naming the status from every other`, async () => {
      for (const status of ENROLLMENT_STATUSES) {
        const row = await enrollment(status);
        const res = await post(row.id, action, payload());
        if ((from as readonly string[]).includes(status)) {
          expect(res.status, `${action} from ${status}`).toBe(200);
          expect(await statusOf(row.id)).toBe(to ?? status);
          const events = await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, row.id));
          expect(events).toHaveLength(1);
          expect(events[0]).toMatchObject({
            fromStatus: status,
            toStatus: to ?? status,
            actorUserId: secretaria.userId,
          });
        } else {
          expect(res.status, `${action} from ${status}`).toBe(409);
          const { error } = await body(res);
          expect(error.code).toBe("invalid_status");
          expect(error.message).toMatch(/^Não é possível .*: a inscrição está «.+»\.$/);
          expect(await statusOf(row.id)).toBe(status);
        }
      }
    });
  }

  it("approval sets the date, the approver, the code (trimmed, upper-cased) and the notes; the code is not sent yet", async () => {
    const row = await enrollment();
    const res = await post(row.id, "approve", approval("  ab-12cd  ", { notes: "Tudo certo" }));
    expect(res.status).toBe(200);
    const { enrollment: shown, referenceEmail } = await body(res);
    expect(referenceEmail).toBe("no_email");
    expect(shown).toMatchObject({
      status: "approved",
      paymentReferenceCode: "AB-12CD",
      notes: "Tudo certo",
      approvedByName: "Sara Secretaria",
    });
    expect(shown.approvalDate).not.toBeNull();
    // No e-mail and no WhatsApp yet: nothing reached the student (decision 084).
    expect(shown.paymentReferenceSentAt).toBeNull();
    expect(shown.codeSent).toBe(false);
    expect(shown.events).toEqual([
      expect.objectContaining({
        actorName: "Sara Secretaria",
        fromStatus: "pre_inscrito",
        toStatus: "approved",
        kind: null,
        note: "Código de referência: AB-12CD. Tudo certo",
      }),
    ]);
  });

  it("refuses an approval without the code or the two boxes, and a code already used (409)", async () => {
    const row = await enrollment();
    const blank = await post(row.id, "approve", approval("   "));
    expect(blank.status).toBe(400);
    expect((await body(blank)).error.message).toBe("Código de referência é obrigatório");
    const unticked = await post(row.id, "approve", approval("ABC", { documentsChecked: false }));
    expect(unticked.status).toBe(400);
    expect((await body(unticked)).error.message).toBe("Confirme que a documentação está completa e válida");
    const missingBox = await post(row.id, "approve", { referenceCode: "ABC", documentsChecked: true });
    expect((await body(missingBox)).error.message).toBe("Confirme que os dados pessoais foram conferidos");

    const other = await enrollment();
    expect((await post(other.id, "approve", approval("DUPLO1"))).status).toBe(200);
    const duplicate = await post(row.id, "approve", approval("duplo1"));
    expect(duplicate.status).toBe(409);
    expect((await body(duplicate)).error.message).toBe("Este código de referência já está em uso");
    expect(await statusOf(row.id)).toBe("pre_inscrito");
  });

  it("two approvals of one enrolment at once: one effect, the other a 409", async () => {
    const row = await enrollment();
    const results = await Promise.all([
      post(row.id, "approve", approval("UM1")),
      post(row.id, "approve", approval("DOIS2")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await ctx.db.select().from(enrollmentEvents).where(eq(enrollmentEvents.enrollmentId, row.id));
    expect(events).toHaveLength(1);
  });

  it("two approvals of two enrolments with the same code at once: one gets it, the other a 409", async () => {
    const [a, b] = [await enrollment(), await enrollment()];
    const results = await Promise.all([
      post(a.id, "approve", approval("MESMO")),
      post(b.id, "approve", approval("MESMO")),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("e-mails the reference message at approval when the student gave an e-mail", async () => {
    const row = await enrollment("pre_inscrito", { studentEmail: "joana@exemplo.ao", studentName: "Joana Lunda" });
    const res = await post(row.id, "approve", approval("MAIL2024"));
    expect((await body(res)).referenceEmail).toBe("queued");
    await mailSent(ctx);
    const outbox = path.join(ctx.dataDir, "outbox");
    const mails = readdirSync(outbox).map((f) => readFileSync(path.join(outbox, f), "utf8"));
    const mail = mails.find((m) => m.includes("To: joana@exemplo.ao"));
    expect(mail).toBeDefined();
    // Quoted-printable soft breaks aside, the code, the IBAN and the bank are in the text.
    const text = mail!.replace(/=\r?\n/g, "");
    expect(text).toContain("MAIL2024");
    expect(text).toContain("AO06 0040 0000 1234 5678 9016 7");
    expect(text).toContain("Banco BAI");
  });

  it("proposes unused codes of 8 characters without look-alikes", async () => {
    const res = await ctx.app.request(
      "/api/admin/enrollments/reference-code",
      jsonRequest("GET", undefined, secretaria.cookie),
    );
    const { referenceCode } = await body(res);
    expect(referenceCode).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
  });

  it("rejection needs a reason and stores it in notes", async () => {
    const row = await enrollment();
    const blank = await post(row.id, "reject", { reason: "  " });
    expect(blank.status).toBe(400);
    expect((await body(blank)).error.message).toBe("Indique o motivo da rejeição");
    const res = await post(row.id, "reject", { reason: "Certificado de outra pessoa" });
    expect((await body(res)).notes).toBe("Certificado de outra pessoa");
  });

  it("a correction request lists the documents in History and the detail; 'outro' needs a note", async () => {
    const row = await enrollment();
    const noNote = await post(row.id, "request-correction", {
      documents: [{ document: "id_card_back", reason: "outro" }],
    });
    expect(noNote.status).toBe(400);
    const res = await post(row.id, "request-correction", {
      documents: [
        { document: "id_card_back", reason: "outro", note: "Foto cortada" },
        { document: "certificate", reason: "documento_expirado" },
      ],
    });
    expect(res.status).toBe(200);
    const shown = await body(res);
    expect(shown.status).toBe("correction_requested");
    expect(shown.documentRequests).toHaveLength(2);
    expect(shown.documentRequests).toContainEqual(
      expect.objectContaining({
        document: "id_card_back",
        documentLabel: "Bilhete de Identidade (verso)",
        reasonLabel: "Outro",
        note: "Foto cortada",
        requestedByName: "Sara Secretaria",
        resolvedAt: null,
      }),
    );
    expect(shown.events.at(-1).note).toBe(
      "Correção pedida: Bilhete de Identidade (verso) — Outro (Foto cortada); Certificado de habilitações — Documento expirado",
    );
  });

  it("the WhatsApp step is a History event that keeps the status; the first one marks the code sent", async () => {
    const row = await enrollment("approved", { paymentReferenceCode: "WA-1" });
    const shown = await body(await post(row.id, "whatsapp-sent"));
    expect(shown.status).toBe("approved");
    expect(shown.codeSent).toBe(true);
    const again = await body(await post(row.id, "whatsapp-sent"));
    expect(again.paymentReferenceSentAt).toBe(shown.paymentReferenceSentAt);
    expect(again.events).toEqual([
      expect.objectContaining({
        kind: "whatsapp_sent",
        fromStatus: "approved",
        toStatus: "approved",
        note: "Código enviado por WhatsApp",
      }),
      expect.objectContaining({
        kind: "whatsapp_sent",
        fromStatus: "approved",
        toStatus: "approved",
        note: "Código enviado por WhatsApp",
      }),
    ]);
  });

  it("lists enrolments newest first with course name and price; the detail shows the three documents", async () => {
    const row = await enrollment();
    const { rows: list } = await body(
      await ctx.app.request("/api/admin/enrollments", jsonRequest("GET", undefined, secretaria.cookie)),
    );
    expect(list[0]).toMatchObject({
      id: row.id,
      courseName: "Marketing Digital",
      coursePrice: 150000,
      className: null,
    });
    const dates = list.map((r: { applicationDate: string }) => r.applicationDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    const detail = await body(
      await ctx.app.request(`/api/admin/enrollments/${row.id}`, jsonRequest("GET", undefined, secretaria.cookie)),
    );
    expect(detail.documents).toEqual([
      { document: "id_card_front", label: "Bilhete de Identidade (frente)", fileId: null, contentType: null },
      { document: "id_card_back", label: "Bilhete de Identidade (verso)", fileId: null, contentType: null },
      { document: "certificate", label: "Certificado de habilitações", fileId: null, contentType: null },
    ]);
    expect(detail).toMatchObject({ motherName: "Maria Silva", province: "Luanda", events: [], documentRequests: [] });
  });
});
