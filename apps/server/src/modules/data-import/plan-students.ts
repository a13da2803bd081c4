import { birthDateError } from "@app/shared/calendar-date";
import { folded, IMPORT_ENROLLMENT_STATES } from "@app/shared/data-import/kinds";
import { todayInLuanda } from "@app/shared/dates";
import { enrollmentStatusLabel, IMPORTED_PAYMENT_METHOD, type Province } from "@app/shared/enums";
import { parseGrade } from "@app/shared/grades";
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Database, Tx } from "../../db/client";
import { classes, enrollments, payments, studentAccounts } from "../../db/schema";
import {
  type ImportPlan,
  nextTurn,
  type PlannedRow,
  planned,
  ROWS_PER_TURN,
  refused,
  rowByRow,
  sameFields,
} from "./import-plan";
import { duplicateFinder, problem, type RowValues, type SheetRow } from "./import-rows";
import { catalogIndex, unknownCourse } from "./plan-classes";
import {
  type Account,
  type NewEnrolment,
  recordImportedPayment,
  SEAT_STATES,
  type State,
  writeNewEnrolments,
} from "./write-students";

const stateLabel = (s: string) =>
  IMPORT_ENROLLMENT_STATES.find((o) => o.value === s)?.label ?? enrollmentStatusLabel(s);
const REFERENCE = /^[A-Z0-9]{4,50}$/;

/** What the sheet says of the student and the enrolment, as the enrolment row stores it. */
function enrollmentFields(v: RowValues) {
  return {
    studentName: v.studentName!,
    studentPhone: v.studentPhone!,
    studentEmail: v.studentEmail?.toLowerCase() ?? null,
    birthDate: v.birthDate!,
    fatherName: v.fatherName,
    motherName: v.motherName ?? "",
    nationality: v.nationality ?? "",
    birthPlace: v.birthPlace ?? "",
    province: v.province as Province,
    municipality: v.municipality ?? "",
    neighborhood: v.neighborhood ?? "",
    qualification: v.qualification ?? "",
    trainingArea: v.trainingArea ?? "",
    schedulePreference: v.schedulePreference!,
  };
}

/** The checks of one row that need nothing stored: its state's columns, e-mail, birth date, grade, code. */
function rowProblem(v: RowValues, state: State): string | null {
  if (v.studentEmail && !z.email().safeParse(v.studentEmail).success) return problem("E-mail", "e-mail inválido");
  const born = birthDateError(v.birthDate!, todayInLuanda());
  if (born) return problem("Data de nascimento", born);
  if ((v.paidAmount === null) !== (v.paymentDate === null)) {
    return v.paidAmount === null
      ? problem("Valor pago", "indique o valor da data do pagamento")
      : problem("Data do pagamento", "indique a data do valor pago");
  }
  if (SEAT_STATES.includes(state) && !v.className)
    return problem("Turma", `obrigatória quando o estado é ${stateLabel(state)}`);
  if (state === "enrolled" && v.paidAmount === null)
    return problem("Valor pago", "obrigatório quando o estado é Pago / Matriculado");
  if (state !== "enrolled" && state !== "completed" && v.paidAmount !== null) {
    return problem("Valor pago", `um pagamento só se importa com o estado Pago / Matriculado ou Concluído`);
  }
  if (state === "completed") {
    if (!v.finalGrade) return problem("Nota final", "obrigatória quando o estado é Concluído");
    const grade = parseGrade(v.finalGrade);
    if (!grade.ok) return problem("Nota final", grade.message);
  } else if (v.finalGrade) return problem("Nota final", "só se indica quando o estado é Concluído");
  if (v.referenceCode && !REFERENCE.test(v.referenceCode.toUpperCase())) {
    return problem("Código de referência", "use de 4 a 50 letras e algarismos, sem espaços");
  }
  return null;
}

/** The accounts, their enrolments and imported payments, the codes in use, the classes' seats. */
async function studentIndex(db: Database | Tx) {
  const accounts = await db.select().from(studentAccounts);
  const enrolmentRows = await db.select().from(enrollments);
  const importedPayments = await db
    .select()
    .from(payments)
    .where(inArray(payments.paymentMethod, [IMPORTED_PAYMENT_METHOD]));
  const seats = await db
    .select({ id: classes.id, name: classes.name, current: classes.currentStudents, max: classes.maxStudents })
    .from(classes);
  return {
    byBi: new Map(accounts.filter((a) => a.biNumber).map((a) => [folded(a.biNumber!), a])),
    byPhone: accounts.reduce(
      (m, a) => m.set(a.studentPhone, [...(m.get(a.studentPhone) ?? []), a]),
      new Map<string, Account[]>(),
    ),
    enrolment: new Map(
      enrolmentRows.filter((e) => e.studentAccountId).map((e) => [`${e.studentAccountId}|${e.courseId}`, e]),
    ),
    payment: new Map(importedPayments.map((p) => [p.enrollmentId, p])),
    codes: new Set(enrolmentRows.flatMap((e) => (e.paymentReferenceCode ? [e.paymentReferenceCode] : []))),
    studentCodes: new Set(accounts.map((a) => a.studentCode)),
    seats: new Map(seats.map((s) => [s.id, s])),
  };
}

const accountLabel = (a: Account) => `${a.studentCode} (${a.studentName})`;

/**
 * Students and their enrolments (decision 097): a row is one enrolment; the student is matched on the BI
 * number, else phone + name; the enrolment on student + course. A phone another account already uses is
 * shown, never linked (decision 024). Rows of one new student share the account the first one creates.
 * The new enrolments are written together, in batches (write-students.ts); an updated one by itself.
 */
export async function planStudents(db: Database | Tx, rows: SheetRow[]): Promise<ImportPlan> {
  const catalog = await catalogIndex(db);
  const index = await studentIndex(db);
  const duplicate = duplicateFinder("Aluno e curso");
  const codesInFile = new Map<string, number>();
  const fresh: NewEnrolment[] = [];

  const planRow = (row: SheetRow): PlannedRow => {
    if ("error" in row) return refused(row.line, row.key, row.error);
    const v = row.values;
    const { line } = row;
    const key = `${v.studentName} — ${v.course}`;
    const state = v.state as State;
    const fail = (why: string) => refused(line, key, why);
    const course = catalog.course(v.course!);
    if (!course) return fail(unknownCourse(v.course!));
    const cls = v.className ? catalog.schoolClass(course.id, v.className) : undefined;
    if (v.className && !cls) return fail(problem("Turma", `«${v.className}» não existe no curso «${course.name}»`));
    const wrong = rowProblem(v, state);
    if (wrong) return fail(wrong);

    const bi = v.biNumber ? folded(v.biNumber).toUpperCase() : null;
    const studentKey = bi ? `bi:${bi}` : `tel:${v.studentPhone}|${folded(v.studentName!)}`;
    const again = duplicate(`${studentKey}|${course.id}`, line);
    if (again) return fail(again);
    const holders = index.byPhone.get(v.studentPhone!) ?? [];
    const account = bi
      ? index.byBi.get(folded(bi))
      : holders.find((a) => folded(a.studentName) === folded(v.studentName!));
    const others = holders.filter((a) => a.id !== account?.id);
    if (others.length > 0 && (!account || account.studentPhone !== v.studentPhone)) {
      return fail(
        problem(
          "Telefone",
          `já é usado pela conta ${others.map(accountLabel).join(", ")}: confirme se é o mesmo aluno (o nº do BI identifica-o) ou corrija o telefone`,
        ),
      );
    }

    const code = v.referenceCode?.toUpperCase() ?? null;
    const existing = account ? index.enrolment.get(`${account.id}|${course.id}`) : undefined;
    if (code) {
      const firstLine = codesInFile.get(code);
      if (firstLine !== undefined)
        return fail(problem("Código de referência", `repetido no arquivo: igual à linha ${firstLine}`));
      if (index.codes.has(code) && existing?.paymentReferenceCode !== code)
        return fail(problem("Código de referência", `${code} já é de outra inscrição`));
      codesInFile.set(code, line);
    }
    const fields = enrollmentFields(v);
    // Read (and checked) by rowProblem: a completed row's grade is valid here.
    const read = parseGrade(v.finalGrade);
    const grade = state === "completed" && read.ok ? read.value : null;
    const accountFields = {
      studentName: fields.studentName,
      studentPhone: fields.studentPhone,
      studentEmail: fields.studentEmail,
      ...(bi ? { biNumber: bi } : {}),
    };
    const accountSame = account ? sameFields(account, accountFields) : false;
    const payment = v.paidAmount === null ? null : { amount: Number(v.paidAmount), paymentDate: v.paymentDate! };

    if (existing) {
      if (existing.status !== state)
        return fail(
          problem(
            "Estado",
            `a inscrição já existe como «${enrollmentStatusLabel(existing.status)}»: mude o estado no portal`,
          ),
        );
      if ((existing.classId ?? null) !== (SEAT_STATES.includes(state) ? cls!.id : existing.classId)) {
        return fail(problem("Turma", "a inscrição já tem outra turma: mude-a no portal"));
      }
      const paid = index.payment.get(existing.id);
      const enrolmentChanges = { ...fields, finalGrade: grade, ...(code ? { paymentReferenceCode: code } : {}) };
      const same =
        accountSame &&
        sameFields(existing, enrolmentChanges) &&
        (payment === null ? true : !!paid && sameFields(paid, payment));
      return planned(line, key, same ? "igual" : "atualizada", async (tx) => {
        await tx.update(studentAccounts).set(accountFields).where(sql`${studentAccounts.id} = ${account!.id}`);
        await tx.update(enrollments).set(enrolmentChanges).where(sql`${enrollments.id} = ${existing.id}`);
        if (payment && paid) await tx.update(payments).set(payment).where(sql`${payments.id} = ${paid.id}`);
        else if (payment) await recordImportedPayment(tx, existing.id, payment, line);
      });
    }

    if (SEAT_STATES.includes(state)) {
      const seat = index.seats.get(cls!.id)!;
      if (seat.current >= seat.max)
        return fail(problem("Turma", `«${seat.name}» está lotada: ${seat.max} de ${seat.max} vagas ocupadas`));
      seat.current++;
    }
    fresh.push({
      line,
      studentKey,
      account,
      accountFields,
      accountSame,
      fields,
      courseId: course.id,
      classId: SEAT_STATES.includes(state) ? cls!.id : null,
      state,
      code,
      grade,
      payment,
    });
    return planned(line, key, "nova");
  };

  const plannedRows: PlannedRow[] = [];
  for (const [i, row] of rows.entries()) {
    if (i % ROWS_PER_TURN === ROWS_PER_TURN - 1) await nextTurn();
    plannedRows.push(planRow(row));
  }
  const updates = rowByRow(plannedRows);
  return {
    rows: plannedRows,
    newAccounts: new Set(fresh.filter((e) => !e.account).map((e) => e.studentKey)).size,
    write: async (tx, run) => {
      await updates.write(tx, run);
      await writeNewEnrolments(tx, run, fresh, { studentCodes: index.studentCodes, referenceCodes: index.codes });
    },
  };
}
