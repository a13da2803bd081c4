// `npm run bench -- --statements`: issue 25's bank-statement budget on the production build — a CSV of
// 5 000 credit lines (a header preamble, codes written with spaces, one in ten with a look-alike swapped,
// one in ten without a code) against 5 000 enrolments awaiting payment: the import (reading, checksums,
// matching and storing, one request) within 2 s; then the same file again (every line already imported).
import { xlsxFile } from "../../apps/server/test/xlsx-writer.mjs";
import { request, round } from "./http.mjs";
import { startBenchServer } from "./server.mjs";
import { createStaff, signInStaff } from "./staff.mjs";

export const STATEMENT_GOALS = { importMs: 2_000, lines: 5_000 };
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

/** A code of 8 characters of the look-alike-free alphabet, from a number (distinct numbers, distinct codes). */
function code(n) {
  let s = "";
  for (let i = 0, x = n * 7919 + 104_729; i < 8; i++, x = Math.floor(x / ALPHABET.length))
    s += ALPHABET[x % ALPHABET.length];
  return s;
}

async function seed(db, n) {
  const {
    rows: [course],
  } = await db.query(
    "insert into courses (name, duration_months, price) values ('Bench Extratos', 3, 150000) returning id",
  );
  await db.query(
    `insert into enrollments (course_id, student_name, student_phone, birth_date, mother_name, nationality,
       birth_place, province, municipality, neighborhood, qualification, training_area, schedule_preference,
       status, payment_reference_code)
     select $1, 'Aluno ' || i, '923' || lpad(i::text, 6, '0'), '2000-01-01', 'Mãe', 'Angolana', 'Luanda',
       'Luanda', 'Belas', 'Talatona', 'medio', 'Gestão', 'manha', 'approved', c
     from unnest($2::text[]) with ordinality as t(c, i)`,
    [course.id, Array.from({ length: n }, (_, i) => code(i))],
  );
}

function statementCsv(n) {
  const lines = [
    "Banco Bench",
    "Conta: 0040 0000 0000",
    "Período: 01/11/2026 a 30/11/2026",
    "",
    "Data;Descritivo;Valor;Ordenante",
  ];
  for (let i = 0; i < n; i++) {
    const c = code(i);
    const written =
      i % 10 === 1 ? "SEM CODIGO" : `${c.slice(0, 4)} ${i % 10 === 2 ? c.slice(4).replace(/5/g, "S") : c.slice(4)}`;
    const day = String(1 + (i % 28)).padStart(2, "0");
    lines.push(`${day}/11/2026;TRF PROPINA ${written};${i % 7 === 0 ? "140.000,00" : "150.000,00"};Aluno ${i}`);
  }
  return lines.join("\r\n");
}

/** The same statement as an XLSX (decision 073): dates as date cells, amounts as numbers. */
function statementXlsx(csv) {
  return xlsxFile(
    csv.split("\r\n").map((line, i) => {
      const cells = line.split(";");
      if (i < 5) return cells;
      const [d, m, y] = cells[0].split("/");
      return [{ date: `${y}-${m}-${d}` }, cells[1], Number(cells[2].replace(/\./g, "").replace(",", ".")), cells[3]];
    }),
  );
}

export async function statementBench() {
  const server = await startBenchServer();
  const db = await server.database();
  try {
    const n = STATEMENT_GOALS.lines;
    await seed(db, n);
    const [staff] = await createStaff(server, db, ["financeiro"]);
    const cookie = await signInStaff(server.base, staff);
    const csv = statementCsv(n);
    const xlsx = statementXlsx(csv);
    const form = (file = csv, name = "extrato.csv") => {
      const fd = new FormData();
      fd.append("bankName", "Banco Bench");
      fd.append("file", new File([file], name));
      fd.append("mapping", JSON.stringify({ dateColumn: 0, referenceColumn: 1, amountColumn: 2, payerColumn: 3 }));
      return fd;
    };
    const first = await request(server.base, "POST", "/api/admin/bank-statements", {
      form: form(),
      cookie,
      timeoutMs: 60_000,
    });
    if (first.status !== 201) throw new Error(`import answered ${first.status}: ${first.text().slice(0, 300)}`);
    const again = await request(server.base, "POST", "/api/admin/bank-statements", {
      form: form(),
      cookie,
      timeoutMs: 60_000,
    });
    if (again.status !== 201) throw new Error(`re-import answered ${again.status}`);
    // The XLSX of the same lines after clearing them: a full import read from the spreadsheet.
    await db.query("delete from bank_statement_lines");
    const fromXlsx = await request(server.base, "POST", "/api/admin/bank-statements", {
      form: form(xlsx, "extrato.xlsx"),
      cookie,
      timeoutMs: 60_000,
    });
    if (fromXlsx.status !== 201)
      throw new Error(`XLSX import answered ${fromXlsx.status}: ${fromXlsx.text().slice(0, 300)}`);
    const report = {
      lines: n,
      fileKB: round(Buffer.byteLength(csv) / 1024, 1),
      importMs: round(first.ms),
      counts: first.json().counts,
      reimportMs: round(again.ms),
      reimportCounts: again.json().counts,
      xlsxKB: round(xlsx.byteLength / 1024, 1),
      xlsxImportMs: round(fromXlsx.ms),
      xlsxCounts: fromXlsx.json().counts,
    };
    const checks = [
      [
        `import of ${n} lines`,
        `${report.importMs} ms`,
        report.importMs <= STATEMENT_GOALS.importMs,
        `≤ ${STATEMENT_GOALS.importMs} ms`,
      ],
      [
        `re-import of the same file`,
        `${report.reimportMs} ms`,
        report.reimportMs <= STATEMENT_GOALS.importMs,
        `≤ ${STATEMENT_GOALS.importMs} ms`,
      ],
      [
        `import of ${n} lines from XLSX`,
        `${report.xlsxImportMs} ms`,
        report.xlsxImportMs <= STATEMENT_GOALS.importMs &&
          report.xlsxCounts.alreadyImported === 0 &&
          JSON.stringify(report.xlsxCounts) === JSON.stringify(report.counts),
        `≤ ${STATEMENT_GOALS.importMs} ms, same counts as the CSV`,
      ],
      [
        "lines stored once",
        `${report.reimportCounts.alreadyImported} already imported`,
        report.reimportCounts.alreadyImported === n,
        `${n}`,
      ],
    ];
    return { report, checks };
  } finally {
    await db.end();
    await server.stop();
  }
}
