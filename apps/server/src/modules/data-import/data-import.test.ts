import { DATA_IMPORT_MESSAGES } from "@app/shared/contract/data-import.schemas";
import { IMPORT_SPECS } from "@app/shared/data-import/kinds";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHOSEN_STUDENT_PASSWORD, cookieOf, jsonRequest, staffActor } from "../../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../../test/context";
import { classes, courses, enrollments, payments, studentAccounts, teachers } from "../../db/schema";
import { readStatementFile } from "../bank-statements/statement-file";

/** 'Importar dados' (issue 38, decision 097) through the API on a real PostgreSQL. */
describe("data import", () => {
  let ctx: TestContext;
  let admin: { cookie: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    admin = await staffActor(ctx, "admin", "Adelina Admin");
  });
  afterAll(() => ctx.close());

  const sheet = (...lines: string[]) => `\uFEFF${lines.join("\r\n")}`;
  const form = (kind: string, csv: string, extra: Record<string, string> = {}) => {
    const fd = new FormData();
    fd.append("kind", kind);
    fd.append("file", new File([csv], `${kind}.csv`, { type: "text/csv" }));
    for (const [k, v] of Object.entries(extra)) fd.append(k, v);
    return fd;
  };
  const post = (path: string, fd: FormData, cookie = admin.cookie) =>
    ctx.app.request(`/api/admin/data-import${path}`, {
      method: "POST",
      body: fd,
      headers: { cookie, origin: TEST_BASE_URL },
    });
  const preview = async (kind: string, csv: string, extra?: Record<string, string>) => {
    const res = await post("/preview", form(kind, csv, extra));
    expect(res.status).toBe(200);
    return body(res);
  };
  const outcomes = (p: { rows: { line: number; outcome: string; reason: string | null }[] }) =>
    p.rows.map((r) => [r.line, r.outcome, r.reason]);
  const importSheet = async (kind: string, csv: string, extra?: Record<string, string>) => {
    const res = await post("", form(kind, csv, extra));
    expect(res.status).toBe(201);
    return body(res);
  };

  it("gives each kind's template: the columns in Portuguese, an example row, the allowed values; admin and super_admin only", async () => {
    const res = await ctx.app.request(
      "/api/admin/data-import/templates/alunos",
      jsonRequest("GET", undefined, admin.cookie),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toContain("modelo-alunos.xlsx");
    const table = readStatementFile(new Uint8Array(await res.arrayBuffer()));
    if ("error" in table) throw new Error(table.error);
    expect(table.header).toEqual(IMPORT_SPECS.alunos.columns.map((c) => c.label));
    expect(table.rows).toHaveLength(1);
    expect(table.rows[0]!.cells[2]).toBe("+244 923 456 789");

    const secretaria = await staffActor(ctx, "secretaria");
    const refused = await ctx.app.request(
      "/api/admin/data-import/templates/cursos",
      jsonRequest("GET", undefined, secretaria.cookie),
    );
    expect(refused.status).toBe(403);
    expect((await post("/preview", form("cursos", "Nome\r\nX"), secretaria.cookie)).status).toBe(403);
    expect((await post("", form("cursos", "Nome\r\nX"), secretaria.cookie)).status).toBe(403);
  });

  it("refuses a file over 5 MB before reading it, and an unknown kind", async () => {
    const big = form("cursos", "x".repeat(MAX_FILE_BYTES + 1));
    expect((await post("/preview", big)).status).toBe(413);
    const res = await post("/preview", form("receitas", "Nome\r\nX"));
    expect(res.status).toBe(400);
    expect(JSON.stringify(await body(res))).toContain(DATA_IMPORT_MESSAGES.kind);
  });

  it("says a picture sent as a sheet is not one in the import's words, not the bank statements'", async () => {
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]);
    const fd = new FormData();
    fd.append("kind", "cursos");
    fd.append("file", new File([png], "cursos.csv", { type: "text/csv" }));
    const res = await post("/preview", fd);
    expect(res.status).toBe(400);
    const text = JSON.stringify(await body(res));
    expect(text).toContain(DATA_IMPORT_MESSAGES.format);
    expect(text).not.toContain("extrato");
  });

  const COURSES = sheet(
    "Nome;Descrição;Área;Modalidade;Duração (meses);Carga horária (horas);Preço;Estado",
    "Informática na Óptica do Utilizador;Word e Excel;Tecnologia;Presencial;3;60;150.000,00;Ativo",
    "Inglês Intermédio;;Línguas;online;6;;75 000;",
    "Gestão de Projetos;;Gestão;Presencial;4;;150,000;Ativo",
    "informatica na optica do utilizador;;Tecnologia;Presencial;3;;1;Ativo",
    "Marketing Digital;;Publicidade;Presencial;2;;90000;Ativo",
  );

  it("courses: the preview gives each row its outcome naming the column, and writes nothing", async () => {
    const p = await preview("cursos", COURSES);
    expect(p.counts).toEqual({ nova: 2, atualizada: 0, igual: 0, erro: 3 });
    expect(p.smsConfigured).toBe(false); // no SMS provider here: the screen offers no SMS
    expect(outcomes(p)).toEqual([
      [2, "nova", null],
      [3, "nova", null],
      [
        4,
        "erro",
        "Preço: Valor ambíguo: use 150.000 ou 150 000 para cento e cinquenta mil, e vírgula para os cêntimos (150.000,50)",
      ],
      [5, "erro", "Curso repetido no arquivo: igual à linha 2"],
      [6, "erro", expect.stringMatching(/^Área: «Publicidade» não é um valor permitido \(use: Tecnologia, /)],
    ]);
    expect(p.mapping).toMatchObject({ name: 0, price: 6, status: 7 });
    expect(await ctx.db.select().from(courses)).toEqual([]);
  });

  it("courses: rows in error import nothing unless the valid ones are chosen; the same file again changes nothing", async () => {
    const refused = await post("", form("cursos", COURSES));
    expect(refused.status).toBe(409);
    expect((await body(refused)).error.message).toBe(
      "3 linhas têm erro: nada foi importado. Corrija a planilha, ou escolha importar só as linhas válidas",
    );
    expect(await ctx.db.select().from(courses)).toEqual([]);

    const done = await importSheet("cursos", COURSES, { onErrors: "skip" });
    expect(done.counts).toEqual({ nova: 2, atualizada: 0, igual: 0, erro: 3 });
    const stored = await ctx.db.select().from(courses);
    expect(stored.map((c) => [c.name, c.price, c.modality, c.status]).sort()).toEqual([
      ["Informática na Óptica do Utilizador", 150000, "presencial", "active"],
      ["Inglês Intermédio", 75000, "online", "active"],
    ]);

    const again = await preview("cursos", COURSES);
    expect(again.counts).toEqual({ nova: 0, atualizada: 0, igual: 2, erro: 3 });
    await importSheet("cursos", COURSES, { onErrors: "skip" });
    expect(await ctx.db.select().from(courses)).toEqual(stored);

    // One price fixed in Excel: only that row changes.
    const fixed = COURSES.replace("6;;75 000;", "6;;80.000,50;");
    const p = await preview("cursos", fixed);
    expect(outcomes(p).slice(0, 2)).toEqual([
      [2, "igual", null],
      [3, "atualizada", null],
    ]);
    await importSheet("cursos", fixed, { onErrors: "skip" });
    const [ingles] = await ctx.db.select().from(courses).where(eq(courses.name, "Inglês Intermédio"));
    expect(ingles!.price).toBe(80000.5);
  });

  it("keeps the column mapping per kind and proposes it for a sheet whose header does not name the columns", async () => {
    const odd = sheet("Designação;Valor;Meses", "Contabilidade Básica;50.000;2");
    const mapping = JSON.stringify({ name: 0, price: 1, durationMonths: 2 });
    const p = await preview("cursos", odd, { mapping });
    expect(outcomes(p)).toEqual([[2, "nova", null]]);
    await importSheet("cursos", odd, { mapping });
    const next = await preview("cursos", sheet("Designação;Valor;Meses", "Contabilidade Básica;50.000;2"));
    expect(next.mapping).toMatchObject({ name: 0, price: 1, durationMonths: 2 });
    expect(next.counts.igual).toBe(1);
  });

  it("teachers: matched on e-mail, else phone; phones normalised", async () => {
    const csv = sheet(
      "Nome;E-mail;Telefone;Especialização;Qualificação;Anos de experiência",
      "Joana Mateus;Joana.Mateus@exemplo.ao;+244 923 111 222;Informática;Licenciatura;5",
      "Paulo Neto;;00244 924 333 444;Inglês;Mestrado;10",
      "Sem Contacto;;;Gestão;Licenciatura;3",
      "Número Errado;;923 12;Gestão;Licenciatura;3",
    );
    const p = await preview("professores", csv);
    expect(outcomes(p)).toEqual([
      [2, "nova", null],
      [3, "nova", null],
      [4, "erro", "E-mail: indique o e-mail ou o telefone"],
      [5, "erro", "Telefone: Telefone deve ter 9 dígitos"],
    ]);
    await importSheet("professores", csv, { onErrors: "skip" });
    const stored = await ctx.db.select().from(teachers);
    expect(stored.map((t) => [t.teacherName, t.teacherEmail, t.teacherPhone]).sort()).toEqual([
      ["Joana Mateus", "joana.mateus@exemplo.ao", "923111222"],
      ["Paulo Neto", null, "924333444"],
    ]);
    expect((await preview("professores", csv)).counts).toMatchObject({ igual: 2, nova: 0 });
  });

  const CLASSES = sheet(
    "Curso;Turma;Professor;Modalidade;Local;Início das inscrições;Fim das inscrições;Início;Término;Horário;Máximo de alunos",
    "Informática na Óptica do Utilizador;Turma A;joana.mateus@exemplo.ao;Presencial;Sala 1;01/11/2026;30/11/2026;01/12/2026;28/02/2027;08h-12h;2",
    "Inglês Intermédio;Turma B;+244 924 333 444;Online;;01/11/2026;30/11/2026;01/12/2026;31/05/2027;18h-20h;30",
    "Fotografia;Turma C;;Presencial;;01/11/2026;30/11/2026;01/12/2026;28/02/2027;08h-12h;30",
    "Inglês Intermédio;Turma D;ninguem@exemplo.ao;Online;;01/11/2026;30/11/2026;01/12/2026;31/05/2027;18h-20h;30",
    "Inglês Intermédio;Turma E;;Online;;31/11/2026;30/11/2026;01/12/2026;31/05/2027;18h-20h;30",
  );

  it("classes: the course and teacher must exist; dates DD/MM/YYYY", async () => {
    const p = await preview("turmas", CLASSES);
    expect(outcomes(p)).toEqual([
      [2, "nova", null],
      [3, "nova", null],
      [4, "erro", "Curso: «Fotografia» não existe no portal: importe ou crie primeiro o curso"],
      [5, "erro", "Professor: «ninguem@exemplo.ao» não existe no portal"],
      [6, "erro", "Início das inscrições: Data ilegível: «31/11/2026» (este dia não existe)"],
    ]);
    await importSheet("turmas", CLASSES, { onErrors: "skip" });
    expect(
      (await ctx.db.select().from(classes)).map((c) => [c.name, c.maxStudents, c.teacherId !== null]).sort(),
    ).toEqual([
      ["Turma A", 2, true],
      ["Turma B", 30, true],
    ]);
    expect((await preview("turmas", CLASSES)).counts).toMatchObject({ igual: 2, nova: 0 });
  });

  const STUDENT_HEADER =
    "Nome;Nº do BI;Telefone;E-mail;Data de nascimento;Província;Horário preferido;Curso;Turma;Estado;Código de referência;Valor pago;Data do pagamento;Nota final";
  const STUDENTS = sheet(
    STUDENT_HEADER,
    "Ana Luísa Gonçalves;004512345LA042;+244 923 456 789;ana@exemplo.ao;15/03/2001;Luanda;Manhã (08h-12h);Informática na Óptica do Utilizador;Turma A;Pago / Matriculado;;150.000,00;10/11/2026;",
    "Ana Luísa Gonçalves;004512345LA042;+244 923 456 789;ana@exemplo.ao;15/03/2001;Luanda;Noite (18h-22h);Inglês Intermédio;Turma B;Concluído;;75 000;05/11/2026;16,5",
    "Bruno Kiala;;923 000 111;;01/02/1999;Benguela;Tarde;Inglês Intermédio;;Pré-inscrito;;;;",
    "Célia Domingos;;924 000 222;;20/07/2000;Huíla;Tarde;Inglês Intermédio;;Aprovado;;;;",
    "Dário Sousa;;925 000 333;;20/07/2000;Luanda;Tarde;Informática na Óptica do Utilizador;Turma A;Pago / Matriculado;;150.000;01/11/2026;",
    "Eva Lopes;;926 000 444;;20/07/2000;Luanda;Tarde;Informática na Óptica do Utilizador;Turma A;Pago / Matriculado;;150.000;01/11/2026;",
    "Bruno Kiala;;923 000 111;;01/02/1999;Benguela;Tarde;Inglês Intermédio;;Pré-inscrito;;;;",
    "Fábio Neto;;927 000 555;;31/02/2000;Luanda;Tarde;Inglês Intermédio;;Pré-inscrito;;;;",
    "Gina Sem Turma;;928 000 666;;20/07/2000;Luanda;Tarde;Inglês Intermédio;;Pago / Matriculado;;75.000;01/11/2026;",
    "Hugo Curso;;929 000 777;;20/07/2000;Luanda;Tarde;Fotografia;;Pré-inscrito;;;;",
    "Irene Telefone;;912 345 678;;20/07/2000;Luanda;Tarde;Inglês Intermédio;;Pré-inscrito;;;;",
  );

  it("students: accounts, enrolments in the sheet's state, payments 'importado', seats; every refusal named", async () => {
    // Someone else already has Irene's phone: shown, never linked (decision 024).
    const other = await ctx.app.request(
      "/api/student-accounts",
      jsonRequest("POST", { studentName: "Outra Pessoa", studentPhone: "912345678", hasEmail: false }),
    );
    expect(other.status).toBe(201);
    const otherCode = (await body(other)).studentCode;

    const p = await preview("alunos", STUDENTS);
    expect(outcomes(p)).toEqual([
      [2, "nova", null],
      [3, "nova", null],
      [4, "nova", null],
      [5, "nova", null],
      [6, "nova", null],
      [7, "erro", "Turma: «Turma A» está lotada: 2 de 2 vagas ocupadas"],
      [8, "erro", "Aluno e curso repetido no arquivo: igual à linha 4"],
      [9, "erro", "Data de nascimento: Data ilegível: «31/02/2000» (este dia não existe)"],
      [10, "erro", "Turma: obrigatória quando o estado é Pago / Matriculado"],
      [11, "erro", "Curso: «Fotografia» não existe no portal: importe ou crie primeiro o curso"],
      [
        12,
        "erro",
        `Telefone: já é usado pela conta ${otherCode} (Outra Pessoa): confirme se é o mesmo aluno (o nº do BI identifica-o) ou corrija o telefone`,
      ],
    ]);
    expect(p.counts).toEqual({ nova: 5, atualizada: 0, igual: 0, erro: 6 });
    expect(await ctx.db.select().from(enrollments)).toEqual([]);

    const done = await importSheet("alunos", STUDENTS, { onErrors: "skip" });
    // Ana's two rows share one account.
    expect(done.credentials.map((c: { studentName: string }) => c.studentName).sort()).toEqual([
      "Ana Luísa Gonçalves",
      "Bruno Kiala",
      "Célia Domingos",
      "Dário Sousa",
    ]);
    const rows = await ctx.db.select().from(enrollments);
    const byName = (n: string) => rows.filter((r) => r.studentName === n);
    expect(
      byName("Ana Luísa Gonçalves")
        .map((r) => [r.status, r.finalGrade])
        .sort(),
    ).toEqual([
      ["completed", 16.5],
      ["enrolled", null],
    ]);
    expect(byName("Bruno Kiala")[0]!.status).toBe("pre_inscrito");
    expect(byName("Célia Domingos")[0]!.paymentReferenceCode).toMatch(/^[A-Z2-9]{8}$/);
    const imported = await ctx.db.select().from(payments);
    expect(imported.map((x) => [x.amount, x.paymentDate, x.paymentMethod, x.status]).sort()).toEqual([
      [150000, "2026-11-01", "importado", "confirmed"],
      [150000, "2026-11-10", "importado", "confirmed"],
      [75000, "2026-11-05", "importado", "confirmed"],
    ]);
    const [turmaA] = await ctx.db.select().from(classes).where(eq(classes.name, "Turma A"));
    expect(turmaA!.currentStudents).toBe(2);
    const [ana] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentPhone, "923456789"));
    expect(ana!.biNumber).toBe("004512345LA042");

    // Financeiro sees the imported payments under their method.
    const financeiro = await staffActor(ctx, "financeiro");
    const listed = await ctx.app.request(
      "/api/admin/payments?method=importado",
      jsonRequest("GET", undefined, financeiro.cookie),
    );
    expect(listed.status).toBe(200);
    expect((await body(listed)).total).toBe(3);

    // The student signs in with the listed credentials and sees the enrolments.
    const anaCredentials = done.credentials.find(
      (c: { studentName: string }) => c.studentName === "Ana Luísa Gonçalves",
    );
    const signedIn = await ctx.app.request(
      "/api/auth/student/sign-in",
      jsonRequest("POST", { code: anaCredentials.studentCode, password: anaCredentials.studentPassword }),
    );
    expect(signedIn.status).toBe(200);
    const cookie = cookieOf(signedIn);
    const changed = await ctx.app.request(
      "/api/me/account/password",
      jsonRequest("PUT", { newPassword: CHOSEN_STUDENT_PASSWORD, confirmPassword: CHOSEN_STUDENT_PASSWORD }, cookie),
    );
    expect(changed.status).toBe(200);
    const mine = await body(await ctx.app.request("/api/me/enrollments", jsonRequest("GET", undefined, cookie)));
    expect(JSON.stringify(mine)).toContain("Inglês Intermédio");
    expect(JSON.stringify(mine)).toContain("Informática na Óptica do Utilizador");

    // The same file again: nothing new, nothing changed.
    const again = await preview("alunos", STUDENTS);
    expect(again.counts).toEqual({ nova: 0, atualizada: 0, igual: 5, erro: 6 });
    const second = await importSheet("alunos", STUDENTS, { onErrors: "skip" });
    expect(second.credentials).toEqual([]);
    expect(await ctx.db.select().from(enrollments)).toHaveLength(rows.length);
    expect(await ctx.db.select().from(payments)).toHaveLength(3);
    const [turmaAAgain] = await ctx.db.select().from(classes).where(eq(classes.name, "Turma A"));
    expect(turmaAAgain!.currentStudents).toBe(2);
  });
});
