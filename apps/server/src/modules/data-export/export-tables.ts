import { IMPORT_ENROLLMENT_STATES, IMPORT_SPECS, type ImportKind } from "@app/shared/data-import/kinds";
import { TIME_ZONE } from "@app/shared/dates";
import { ENROLLMENT_EVENT_LABELS } from "@app/shared/enrollment-review";
import { enrollmentStatusLabel, RECEIPT_STATUS_LABELS } from "@app/shared/enums";
import { formatGrade } from "@app/shared/grades";
import { formatAngolanMobile } from "@app/shared/phones";
import { and, type Column, eq, gt, inArray, max, sum } from "drizzle-orm";
import type { Database } from "../../db/client";
import {
  certificates,
  classes,
  courses,
  enrollmentEvents,
  enrollments,
  paymentReceipts,
  payments,
  studentAccounts,
  teachers,
} from "../../db/schema";
import { PAYMENT_EXPORT_HEADERS, paymentExportCells } from "../payments/payments.export";
import { EXPORT_BATCH, paymentBatches } from "../payments/payments.service";

/**
 * The tables of 'Exportar todos os dados' (decision 101), each read from the database a batch at a time.
 * The four the import takes are written in the import's own columns and list labels (IMPORT_SPECS), so the
 * export of an installation imports into another.
 */

/** A cell: text as shown, or an amount in kwanzas (a number: two decimals, decimal comma in the CSV). */
export type ExportCell = string | number;

export type ExportTable = {
  /** The entry's name in the ZIP, without extension. */
  file: string;
  /** The XLSX's sheet name (at most 31 characters). */
  sheet: string;
  headers: readonly string[];
  rows: (db: Database) => AsyncIterable<ExportCell[][]>;
};

/** Rows in batches of EXPORT_BATCH, each after the last id given: a short query per batch, no snapshot. */
async function* byId<R>(read: (after: string | null) => Promise<R[]>, idOf: (row: R) => string) {
  let after: string | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < EXPORT_BATCH) return;
    after = idOf(rows.at(-1)!);
  }
}
const after = (id: Column, last: string | null) => (last === null ? undefined : gt(id, last));

/**
 * Dates as formatDate/formatDateTime of the shared package write them (DD/MM/YYYY, '… às HH:mm', Luanda
 * time), with one formatter made once: dayjs's time zones cost a formatter per call, seconds per 10 000 rows.
 */
const LUANDA = new Intl.DateTimeFormat("en-GB", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});
const luanda = (value: Date) => {
  const p = Object.fromEntries(LUANDA.formatToParts(value).map((x) => [x.type, x.value]));
  return { day: `${p.day}/${p.month}/${p.year}`, time: `${p.hour}:${p.minute}` };
};
/** A calendar date (YYYY-MM-DD, no time zone) as written; a moment as its day in Luanda. */
const day = (value: string | Date | null) =>
  value === null ? "" : typeof value === "string" ? value.split("-").reverse().join("/") : luanda(value).day;
const moment = (value: Date | null) => {
  if (value === null) return "";
  const { day: d, time } = luanda(value);
  return `${d} às ${time}`;
};
const phone = (value: string | null) => (value ? formatAngolanMobile(value) : "");
const count = (value: number | null) => (value === null ? "" : String(value));
const yesNo = (value: boolean) => (value ? "Sim" : "Não");

/** A row's values by the import's column keys (other keys are ignored). */
type Values = Record<string, unknown>;

/** A table in the import's columns: its values by column key, list values written as their labels. */
function importTable(
  kind: ImportKind,
  file: string,
  rows: (db: Database) => AsyncIterable<Values[]>,
  extra: { headers: string[]; cells: (values: Values) => ExportCell[] } = {
    headers: [],
    cells: () => [],
  },
): ExportTable {
  const spec = IMPORT_SPECS[kind];
  const cell = (values: Values, key: string): ExportCell => {
    const raw = values[key];
    const value = typeof raw === "number" ? raw : raw === null || raw === undefined ? "" : String(raw);
    const options = spec.columns.find((c) => c.key === key)?.options;
    return options?.find((o) => o.value === value)?.label ?? value;
  };
  return {
    file,
    sheet: spec.label,
    headers: [...spec.columns.map((c) => c.label), ...extra.headers],
    async *rows(db) {
      for await (const batch of rows(db)) {
        yield batch.map((values) => [...spec.columns.map((c) => cell(values, c.key)), ...extra.cells(values)]);
      }
    },
  };
}

const courseTable = importTable("cursos", "cursos", async function* (db) {
  const read = (last: string | null) =>
    db.select().from(courses).where(after(courses.id, last)).orderBy(courses.id).limit(EXPORT_BATCH);
  for await (const rows of byId(read, (c) => c.id)) {
    yield rows.map((c) => ({
      ...c,
      durationMonths: String(c.durationMonths),
      workloadHours: count(c.workloadHours),
    }));
  }
});

const teacherTable = importTable("professores", "professores", async function* (db) {
  const read = (last: string | null) =>
    db.select().from(teachers).where(after(teachers.id, last)).orderBy(teachers.id).limit(EXPORT_BATCH);
  for await (const rows of byId(read, (t) => t.id)) {
    yield rows.map((t) => ({
      ...t,
      teacherPhone: phone(t.teacherPhone),
      yearsOfExperience: String(t.yearsOfExperience),
    }));
  }
});

const classTable = importTable("turmas", "turmas", async function* (db) {
  const read = (last: string | null) =>
    db
      .select({ c: classes, course: courses.name, email: teachers.teacherEmail, phone: teachers.teacherPhone })
      .from(classes)
      .innerJoin(courses, eq(courses.id, classes.courseId))
      .leftJoin(teachers, eq(teachers.id, classes.teacherId))
      .where(after(classes.id, last))
      .orderBy(classes.id)
      .limit(EXPORT_BATCH);
  for await (const rows of byId(read, (r) => r.c.id)) {
    yield rows.map(({ c, course, email, phone: teacherPhone }) => ({
      ...c,
      course,
      teacher: email ?? phone(teacherPhone),
      location: c.location,
      enrollmentStartDate: day(c.enrollmentStartDate),
      enrollmentEndDate: day(c.enrollmentEndDate),
      startDate: day(c.startDate),
      endDate: day(c.endDate),
      maxStudents: String(c.maxStudents),
    }));
  }
});

/** The import's states by their portal status; any other status is written as the portal names it. */
const importState = (status: string) =>
  IMPORT_ENROLLMENT_STATES.find((o) => o.value === status)?.value ?? enrollmentStatusLabel(status);
/** Only these states carry a payment in the import's sheet (decision 097). */
const PAID_STATES = new Set(["enrolled", "completed"]);
/** Payments that count as paid: confirmed by staff, or by an approved receipt. */
const PAID = inArray(payments.status, ["confirmed", "completed"]);

/** What each enrolment of a batch paid: the sum of its paid payments and the last one's date. */
async function paidOf(db: Database, ids: string[]) {
  const rows = await db
    .select({
      id: payments.enrollmentId,
      amount: sum(payments.amount).mapWith(Number),
      date: max(payments.paymentDate),
    })
    .from(payments)
    .where(and(inArray(payments.enrollmentId, ids), PAID))
    .groupBy(payments.enrollmentId);
  return new Map(rows.map((r) => [r.id, r]));
}

const STUDENT_EXTRA_HEADERS = ["Código do aluno", "Data da inscrição"];

/** Students with their enrolments, one row per enrolment: the import's 'alunos' sheet. */
const enrollmentTable = importTable(
  "alunos",
  "alunos-e-inscricoes",
  async function* (db) {
    const read = (last: string | null) =>
      db
        .select({
          e: enrollments,
          course: courses.name,
          className: classes.name,
          biNumber: studentAccounts.biNumber,
          studentCode: studentAccounts.studentCode,
        })
        .from(enrollments)
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .leftJoin(classes, eq(classes.id, enrollments.classId))
        .leftJoin(studentAccounts, eq(studentAccounts.id, enrollments.studentAccountId))
        .where(after(enrollments.id, last))
        .orderBy(enrollments.id)
        .limit(EXPORT_BATCH);
    for await (const rows of byId(read, (r) => r.e.id)) {
      const paid = await paidOf(
        db,
        rows.map((r) => r.e.id),
      );
      yield rows.map(({ e, ...r }) => {
        const payment = PAID_STATES.has(e.status) ? paid.get(e.id) : undefined;
        return {
          ...e,
          ...r,
          studentPhone: phone(e.studentPhone),
          birthDate: day(e.birthDate),
          state: importState(e.status),
          referenceCode: e.paymentReferenceCode,
          paidAmount: payment?.amount ?? null,
          paymentDate: payment?.date ? day(payment.date) : null,
          finalGrade: e.finalGrade === null ? null : formatGrade(e.finalGrade),
          applicationDate: day(e.applicationDate),
        };
      });
    }
  },
  {
    headers: STUDENT_EXTRA_HEADERS,
    cells: (v) => [String(v.studentCode ?? ""), String(v.applicationDate)],
  },
);

const accountTable: ExportTable = {
  file: "contas-de-alunos",
  sheet: "Contas de alunos",
  headers: [
    "Código do aluno",
    "Nome",
    "Nº do BI",
    "Telefone",
    "E-mail",
    "Conta criada em",
    "Senha alterada pelo aluno",
    "Receber SMS",
  ],
  async *rows(db) {
    const read = (last: string | null) =>
      db
        .select()
        .from(studentAccounts)
        .where(after(studentAccounts.id, last))
        .orderBy(studentAccounts.id)
        .limit(EXPORT_BATCH);
    for await (const rows of byId(read, (a) => a.id)) {
      yield rows.map((a) => [
        a.studentCode,
        a.studentName,
        a.biNumber ?? "",
        phone(a.studentPhone),
        a.studentEmail ?? "",
        day(a.createdAt),
        yesNo(!a.mustChangePassword),
        yesNo(a.smsOptIn),
      ]);
    }
  },
};

/** Payments: exactly the rows and columns of Financeiro's export (decision 058). */
const paymentTable: ExportTable = {
  file: "pagamentos",
  sheet: "Pagamentos",
  headers: PAYMENT_EXPORT_HEADERS,
  async *rows(db) {
    for await (const rows of paymentBatches(db, { from: undefined, to: undefined })) yield rows.map(paymentExportCells);
  },
};

const receiptTable: ExportTable = {
  file: "comprovantes",
  sheet: "Comprovantes",
  headers: [
    "Enviado em",
    "Aluno",
    "Código do aluno",
    "Curso",
    "Valor pago (Kz)",
    "Data do pagamento",
    "Preço do curso (Kz)",
    "Cód. Referência",
    "Estado",
    "Revisto em",
    "Observações",
  ],
  async *rows(db) {
    const read = (last: string | null) =>
      db
        .select({ r: paymentReceipts, student: studentAccounts, course: courses.name })
        .from(paymentReceipts)
        .innerJoin(studentAccounts, eq(studentAccounts.id, paymentReceipts.studentAccountId))
        .innerJoin(enrollments, eq(enrollments.id, paymentReceipts.enrollmentId))
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(after(paymentReceipts.id, last))
        .orderBy(paymentReceipts.id)
        .limit(EXPORT_BATCH);
    for await (const rows of byId(read, (x) => x.r.id)) {
      yield rows.map(({ r, student, course }) => [
        moment(r.submittedAt),
        student.studentName,
        student.studentCode,
        course,
        r.paidAmount,
        day(r.paymentDate),
        r.coursePrice,
        r.paymentReferenceCode ?? "",
        RECEIPT_STATUS_LABELS[r.status],
        moment(r.reviewedAt),
        r.notes ?? "",
      ]);
    }
  },
};

const certificateTable: ExportTable = {
  file: "certificados",
  sheet: "Certificados",
  headers: [
    "Número",
    "Aluno",
    "Código do aluno",
    "Curso",
    "Data de conclusão",
    "Data de emissão",
    "Carga horária (horas)",
    "Duração (meses)",
    "Revogado em",
    "Motivo da revogação",
  ],
  async *rows(db) {
    const read = (last: string | null) =>
      db
        .select({ c: certificates, studentCode: studentAccounts.studentCode })
        .from(certificates)
        .innerJoin(studentAccounts, eq(studentAccounts.id, certificates.studentAccountId))
        .where(after(certificates.id, last))
        .orderBy(certificates.id)
        .limit(EXPORT_BATCH);
    for await (const rows of byId(read, (x) => x.c.id)) {
      yield rows.map(({ c, studentCode }) => [
        c.certificateNumber,
        c.studentName,
        studentCode,
        c.courseName,
        day(c.completionDate),
        day(c.issueDate),
        count(c.workloadHours),
        String(c.durationMonths),
        moment(c.revokedAt),
        c.revokedReason ?? "",
      ]);
    }
  },
};

const historyTable: ExportTable = {
  file: "historico",
  sheet: "Histórico",
  headers: ["Data e hora", "Aluno", "Telefone", "Curso", "Evento", "De", "Para", "Observação"],
  async *rows(db) {
    const read = (last: string | null) =>
      db
        .select({
          ev: enrollmentEvents,
          student: enrollments.studentName,
          phone: enrollments.studentPhone,
          course: courses.name,
        })
        .from(enrollmentEvents)
        .innerJoin(enrollments, eq(enrollments.id, enrollmentEvents.enrollmentId))
        .innerJoin(courses, eq(courses.id, enrollments.courseId))
        .where(after(enrollmentEvents.id, last))
        .orderBy(enrollmentEvents.id)
        .limit(EXPORT_BATCH);
    for await (const rows of byId(read, (x) => x.ev.id)) {
      yield rows.map(({ ev, student, phone: studentPhone, course }) => [
        moment(ev.at),
        student,
        phone(studentPhone),
        course,
        ev.kind ? ENROLLMENT_EVENT_LABELS[ev.kind] : "Mudança de estado",
        ev.fromStatus ? enrollmentStatusLabel(ev.fromStatus) : "",
        enrollmentStatusLabel(ev.toStatus),
        ev.note ?? "",
      ]);
    }
  },
};

/** The archive's tables, in the order the import takes the first four. */
export const EXPORT_TABLES: readonly ExportTable[] = [
  courseTable,
  teacherTable,
  classTable,
  enrollmentTable,
  accountTable,
  paymentTable,
  receiptTable,
  certificateTable,
  historyTable,
];
