// `npm run bench -- --import`: issue 38's scale — a students sheet of 5 000 students with 8 000 enrolments
// (3 000 students in two courses) imported in one request on the production build, within a minute, while
// another client keeps reading the catalogue (its slowest answer shows whether the server froze).
import { percentile, request, round } from "./http.mjs";
import { startBenchServer } from "./server.mjs";
import { createStaff, signInStaff } from "./staff.mjs";

export const IMPORT_GOALS = { students: 5_000, enrollments: 8_000, importMs: 60_000, otherP99Ms: 1_000 };

const HEADER =
  "Nome;Nº do BI;Telefone;Data de nascimento;Província;Horário preferido;Curso;Turma;Estado;Valor pago;Data do pagamento";

function studentsCsv() {
  const lines = [HEADER];
  const { students, enrollments } = IMPORT_GOALS;
  for (let i = 0; i < enrollments; i++) {
    const s = i % students;
    const course = i < students ? "Bench Importação A" : "Bench Importação B";
    const phone = `9${String(20_000_000 + s).padStart(8, "0")}`;
    const paid = i % 2 === 0;
    lines.push(
      [
        `Aluno Importado ${s}`,
        `BI${String(s).padStart(9, "0")}LA`,
        `+244 ${phone.slice(0, 3)} ${phone.slice(3, 6)} ${phone.slice(6)}`,
        "15/03/2001",
        "Luanda",
        "Manhã (08h-12h)",
        course,
        paid ? "Turma Bench" : "",
        paid ? "Pago / Matriculado" : "Pré-inscrito",
        paid ? "150.000,00" : "",
        paid ? "10/11/2026" : "",
      ].join(";"),
    );
  }
  return `\uFEFF${lines.join("\r\n")}`;
}

async function seed(db) {
  for (const name of ["Bench Importação A", "Bench Importação B"]) {
    const {
      rows: [course],
    } = await db.query("insert into courses (name, duration_months, price) values ($1, 3, 150000) returning id", [
      name,
    ]);
    await db.query(
      `insert into classes (name, course_id, class_type, enrollment_start_date, enrollment_end_date, start_date,
         end_date, schedule, max_students)
       values ('Turma Bench', $1, 'presencial', current_date, current_date + 10, current_date + 20, current_date + 120,
         '08h-12h', 10000)`,
      [course.id],
    );
  }
}

export async function importBench() {
  const server = await startBenchServer();
  const db = await server.database();
  try {
    await seed(db);
    const [staff] = await createStaff(server, db, ["admin"]);
    const cookie = await signInStaff(server.base, staff);
    const csv = studentsCsv();
    const fd = new FormData();
    fd.append("kind", "alunos");
    fd.append("file", new File([csv], "alunos.csv"));
    let importing = true;
    const others = [];
    const reader = (async () => {
      while (importing) others.push((await request(server.base, "GET", "/api/courses/catalog", {})).ms);
    })();
    let done;
    try {
      done = await request(server.base, "POST", "/api/admin/data-import", { form: fd, cookie, timeoutMs: 600_000 });
    } finally {
      // The reader stops before the server does, whatever the import's end.
      importing = false;
      await reader.catch(() => {});
    }
    if (done.status !== 201) throw new Error(`import answered ${done.status}: ${done.text().slice(0, 300)}`);
    const report = {
      students: IMPORT_GOALS.students,
      enrollments: IMPORT_GOALS.enrollments,
      fileKB: round(Buffer.byteLength(csv) / 1024, 1),
      importMs: round(done.ms),
      counts: done.json().counts,
      accounts: done.json().credentials.length,
      otherRequests: others.length,
      otherP99Ms: round(percentile(others, 99)),
    };
    const checks = [
      [
        `import of ${report.students} students, ${report.enrollments} enrolments`,
        `${report.importMs} ms (${report.accounts} accounts)`,
        report.importMs <= IMPORT_GOALS.importMs && report.counts.nova === IMPORT_GOALS.enrollments,
        `≤ ${IMPORT_GOALS.importMs} ms, every row new`,
      ],
      [
        "catalogue reads meanwhile, p99",
        `${report.otherP99Ms} ms over ${report.otherRequests}`,
        report.otherP99Ms <= IMPORT_GOALS.otherP99Ms,
        `≤ ${IMPORT_GOALS.otherP99Ms} ms`,
      ],
    ];
    return { report, checks };
  } finally {
    await db.end();
    await server.stop();
  }
}
