import { IMPORT_SPECS } from "@app/shared/data-import/kinds";
import { eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { enrollmentRow, insertClass, insertCourse } from "../../../test/fixtures";
import type { Tx } from "../../db/client";
import { classes, courses, enrollments, payments, studentAccounts, teachers } from "../../db/schema";
import { readStatementFile } from "../bank-statements/statement-file";
import { EXPORT_BATCH } from "../payments/payments.service";
import { insertStudentAccount } from "../student-accounts/student-accounts.service";

/** 'Exportar todos os dados' (issue 38, decision 101) through the API on a real PostgreSQL. */
describe("data export", () => {
  let source: TestContext;
  let superAdmin: { cookie: string };

  /** An installation with courses, teachers, classes, students with enrolments in several states, payments. */
  async function seed(ctx: TestContext) {
    const db = ctx.db;
    const informatica = await insertCourse(db, {
      name: "Informática Básica",
      description: 'Word; Excel e "Internet"',
      area: "Tecnologia",
      modality: "presencial",
      durationMonths: 3,
      workloadHours: 60,
      price: 150000.5,
    });
    const ingles = await insertCourse(db, {
      name: "Inglês Intermédio",
      modality: "online",
      durationMonths: 6,
      price: 75000,
      status: "inactive",
    });
    const [joana] = await db
      .insert(teachers)
      .values({
        teacherName: "Joana Mateus",
        teacherEmail: "joana.mateus@exemplo.ao",
        teacherPhone: "923111222",
        specialization: "Informática",
        qualification: "Licenciatura",
        yearsOfExperience: 5,
        bio: "Dá aulas desde 2019",
      })
      .returning();
    const [paulo] = await db
      .insert(teachers)
      .values({
        teacherName: "Paulo Neto",
        teacherPhone: "924333444",
        specialization: "Inglês",
        qualification: "Mestrado",
        yearsOfExperience: 10,
        status: "inactive",
      })
      .returning();
    const turmaA = await insertClass(db, informatica, {
      name: "Turma A - Manhã",
      teacherId: joana!.id,
      location: "Sala 1",
      maxStudents: 20,
      currentStudents: 1,
    });
    const turmaB = await insertClass(db, ingles, {
      name: "Turma B",
      teacherId: paulo!.id,
      classType: "online",
      schedule: "Seg e Qua, 18h-20h",
      currentStudents: 1,
    });
    const account = (studentName: string, studentPhone: string, more: { biNumber?: string; email?: string } = {}) =>
      insertStudentAccount(
        db as unknown as Tx,
        { studentName, studentPhone, studentEmail: more.email ?? null, biNumber: more.biNumber },
        "not-a-real-hash",
      );
    const ana = await account("Ana Luísa Gonçalves", "923456789", {
      biNumber: "004512345LA042",
      email: "ana@exemplo.ao",
    });
    const bruno = await account("Bruno Kiala", "923000111");
    const celia = await account("Célia Domingos", "924000222");
    const dario = await account("Dário Sousa", "925000333");
    const enrol = async (courseId: string, who: typeof ana, values: Record<string, unknown>) => {
      const [row] = await db
        .insert(enrollments)
        .values(
          enrollmentRow(courseId, {
            studentAccountId: who.id,
            userId: who.userId,
            studentName: who.studentName,
            studentPhone: who.studentPhone,
            studentEmail: who.studentEmail,
            ...values,
          }) as typeof enrollments.$inferInsert,
        )
        .returning();
      return row!;
    };
    const anaPaid = await enrol(informatica, ana, {
      classId: turmaA,
      status: "enrolled",
      paymentReferenceCode: "ANA2026X",
      birthDate: "2001-03-15",
    });
    const anaDone = await enrol(ingles, ana, {
      classId: turmaB,
      status: "completed",
      finalGrade: 16.5,
      birthDate: "2001-03-15",
      schedulePreference: "noite",
    });
    await enrol(ingles, bruno, { status: "pre_inscrito", province: "Benguela", schedulePreference: "tarde" });
    await enrol(informatica, celia, { status: "approved", paymentReferenceCode: "CELIA2026", qualification: "" });
    await enrol(informatica, dario, { status: "rejected" });
    await db.insert(payments).values([
      {
        enrollmentId: anaPaid.id,
        amount: 150000.5,
        paymentDate: "2026-11-10",
        paymentMethod: "transferencia",
        status: "confirmed",
      },
      {
        enrollmentId: anaDone.id,
        amount: 50000,
        paymentDate: "2026-10-01",
        paymentMethod: "dinheiro",
        status: "completed",
      },
      { enrollmentId: anaDone.id, amount: 25000, paymentDate: "2026-10-05", paymentMethod: "tpa", status: "confirmed" },
      { enrollmentId: anaDone.id, amount: 999, paymentDate: "2026-10-06", paymentMethod: "tpa", status: "failed" },
    ]);
  }

  beforeAll(async () => {
    source = await createTestContext();
    superAdmin = await staffActor(source, "super_admin", "Sara Super");
    await seed(source);
  });
  afterAll(() => source.close());

  const download = async (ctx: TestContext, cookie: string) => {
    const res = await ctx.app.request("/api/admin/data-export", jsonRequest("GET", undefined, cookie));
    expect(res.status).toBe(200);
    return { res, entries: unzipSync(new Uint8Array(await res.arrayBuffer())) };
  };

  const TABLES = [
    "cursos",
    "professores",
    "turmas",
    "alunos-e-inscricoes",
    "contas-de-alunos",
    "pagamentos",
    "comprovantes",
    "certificados",
    "historico",
  ];

  it("gives one ZIP named with the date: a CSV and an XLSX per table, the CSVs as the finance export writes them", async () => {
    const { res, entries } = await download(source, superAdmin.cookie);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="instituto-dados-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(Object.keys(entries)).toEqual(["LEIA-ME.txt", ...TABLES.flatMap((t) => [`${t}.csv`, `${t}.xlsx`])]);
    expect(strFromU8(entries["LEIA-ME.txt"]!)).toContain("não vão nesta exportação: estão na cópia de segurança");

    // The BOM kept: Excel then reads the file as UTF-8.
    const courses = new TextDecoder("utf-8", { ignoreBOM: true }).decode(entries["cursos.csv"]!);
    expect(
      courses.startsWith("\uFEFFNome;Descrição;Área;Modalidade;Duração (meses);Carga horária (horas);Preço;Estado\r\n"),
    ).toBe(true);
    expect(courses).toContain(
      'Informática Básica;"Word; Excel e ""Internet""";Tecnologia;Presencial;3;60;150000,50;Ativo\r\n',
    );
    expect(courses).toContain("Inglês Intermédio;;;Online;6;;75000,00;Inativo\r\n");

    const paid = strFromU8(entries["pagamentos.csv"]!);
    expect(paid).toContain(
      "10/11/2026;Ana Luísa Gonçalves;923456789;Informática Básica;150000,50;Transferência Bancária;Confirmado",
    );

    // The XLSX holds the same table, amounts as numbers.
    const sheet = readStatementFile(entries["cursos.xlsx"]!);
    if ("error" in sheet) throw new Error(sheet.error);
    expect(sheet.header).toEqual(IMPORT_SPECS.cursos.columns.map((c) => c.label));
    expect(sheet.rows.map((r) => r.cells[0]).sort()).toEqual(["Informática Básica", "Inglês Intermédio"]);
  });

  it("is the super_admin's only: admin and financeiro get 403", async () => {
    for (const role of ["admin", "financeiro"] as const) {
      const staff = await staffActor(source, role);
      const res = await source.app.request("/api/admin/data-export", jsonRequest("GET", undefined, staff.cookie));
      expect(res.status).toBe(403);
    }
  });

  /** The paid (not failed) payments of each enrolment. */
  function paidByEnrollment(rows: (typeof payments.$inferSelect)[]) {
    const byEnrollment = new Map<string, (typeof payments.$inferSelect)[]>();
    for (const p of rows.filter((r) => r.status !== "failed")) {
      byEnrollment.set(p.enrollmentId, [...(byEnrollment.get(p.enrollmentId) ?? []), p]);
    }
    return byEnrollment;
  }

  /** What a person compares between two installations: the lists, by their natural keys. */
  async function lists(ctx: TestContext) {
    const db = ctx.db;
    const courseRows = await db.select().from(courses);
    const courseName = new Map(courseRows.map((c) => [c.id, c.name]));
    const teacherRows = await db.select().from(teachers);
    const teacherName = new Map(teacherRows.map((t) => [t.id, t.teacherName]));
    const classRows = await db.select().from(classes);
    const className = new Map(classRows.map((c) => [c.id, c.name]));
    const enrollmentRows = await db.select().from(enrollments);
    const enrollmentOf = new Map(enrollmentRows.map((e) => [e.id, e]));
    const paid = await db.select().from(payments);
    const sorted = <T>(rows: T[]) => rows.sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    return {
      courses: sorted(
        courseRows.map((c) => [
          c.name,
          c.description,
          c.area,
          c.modality,
          c.durationMonths,
          c.workloadHours,
          c.price,
          c.status,
        ]),
      ),
      teachers: sorted(
        teacherRows.map((t) => [
          t.teacherName,
          t.teacherEmail,
          t.teacherPhone,
          t.specialization,
          t.qualification,
          t.yearsOfExperience,
          t.bio,
          t.status,
        ]),
      ),
      classes: sorted(
        classRows.map((c) => [
          courseName.get(c.courseId),
          c.name,
          c.teacherId && teacherName.get(c.teacherId),
          c.classType,
          c.location,
          c.enrollmentStartDate,
          c.enrollmentEndDate,
          c.startDate,
          c.endDate,
          c.schedule,
          c.maxStudents,
          c.currentStudents,
        ]),
      ),
      students: sorted(
        (await db.select().from(studentAccounts)).map((s) => [
          s.studentName,
          s.studentPhone,
          s.studentEmail,
          s.biNumber,
        ]),
      ),
      enrollments: sorted(
        enrollmentRows
          .filter((e) => e.status !== "rejected")
          .map((e) => [
            e.studentName,
            e.studentPhone,
            e.studentEmail,
            e.birthDate,
            e.province,
            e.schedulePreference,
            e.qualification,
            courseName.get(e.courseId),
            e.classId && className.get(e.classId),
            e.status,
            e.finalGrade,
            e.paymentReferenceCode,
          ]),
      ),
      // What each enrolment has paid: the import records the sum as one payment on the last date.
      paid: sorted(
        [...paidByEnrollment(paid).entries()].map(([id, rows]) => {
          const e = enrollmentOf.get(id)!;
          return [
            e.studentName,
            courseName.get(e.courseId),
            rows.reduce((total, p) => total + p.amount, 0),
            rows
              .map((p) => p.paymentDate)
              .sort()
              .at(-1),
          ];
        }),
      ),
    };
  }

  it("imports into an empty installation and gives back the same lists (the round trip)", async () => {
    const { entries } = await download(source, superAdmin.cookie);
    const target = await createTestContext();
    try {
      const admin = await staffActor(target, "admin");
      const importCsv = async (kind: string, file: string, onErrors = "nothing") => {
        const form = new FormData();
        form.append("kind", kind);
        form.append("file", new File([entries[`${file}.csv`]!], `${file}.csv`, { type: "text/csv" }));
        form.append("onErrors", onErrors);
        const res = await target.app.request("/api/admin/data-import", {
          method: "POST",
          body: form,
          headers: { cookie: admin.cookie, origin: TEST_BASE_URL },
        });
        expect(res.status).toBe(201);
        return body(res);
      };
      expect((await importCsv("cursos", "cursos")).counts).toEqual({ nova: 2, atualizada: 0, igual: 0, erro: 0 });
      expect((await importCsv("professores", "professores")).counts).toMatchObject({ nova: 2, erro: 0 });
      expect((await importCsv("turmas", "turmas")).counts).toMatchObject({ nova: 2, erro: 0 });
      // A rejected enrolment is in the export as it is, but the import takes only its four states.
      const students = await importCsv("alunos", "alunos-e-inscricoes", "skip");
      expect(students.counts).toEqual({ nova: 4, atualizada: 0, igual: 0, erro: 1 });
      expect(students.errors[0].reason).toMatch(/^Estado: «Rejeitado» não é um valor permitido/);

      const before = await lists(source);
      const after = await lists(target);
      // The rejected applicant's account has no enrolment that imports.
      expect(after.students).toEqual(before.students.filter((s) => s[0] !== "Dário Sousa"));
      expect(after).toEqual({ ...before, students: after.students });

      // The XLSX files read the same: previewed after the import, every row is already there.
      for (const [kind, file, rows] of [
        ["cursos", "cursos", 2],
        ["professores", "professores", 2],
        ["turmas", "turmas", 2],
        ["alunos", "alunos-e-inscricoes", 4],
      ] as const) {
        const form = new FormData();
        form.append("kind", kind);
        form.append("file", new File([entries[`${file}.xlsx`]!], `${file}.xlsx`));
        const res = await target.app.request("/api/admin/data-import/preview", {
          method: "POST",
          body: form,
          headers: { cookie: admin.cookie, origin: TEST_BASE_URL },
        });
        expect(res.status).toBe(200);
        expect((await body(res)).counts, file).toMatchObject({ nova: 0, atualizada: 0, igual: rows });
      }

      // The imported installation exports the same tables again.
      const superTarget = await staffActor(target, "super_admin");
      const again = await download(target, superTarget.cookie);
      for (const table of ["cursos", "professores", "turmas"]) {
        expect(strFromU8(again.entries[`${table}.csv`]!).split("\r\n").sort()).toEqual(
          strFromU8(entries[`${table}.csv`]!).split("\r\n").sort(),
        );
      }
      const [imported] = await target.db.select().from(payments).where(eq(payments.amount, 75000));
      expect(imported!.paymentMethod).toBe("importado");
    } finally {
      await target.close();
    }
  });

  it("reads each table a batch at a time: past a batch, every row once", async () => {
    const extra = EXPORT_BATCH + 5;
    await source.db
      .insert(courses)
      .values(Array.from({ length: extra }, (_, i) => ({ name: `Curso em lote ${i}`, durationMonths: 1, price: i })));
    const { entries } = await download(source, superAdmin.cookie);
    const lines = strFromU8(entries["cursos.csv"]!).trimEnd().split("\r\n").slice(1);
    const names = lines.map((l) => l.split(";")[0]);
    expect(names).toHaveLength(2 + extra);
    expect(new Set(names).size).toBe(names.length);
    const sheet = readStatementFile(entries["cursos.xlsx"]!);
    if ("error" in sheet) throw new Error(sheet.error);
    expect(sheet.rows).toHaveLength(2 + extra);
  });
});
