import { createHash } from "node:crypto";
import { addDays } from "@app/shared/calendar-date";
import { type EnrollmentStatus, RECEIPT_PAYMENT_METHOD } from "@app/shared/enums";
import { receiptPaymentNotes } from "@app/shared/history-notes";
import { formatKz } from "@app/shared/money";
import { hashPassword } from "../auth/password-hashing";
import { insertStudentAccount } from "../modules/student-accounts/student-accounts.service";
import { newStorageKey } from "../storage/file-check";
import type { FileStorage } from "../storage/storage";
import type { Tx } from "./client";
import { enrollments, paymentReceipts, payments, storedFiles } from "./schema";

/** The password of every demo student (they must change it at the first sign-in, like any new account). */
export const DEMO_STUDENT_PASSWORD = "DEMO26";

/** A one-page PDF with `lines` of text (Helvetica, Latin-1), with a correct cross-reference table. */
export function demoPdf(lines: string[]): Buffer {
  const pdfString = (t: string) => t.replace(/[\\()]/g, (c) => `\\${c}`);
  const text = lines
    .map((l, i) => `BT /F1 ${i === 0 ? 16 : 12} Tf 50 ${780 - i * 26} Td (${pdfString(l)}) Tj ET`)
    .join("\n");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${Buffer.byteLength(text, "latin1")} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) body += `${String(off).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

interface DemoReceipt {
  student: { name: string; phone: string };
  course: { id: string; name: string; price: number };
  code: string;
  paid: number;
  /** Days before today of the transfer; the receipt was sent the same day. */
  daysAgo: number;
  status: "pending" | "approved" | "rejected";
  reason?: string;
}

/** The enrolment's status once its receipt is in that state (decision 050 for a rejected one). */
const ENROLLMENT_AFTER_RECEIPT = {
  pending: "payment_pending",
  approved: "enrolled",
  rejected: "receipt_rejected",
} as const satisfies Record<DemoReceipt["status"], EnrollmentStatus>;

/**
 * 'Comprovantes' and 'Financeiro' with something to show (decision 044): three demo students, each with
 * an approved enrolment and a receipt (a PDF transfer slip in the storage) — one pending with a
 * divergence, one approved with its payment (the student 'Matriculado', without a class: staff give it
 * with 'Atribuir turma'), one rejected with a reason (the enrolment 'Comprovante rejeitado': the student
 * may send another).
 */
export async function seedDemoReceipts(
  tx: Tx,
  storage: FileStorage,
  today: string,
  course: (name: string) => { id: string; name: string; price: number },
) {
  const full = course("Desenvolvimento Web Full Stack");
  const english = course("Inglês para Negócios");
  const projects = course("Gestão de Projetos");
  const demo: DemoReceipt[] = [
    {
      student: { name: "Joana Cassule (demonstração)", phone: "923700701" },
      course: full,
      code: "DEMO-PEND1",
      paid: full.price - 5000,
      daysAgo: 1,
      status: "pending",
    },
    {
      student: { name: "Mateus Ngola (demonstração)", phone: "923700702" },
      course: english,
      code: "DEMO-APRV1",
      paid: english.price,
      daysAgo: 3,
      status: "approved",
    },
    {
      student: { name: "Luísa Tchissola (demonstração)", phone: "923700703" },
      course: projects,
      code: "DEMO-REJ1",
      paid: projects.price,
      daysAgo: 2,
      status: "rejected",
      reason: "O comprovante está cortado: não se vê o valor nem a data da transferência",
    },
  ];
  const passwordHash = await hashPassword(DEMO_STUDENT_PASSWORD);
  for (const d of demo) {
    const account = await insertStudentAccount(
      tx,
      { studentName: d.student.name, studentPhone: d.student.phone, studentEmail: null, enrollmentCompleted: true },
      passwordHash,
    );
    const paymentDate = addDays(today, -d.daysAgo);
    const sentAt = new Date(`${paymentDate}T10:30:00+01:00`);
    const [enrollment] = await tx
      .insert(enrollments)
      .values({
        courseId: d.course.id,
        studentAccountId: account.id,
        userId: account.userId,
        studentName: d.student.name,
        studentPhone: d.student.phone,
        birthDate: "2000-04-04",
        motherName: "Maria da Conceição",
        nationality: "Angolana",
        birthPlace: "Luanda",
        province: "Luanda",
        municipality: "Belas",
        neighborhood: "Talatona",
        qualification: "medio",
        trainingArea: "Gestão",
        schedulePreference: "noite",
        status: ENROLLMENT_AFTER_RECEIPT[d.status],
        applicationDate: new Date(sentAt.getTime() - 5 * 86_400_000),
        approvalDate: new Date(sentAt.getTime() - 2 * 86_400_000),
        paymentReferenceCode: d.code,
        paymentReferenceSentAt: new Date(sentAt.getTime() - 2 * 86_400_000),
      })
      .returning({ id: enrollments.id });
    const pdf = demoPdf([
      "COMPROVATIVO DE TRANSFERENCIA",
      `Ordenante: ${d.student.name.replace(" (demonstração)", "")}`,
      `Valor: ${formatKz(d.paid).replace(/\s/g, " ")}`,
      `Data: ${paymentDate.split("-").reverse().join("/")}`,
      `Descritivo: ${d.code}`,
    ]);
    const key = newStorageKey("receipt", "pdf");
    await storage.put(key, pdf, "application/pdf");
    const [file] = await tx
      .insert(storedFiles)
      .values({
        ownerUserId: account.userId,
        kind: "receipt",
        contentType: "application/pdf",
        size: pdf.length,
        storageKey: key,
      })
      .returning({ id: storedFiles.id });
    const reviewedAt = d.status === "pending" ? null : new Date(sentAt.getTime() + 86_400_000);
    const [receipt] = await tx
      .insert(paymentReceipts)
      .values({
        studentAccountId: account.id,
        enrollmentId: enrollment!.id,
        fileId: file!.id,
        fileType: "pdf",
        status: d.status,
        paidAmount: d.paid,
        paymentDate,
        coursePrice: d.course.price,
        paymentReferenceCode: d.code,
        submittedAt: sentAt,
        reviewedAt,
        notes: d.reason ?? null,
        fileSha256: createHash("sha256").update(pdf).digest("hex"),
      })
      .returning({ id: paymentReceipts.id });
    if (d.status === "approved") {
      await tx.insert(payments).values({
        enrollmentId: enrollment!.id,
        amount: d.paid,
        paymentDate,
        paymentMethod: RECEIPT_PAYMENT_METHOD,
        status: "completed",
        notes: receiptPaymentNotes(d.code),
        receiptId: receipt!.id,
        createdAt: reviewedAt!,
      });
    }
  }
}
