// Three years of an institute's data, inserted with SQL in batches (unnest of arrays, 5 000 rows a
// statement), never through the API: courses, classes, student accounts, enrolments, receipts and
// payments with a realistic spread of statuses, dates, courses and classes. Deterministic (seeded PRNG).
// Stored files are four tiny placeholders shared by every row (the lists never read them).
import { createHash, randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const FULL_VOLUME = { students: 30_000, enrollments: 50_000, receipts: 40_000, payments: 40_000 };

const BATCH = 5_000;
const DAY = 86_400_000;
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"; // the codes' look-alike-free alphabet (shared/certificate-number)

const FIRST = [
  "João",
  "Maria",
  "Ana",
  "Pedro",
  "António",
  "Manuel",
  "Isabel",
  "Domingos",
  "Helena",
  "Francisco",
  "Teresa",
  "Paulo",
  "Rosa",
  "Miguel",
  "Joana",
  "Mateus",
  "Luísa",
  "Carlos",
  "Esperança",
  "Adelino",
  "Celestina",
  "Nzinga",
  "Kiala",
  "Kiesse",
  "Ndala",
  "Luzia",
  "Benvinda",
  "Filomena",
  "Afonso",
  "Garcia",
  "Edvaldo",
  "Yuri",
  "Madalena",
  "Fernando",
  "Josefa",
  "Lukeny",
  "Wilson",
  "Neusa",
  "Délcio",
  "Suzana",
];
const LAST = [
  "Silva",
  "Santos",
  "Domingos",
  "Tchissola",
  "Ngola",
  "Cassule",
  "Lunda",
  "Baptista",
  "Kiala",
  "Mendes",
  "Neto",
  "Sebastião",
  "Lopes",
  "Fernandes",
  "Afonso",
  "Mateus",
  "Cunha",
  "Capita",
  "Chipenda",
  "Kassoma",
  "Sapalo",
  "Catumbela",
  "Muxima",
  "Nunes",
  "Pascoal",
  "Quintas",
  "Vunge",
  "Bumba",
  "Cardoso",
  "Dala",
];
const PROVINCES = [
  "Luanda",
  "Luanda",
  "Luanda",
  "Luanda",
  "Benguela",
  "Huambo",
  "Huíla",
  "Cabinda",
  "Bengo",
  "Cuanza Sul",
  "Malanje",
  "Uíge",
  "Namibe",
  "Bié",
];
const MUNICIPALITIES = ["Belas", "Viana", "Cazenga", "Talatona", "Kilamba Kiaxi", "Cacuaco", "Luanda", "Lobito"];
const NEIGHBOURHOODS = ["Talatona", "Maianga", "Rangel", "Zango", "Sambizanga", "Benfica", "Camama", "Golfe"];
const QUALIFICATIONS = ["medio", "medio", "licenciatura", "fundamental", "bacharelado", "mestrado"];
const SCHEDULES = ["manha", "tarde", "noite"];
const SCHEDULE_LABEL = { manha: "Manhã (08h-12h)", tarde: "Tarde (14h-18h)", noite: "Noite (18h-22h)" };
const OPERATORS = ["923", "924", "926", "927", "912", "913", "944", "946", "991", "992", "994"];
const COURSES = [
  ["Desenvolvimento Web Full Stack", "Tecnologia", 6, 350_000],
  ["Excel Avançado", "Tecnologia", 2, 90_000],
  ["Redes de Computadores", "Tecnologia", 4, 220_000],
  ["Programação em Python", "Tecnologia", 3, 180_000],
  ["Segurança Informática", "Tecnologia", 4, 260_000],
  ["Marketing Digital", "Marketing", 3, 150_000],
  ["Gestão de Redes Sociais", "Marketing", 2, 95_000],
  ["Vendas e Atendimento", "Marketing", 2, 80_000],
  ["Inglês para Negócios", "Línguas", 4, 120_000],
  ["Francês Básico", "Línguas", 3, 100_000],
  ["Português Empresarial", "Línguas", 2, 70_000],
  ["Mandarim Iniciação", "Línguas", 4, 140_000],
  ["Gestão de Projectos", "Gestão", 3, 200_000],
  ["Contabilidade Geral", "Gestão", 4, 170_000],
  ["Recursos Humanos", "Gestão", 3, 160_000],
  ["Empreendedorismo", "Gestão", 2, 85_000],
  ["Design Gráfico", "Design", 4, 190_000],
  ["Fotografia Digital", "Design", 2, 110_000],
  ["Design de Interiores", "Design", 5, 240_000],
  ["Primeiros Socorros", "Saúde", 1, 45_000],
  ["Nutrição e Dietética", "Saúde", 3, 130_000],
  ["Higiene e Segurança no Trabalho", "Saúde", 2, 90_000],
  ["Didáctica e Pedagogia", "Educação", 3, 120_000],
  ["Formação de Formadores", "Educação", 2, 150_000],
];
const INTAKES = 9; // three a year (January, May, September) over three years; the last one is enrolling now

/** mulberry32: a small seeded PRNG, so two runs seed the same data. */
function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `pick(weights)` → a key drawn with the given relative weights. */
function weighted(rand, weights) {
  const total = Object.values(weights).reduce((s, w) => s + w, 0);
  let r = rand() * total;
  for (const [key, w] of Object.entries(weights)) {
    r -= w;
    if (r < 0) return key;
  }
  return Object.keys(weights).at(-1);
}

const code = (n, length) => {
  let out = "";
  for (let i = 0; i < length; i++) {
    out = ALPHABET[n % ALPHABET.length] + out;
    n = Math.floor(n / ALPHABET.length);
  }
  return out;
};
const isoDate = (ms) => new Date(ms).toISOString().slice(0, 10);
const iso = (ms) => new Date(ms).toISOString();

/** Inserts `rows` (objects) into `table` with one `insert … select * from unnest(…)` per BATCH rows. */
async function insertRows(db, table, columns, rows) {
  const names = Object.keys(columns);
  const list = names.map((n) => `"${n}"`).join(", ");
  const args = names.map((n, i) => `$${i + 1}::${columns[n]}[]`).join(", ");
  for (let i = 0; i < rows.length; i += BATCH) {
    const batch = rows.slice(i, i + BATCH);
    await db.query(
      `insert into ${table} (${list}) select * from unnest(${args})`,
      names.map((n) => batch.map((r) => r[n] ?? null)),
    );
  }
}

/**
 * Seeds `volume` (FULL_VOLUME scaled) into the server's database and the placeholder files into
 * `dataDir/files`. `passwordHash` is the credential every seeded student gets (a staff user's hash).
 */
export async function seedVolume(db, dataDir, volume, passwordHash) {
  const rand = prng(20_261_125);
  const now = Date.now();
  const intakeStart = (j) => now + 20 * DAY - (INTAKES - 1 - j) * 121 * DAY;

  // Placeholder files: one per kind, tiny, shared by every row that needs one.
  const files = {};
  const placeholder = {
    id_card_front: ["image/jpeg", "jpg"],
    id_card_back: ["image/jpeg", "jpg"],
    certificate: ["application/pdf", "pdf"],
    receipt: ["application/pdf", "pdf"],
  };
  for (const [kind, [contentType, ext]] of Object.entries(placeholder)) {
    const key = `bench/${kind}.${ext}`;
    const bytes = ext === "pdf" ? Buffer.from("%PDF-1.4\n%%EOF\n") : Buffer.from("ffd8ffe000104a46494600ffd9", "hex");
    mkdirSync(path.join(dataDir, "files", "bench"), { recursive: true });
    writeFileSync(path.join(dataDir, "files", key), bytes);
    files[kind] = randomUUID();
    await db.query("insert into stored_files (id, kind, content_type, size, storage_key) values ($1, $2, $3, $4, $5)", [
      files[kind],
      kind,
      contentType,
      bytes.length,
      key,
    ]);
  }

  // Courses (two of them no longer offered) and three classes (one per schedule) per course and intake.
  const courseRows = COURSES.map(([name, area, months, price], i) => ({
    id: randomUUID(),
    name,
    area,
    months,
    price,
    modality: i % 5 === 4 ? "online" : "presencial",
    status: i >= 22 ? "inactive" : "active",
    featured: i < 3,
  }));
  await insertRows(
    db,
    "courses",
    {
      id: "uuid",
      name: "text",
      description: "text",
      area: "course_area",
      modality: "modality",
      duration_months: "int",
      price: "numeric",
      status: "course_status",
      featured: "bool",
      created_at: "timestamptz",
    },
    courseRows.map((c) => ({
      id: c.id,
      name: c.name,
      description: `Curso de ${c.name}.`,
      area: c.area,
      modality: c.modality,
      duration_months: c.months,
      price: c.price,
      status: c.status,
      featured: c.featured,
      created_at: iso(intakeStart(0) - 90 * DAY),
    })),
  );
  const classOf = new Map(); // `${course}:${intake}:${schedule}` → class row
  for (const c of courseRows) {
    for (let j = 0; j < INTAKES; j++) {
      for (const s of SCHEDULES) {
        const start = intakeStart(j);
        const end = start + c.months * 30 * DAY;
        classOf.set(`${c.id}:${j}:${s}`, {
          id: randomUUID(),
          name: `Turma ${j + 1}${s[0].toUpperCase()} — ${isoDate(start).slice(0, 7)}`,
          course_id: c.id,
          class_type: c.modality,
          enrollment_start_date: isoDate(start - 60 * DAY),
          enrollment_end_date: isoDate(start - DAY),
          start_date: isoDate(start),
          end_date: isoDate(end),
          schedule: SCHEDULE_LABEL[s],
          max_students: 30,
          current_students: 0,
          status: end < now ? "completed" : "active",
          created_at: iso(start - 70 * DAY),
        });
      }
    }
  }

  // Student accounts (each with its auth user and credential).
  const students = Array.from({ length: volume.students }, (_, i) => {
    const name = `${FIRST[Math.floor(rand() * FIRST.length)]} ${LAST[Math.floor(rand() * LAST.length)]} ${LAST[Math.floor(rand() * LAST.length)]}`;
    const studentCode = `AL${code(i + 7919, 6)}`;
    return {
      id: randomUUID(),
      userId: `vol-${i}`,
      name,
      code: studentCode,
      phone: `${OPERATORS[i % OPERATORS.length]}${String(100_000 + ((i * 7_919) % 900_000)).padStart(6, "0")}`,
      email: i % 4 === 0 ? `${studentCode.toLowerCase()}@mail.example` : null,
    };
  });

  // Enrolments: every student applies once; the first (enrollments − students) apply for a second course.
  const enrollmentRows = [];
  for (let k = 0; k < volume.enrollments; k++) {
    const s = students[k % students.length];
    const course = courseRows[Math.floor(rand() ** 1.4 * courseRows.length)]; // a few courses are much wanted
    const current = rand() < 0.15;
    const j = current ? INTAKES - 1 : Math.floor(rand() * (INTAKES - 1));
    const applied = current ? now - rand() * 40 * DAY : intakeStart(j) - (5 + rand() * 50) * DAY;
    const status = current
      ? weighted(rand, {
          pre_inscrito: 30,
          correction_requested: 5,
          approved: 15,
          payment_pending: 15,
          receipt_rejected: 5,
          enrolled: 25,
          rejected: 5,
        })
      : weighted(rand, { enrolled: 6, completed: 65, not_completed: 8, rejected: 12, approved: 5, enrolled_old: 4 });
    const st = status === "enrolled_old" ? "enrolled" : status;
    const schedule = SCHEDULES[Math.floor(rand() * SCHEDULES.length)];
    const decided = !["pre_inscrito", "correction_requested", "rejected"].includes(st);
    const approvedAt = applied + (1 + rand() * 3) * DAY;
    const inClass = ["enrolled", "completed", "not_completed"].includes(st);
    const klass = inClass ? classOf.get(`${course.id}:${j}:${schedule}`) : null;
    if (klass) klass.current_students++;
    enrollmentRows.push({
      id: randomUUID(),
      user_id: s.userId,
      student_account_id: s.id,
      course_id: course.id,
      class_id: klass?.id,
      student_name: s.name,
      student_phone: s.phone,
      student_email: s.email,
      birth_date: isoDate(
        Date.UTC(1975 + Math.floor(rand() * 32), Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)),
      ),
      mother_name: `${FIRST[(k * 3) % FIRST.length]} ${LAST[(k * 7) % LAST.length]}`,
      nationality: "Angolana",
      birth_place: PROVINCES[k % PROVINCES.length],
      province: PROVINCES[(k * 5) % PROVINCES.length],
      municipality: MUNICIPALITIES[k % MUNICIPALITIES.length],
      neighborhood: NEIGHBOURHOODS[(k * 3) % NEIGHBOURHOODS.length],
      qualification: QUALIFICATIONS[k % QUALIFICATIONS.length],
      training_area: course.area,
      schedule_preference: schedule,
      id_card_front_file_id: files.id_card_front,
      id_card_back_file_id: files.id_card_back,
      certificate_file_id: files.certificate,
      status: st,
      application_date: iso(applied),
      approval_date: decided ? iso(approvedAt) : null,
      payment_reference_code: decided ? `V${code(k, 7)}` : null,
      payment_reference_sent_at: decided ? iso(approvedAt) : null,
      notes: st === "rejected" ? "Documentos ilegíveis e sem resposta ao pedido de correção" : null,
      final_grade:
        st === "completed"
          ? 10 + Math.round(rand() * 100) / 10
          : st === "not_completed"
            ? Math.round(rand() * 90) / 10
            : null,
      result_at: ["completed", "not_completed"].includes(st) ? iso(Date.parse(klass.end_date)) : null,
      created_at: iso(applied),
      // not columns: what the receipts and payments below need
      _price: course.price,
      _approvedAt: approvedAt,
    });
  }

  // Receipts: one per enrolment that sent one (pending, rejected, or approved for the enrolled), then
  // rejected first tries of enrolled students until the volume is reached.
  const PAID = new Set(["enrolled", "completed", "not_completed"]);
  const paidFamily = enrollmentRows.filter((e) => PAID.has(e.status));
  const receiptRows = [];
  const receipt = (e, status, dayOffset) => {
    const paid = rand() < 0.05 ? e._price - 5_000 : e._price;
    const sent = e._approvedAt + dayOffset * DAY;
    const r = {
      id: randomUUID(),
      student_account_id: e.student_account_id,
      enrollment_id: e.id,
      file_id: files.receipt,
      file_type: "pdf",
      status,
      paid_amount: paid,
      payment_date: isoDate(sent),
      course_price: e._price,
      payment_reference_code: e.payment_reference_code,
      submitted_at: iso(sent),
      reviewed_at: status === "pending" ? null : iso(sent + DAY),
      notes: status === "rejected" ? "O talão está cortado: não se vê o valor" : null,
      file_sha256: createHash("sha256").update(`receipt-${receiptRows.length}`).digest("hex"),
    };
    receiptRows.push(r);
    return r;
  };
  for (const e of enrollmentRows) {
    if (receiptRows.length >= volume.receipts) break;
    if (e.status === "payment_pending") receipt(e, "pending", 2);
    else if (e.status === "receipt_rejected") receipt(e, "rejected", 2);
    else if (PAID.has(e.status) && rand() < 0.93) e._receipt = receipt(e, "approved", 3);
  }
  for (let i = 0; receiptRows.length < volume.receipts && i < paidFamily.length; i += 3) {
    receipt(paidFamily[i], "rejected", 1);
  }

  // Payments: one completed per approved receipt, one confirmed at the desk (TPA, cash, deposit) for each
  // enrolled student who sent none, then failed or pending card attempts until the volume is reached.
  const paymentRows = [];
  const payment = (e, status, method, receiptId) =>
    paymentRows.push({
      id: randomUUID(),
      enrollment_id: e.id,
      amount: e._price,
      payment_date: isoDate(e._approvedAt + 3 * DAY),
      payment_method: method,
      status,
      receipt_id: receiptId,
      notes: receiptId ? `Comprovante aprovado (${e.payment_reference_code})` : null,
      created_at: iso(e._approvedAt + 4 * DAY),
    });
  for (const e of paidFamily) {
    if (paymentRows.length >= volume.payments) break;
    if (e._receipt) payment(e, "completed", "transferencia", e._receipt.id);
    else payment(e, "confirmed", ["tpa", "dinheiro", "deposito"][paymentRows.length % 3], null);
  }
  for (let i = 1; paymentRows.length < volume.payments && i < paidFamily.length; i += 2) {
    payment(paidFamily[i], i % 4 === 1 ? "failed" : "pending", "tpa", null);
  }

  for (const c of classOf.values()) c.max_students = Math.max(30, c.current_students);
  await insertRows(
    db,
    "classes",
    {
      id: "uuid",
      name: "text",
      course_id: "uuid",
      class_type: "modality",
      enrollment_start_date: "date",
      enrollment_end_date: "date",
      start_date: "date",
      end_date: "date",
      schedule: "text",
      max_students: "int",
      current_students: "int",
      status: "class_status",
      created_at: "timestamptz",
    },
    [...classOf.values()],
  );
  await insertRows(
    db,
    "auth_user",
    { id: "text", name: "text", email: "text" },
    students.map((s) => ({ id: s.userId, name: s.name, email: `${s.code.toLowerCase()}@alunos.invalid` })),
  );
  await insertRows(
    db,
    "auth_account",
    { id: "text", account_id: "text", provider_id: "text", user_id: "text", password: "text" },
    students.map((s) => ({
      id: `${s.userId}-credential`,
      account_id: s.userId,
      provider_id: "credential",
      user_id: s.userId,
      password: passwordHash,
    })),
  );
  await insertRows(
    db,
    "student_accounts",
    {
      id: "uuid",
      user_id: "text",
      student_name: "text",
      student_phone: "text",
      student_email: "text",
      student_code: "text",
      must_change_password: "bool",
      enrollment_completed: "bool",
    },
    students.map((s) => ({
      id: s.id,
      user_id: s.userId,
      student_name: s.name,
      student_phone: s.phone,
      student_email: s.email,
      student_code: s.code,
      must_change_password: false,
      enrollment_completed: true,
    })),
  );
  await insertRows(
    db,
    "enrollments",
    {
      id: "uuid",
      user_id: "text",
      student_account_id: "uuid",
      course_id: "uuid",
      class_id: "uuid",
      student_name: "text",
      student_phone: "text",
      student_email: "text",
      birth_date: "date",
      mother_name: "text",
      nationality: "text",
      birth_place: "text",
      province: "province",
      municipality: "text",
      neighborhood: "text",
      qualification: "text",
      training_area: "text",
      schedule_preference: "text",
      id_card_front_file_id: "uuid",
      id_card_back_file_id: "uuid",
      certificate_file_id: "uuid",
      status: "enrollment_status",
      application_date: "timestamptz",
      approval_date: "timestamptz",
      payment_reference_code: "text",
      payment_reference_sent_at: "timestamptz",
      notes: "text",
      final_grade: "numeric",
      result_at: "timestamptz",
      created_at: "timestamptz",
    },
    enrollmentRows,
  );
  await insertRows(
    db,
    "payment_receipts",
    {
      id: "uuid",
      student_account_id: "uuid",
      enrollment_id: "uuid",
      file_id: "uuid",
      file_type: "receipt_file_type",
      status: "receipt_status",
      paid_amount: "numeric",
      payment_date: "date",
      course_price: "numeric",
      payment_reference_code: "text",
      submitted_at: "timestamptz",
      reviewed_at: "timestamptz",
      notes: "text",
      file_sha256: "text",
    },
    receiptRows,
  );
  await insertRows(
    db,
    "payments",
    {
      id: "uuid",
      enrollment_id: "uuid",
      amount: "numeric",
      payment_date: "date",
      payment_method: "text",
      status: "payment_status",
      receipt_id: "uuid",
      notes: "text",
      created_at: "timestamptz",
    },
    paymentRows,
  );
  // As years of data are by the time they are this many: vacuumed (visibility map set, so counts can read
  // the indexes alone) and analysed. Without it autovacuum starts on the fresh rows in the middle of the
  // measurements and the figures describe the bulk load, not the lists.
  await db.query("vacuum analyze");

  const count = async (table) => Number((await db.query(`select count(*) from ${table}`)).rows[0].count);
  return {
    students: await count("student_accounts"),
    enrollments: await count("enrollments"),
    receipts: await count("payment_receipts"),
    payments: await count("payments"),
    classes: classOf.size,
    courses: courseRows.length,
  };
}
