// `npm run bench -- --load`: an enrolment day on one instance (production build, embedded PostgreSQL, the
// demo catalogue) for 60 s, then the same day on two instances of one PostgreSQL (decision 090). 300
// students arrive over the first 25 s, each from its own address (127.1.x.y: one phone each, so the
// per-address sign-in limits apply as in real life): home page, sign up, sign in, choose a password, open
// their area, send the application with three JPEG photos (their journey: it must be done within 5 minutes
// of arriving, however long the day has run), wait in their area for the approval, send a transfer
// receipt, keep looking at their area. A 503 'crowded' (the password hasher's line is full) is waited out
// for its Retry-After and sent again, as the web does and as a student would. 20 staff from the office's one
// address: 10 secretaria review and approve applications, 6 financeiro open and validate receipts, read
// Financeiro and export it (signing in with their authenticator's code, as a new installation requires
// of financeiro, decision 076), 4 admin read the dashboard, the lists and single enrolments. Each request is
// timed by kind; afterwards the database is checked for lost or doubled writes.
import { scryptSync } from "node:crypto";
import { readdirSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { studentDocuments } from "./documents.mjs";
import { clientAgent, listRows, percentile, request, round } from "./http.mjs";
import { cpuSeconds, sampleMemory, startBenchServer } from "./server.mjs";
import { createStaff, signInStaff } from "./staff.mjs";

export const LOAD_GOALS = { readP99Ms: 300, uploadP99Ms: 800, errors: 0, journeyMinutes: 5 };
const JOURNEY_MS = LOAD_GOALS.journeyMinutes * 60_000;
/** How often a client sends a request again after a 503 'crowded' before it counts it as an error. */
const CROWDED_RETRIES = 20;
const STUDENT_PASSWORD = "MINHA1";
const ARRIVALS_MS = 25_000;
const FIRST_PAGE = "page=1&pageSize=20";

/** Kinds of request, each a read, a write or an upload (the goals differ). */
const KINDS = {
  "home: catalogue": "read",
  "student: area": "read",
  "student: area page (drawn with data)": "read",
  "student: sign-up": "write",
  "student: sign-in": "write",
  "student: choose password": "write",
  "student: application (3 photos)": "upload",
  "student: receipt upload": "upload",
  "staff: sign-in": "write",
  "staff: sign-in code": "write",
  "staff: list": "read",
  "staff: dashboard": "read",
  "staff: open enrolment": "read",
  "staff: open document": "read",
  "staff: reference code": "read",
  "staff: approve enrolment": "write",
  "staff: validate receipt": "write",
  "staff: export CSV": "read",
};

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const between = (lo, hi) => lo + Math.random() * (hi - lo);

/** `origin`: the site's address (BASE_URL), which the browser sends whichever instance answers. */
function recorder(origin) {
  const times = Object.fromEntries(Object.keys(KINDS).map((k) => [k, []]));
  /** Per kind, the 503 'crowded' answers (each then waited out and sent again) and the slowest of them. */
  const crowded = Object.fromEntries(Object.keys(KINDS).map((k) => [k, { count: 0, slowestMs: 0 }]));
  const errors = [];
  return {
    times,
    crowded,
    errors,
    /**
     * Sends, times under `kind`, and records any answer outside `ok` (or a network failure) as an error. A
     * 503 'crowded' is waited out (Retry-After) and sent again. Answers the response, null when refused,
     * undefined when no answer came (a timeout).
     */
    async send(kind, method, base, url, options, ok = [200, 201]) {
      try {
        const headers = { "accept-encoding": "gzip, br", origin };
        let res = await request(base, method, url, { headers, ...options });
        for (let retry = 0; isCrowded(res) && retry < CROWDED_RETRIES; retry++) {
          crowded[kind].count++;
          crowded[kind].slowestMs = Math.max(crowded[kind].slowestMs, res.ms);
          await sleep(Number(res.headers["retry-after"]) * 1000 + between(0, 500));
          res = await request(base, method, url, { headers, ...options });
        }
        times[kind].push(res.ms);
        if (!ok.includes(res.status)) {
          errors.push(`${kind}: ${method} ${url.split("?")[0]} → ${res.status} ${res.text().slice(0, 160)}`);
          return null;
        }
        return res;
      } catch (err) {
        errors.push(`${kind}: ${method} ${url.split("?")[0]} → ${err.message}`);
        return undefined; // no answer: the write may or may not have happened
      }
    },
  };
}

/** The server's 503 of a full password hasher's line (decision 090): send it again after Retry-After. */
function isCrowded(res) {
  if (res.status !== 503 || !res.headers["retry-after"]) return false;
  try {
    return res.json().error?.code === "crowded";
  } catch {
    return false;
  }
}

/** Stable partition of ids between `n` workers, so two staff never take the same row. */
const ownedBy = (id, n) => Number.parseInt(id.replace(/-/g, "").slice(-6), 16) % n;

function form(fields, files) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  for (const [k, [bytes, name]] of Object.entries(files)) fd.append(k, new File([bytes], name, { type: "image/jpeg" }));
  return fd;
}

async function student(i, ctx) {
  const { rec, deadline, courses, docs, outcome } = ctx;
  const base = ctx.instanceFor(i);
  const agent = clientAgent(`127.1.${Math.floor(i / 250)}.${(i % 250) + 1}`);
  const phone = `93${String(i).padStart(7, "0")}`;
  // Each write: "yes" (answered 201), "unknown" (no answer: it may have happened) or "no".
  const me = { i, phone, account: "no", application: "no", receipt: "no", arrivedAt: Date.now() };
  const outcomeOf = (res) => (res ? "yes" : res === undefined ? "unknown" : "no");
  outcome.push(me);
  const live = () => Date.now() < deadline;
  // Until the application is sent the student keeps going, however long the day has run: up to 5 minutes.
  const onTheWay = () => Date.now() < me.arrivedAt + JOURNEY_MS;
  const area = async (cookie) => {
    await rec.send("student: area", "GET", base, "/api/session", { agent, cookie });
    await rec.send("student: area", "GET", base, "/api/me/account", { agent, cookie });
    const res = await rec.send("student: area", "GET", base, "/api/me/enrollments", { agent, cookie });
    return res ? res.json() : [];
  };
  try {
    await rec.send("home: catalogue", "GET", base, "/api/courses/catalog", { agent });
    await sleep(between(500, 1500));
    if (!onTheWay()) return;
    const created = await rec.send(
      "student: sign-up",
      "POST",
      base,
      "/api/student-accounts",
      {
        agent,
        json: { studentName: `Aluno Carga ${i}`, studentPhone: phone, hasEmail: false },
      },
      [201],
    );
    me.account = outcomeOf(created);
    if (!created) return;
    const { studentCode, studentPassword } = created.json();
    const signedIn = await rec.send("student: sign-in", "POST", base, "/api/auth/student/sign-in", {
      agent,
      json: { code: studentCode, password: studentPassword },
    });
    if (!signedIn) return;
    let cookie = signedIn.cookie;
    const changed = await rec.send("student: choose password", "PUT", base, "/api/me/account/password", {
      agent,
      cookie,
      // Just signed in with the temporary password: not asked again (decision 090).
      json: { newPassword: STUDENT_PASSWORD, confirmPassword: STUDENT_PASSWORD },
    });
    if (!changed) return;
    if (changed.cookie) cookie = changed.cookie;
    await area(cookie);
    await sleep(between(1000, 3000)); // filling in the form
    if (!onTheWay()) return;
    const course = courses[i % courses.length];
    const application = await rec.send(
      "student: application (3 photos)",
      "POST",
      base,
      "/api/me/enrollments",
      {
        agent,
        cookie,
        form: form(
          {
            birthDate: "2001-05-14",
            motherName: "Ana Maria Lunda",
            fatherName: "",
            nationality: "Angolana",
            birthPlace: "Luanda",
            province: "Luanda",
            municipality: "Belas",
            neighborhood: "Talatona",
            qualification: "medio",
            trainingArea: "Informática",
            courseId: course.id,
            schedulePreference: "noite",
          },
          {
            idCardFront: [docs.idCardFront, "bi-frente.jpg"],
            idCardBack: [docs.idCardBack, "bi-verso.jpg"],
            certificate: [docs.certificate, "certificado.jpg"],
          },
        ),
      },
      [201],
    );
    me.application = outcomeOf(application);
    if (!application) return;
    me.journeyMs = Date.now() - me.arrivedAt;
    me.applicationAt = Date.now();
    // In their area until the secretariat approves (the reference code arrives), then the receipt.
    let enrolment;
    while (live()) {
      await sleep(between(2500, 4000));
      [enrolment] = await area(cookie);
      if (enrolment?.paymentReferenceCode) break;
    }
    if (!enrolment?.paymentReferenceCode || !live()) return;
    // Back to pay: the student opens the area's address afresh, which the server draws with their data
    // (decision 102; past two drawings at once it sends the screen as built), then the receipts.
    await rec.send("student: area page (drawn with data)", "GET", base, "/aluno/pagamento", { agent, cookie });
    await rec.send("student: area", "GET", base, "/api/me/receipts", { agent, cookie });
    await sleep(between(1000, 2500));
    if (!live()) return;
    const receipt = await rec.send(
      "student: receipt upload",
      "POST",
      base,
      "/api/me/receipts",
      {
        agent,
        cookie,
        form: form(
          {
            enrollmentId: enrolment.id,
            paidAmount: `${String(Math.round(enrolment.coursePrice)).replace(/\B(?=(\d{3})+$)/g, ".")},00`,
            paymentDate: new Date().toISOString().slice(0, 10),
          },
          { file: [docs.receipt, "talao.jpg"] },
        ),
      },
      [201],
    );
    me.receipt = outcomeOf(receipt);
    if (!receipt) return;
    while (live()) {
      await sleep(between(4000, 8000));
      if (live()) await area(cookie);
    }
  } finally {
    agent.destroy();
  }
}

/** The rows of a staff list; when paged and `wanted` finds none on page 1, up to 4 more pages. */
async function findWork(rec, base, listPath, cookie, agent, wanted) {
  for (let page = 1; page <= 5; page++) {
    const res = await rec.send(
      "staff: list",
      "GET",
      base,
      `${listPath}?${FIRST_PAGE.replace("page=1", `page=${page}`)}`,
      {
        agent,
        cookie,
      },
    );
    if (!res) return [];
    const answer = res.json();
    const mine = listRows(answer).filter(wanted);
    if (mine.length > 0 || Array.isArray(answer) || !(answer.total > page * 20)) return mine;
  }
  return [];
}

/** A staff member working through a queue: the list, up to three of their rows handled, `also`, again. */
async function workQueue(ctx, { list, wanted, handle, also }) {
  const { base, rec, deadline } = ctx;
  const agent = clientAgent();
  const cookie = await ctx.signIn(agent, base);
  const as = { agent, cookie };
  while (cookie && Date.now() < deadline) {
    const todo = await findWork(rec, base, list, cookie, agent, wanted);
    for (const row of todo.slice(0, 3)) {
      if (Date.now() >= deadline) break;
      await handle(row, as);
      await sleep(between(300, 800)); // looking at the photos, the slip
    }
    if (also && Date.now() < deadline) await also(as);
    await sleep(todo.length ? between(300, 800) : between(1500, 2500));
  }
  agent.destroy();
}

/** Secretaria k of n: opens each new application of theirs, a document, and approves it with a code. */
function secretaria(k, n, ctx) {
  const { base, rec, approvals } = ctx;
  return workQueue(ctx, {
    list: "/api/admin/enrollments",
    wanted: (e) => e.status === "pre_inscrito" && ownedBy(e.id, n) === k,
    async handle(e, as) {
      const detail = await rec.send("staff: open enrolment", "GET", base, `/api/admin/enrollments/${e.id}`, as);
      const doc = detail?.json().documents.find((d) => d.fileId);
      if (doc) await rec.send("staff: open document", "GET", base, `/api/files/${doc.fileId}`, as);
      const proposed = await rec.send(
        "staff: reference code",
        "GET",
        base,
        "/api/admin/enrollments/reference-code",
        as,
      );
      if (!proposed) return;
      const approved = await rec.send(
        "staff: approve enrolment",
        "POST",
        base,
        `/api/admin/enrollments/${e.id}/approve`,
        {
          ...as,
          json: { referenceCode: proposed.json().referenceCode, documentsChecked: true, personalDataChecked: true },
        },
      );
      if (approved) approvals.push(e.id);
    },
  });
}

/** Financeiro k of n: opens each pending receipt of theirs and validates it; now and then Financeiro and its CSV. */
function financeiro(k, n, ctx) {
  const { base, rec, validations } = ctx;
  let nextExport = Date.now() + between(5000, 15_000);
  return workQueue(ctx, {
    list: "/api/admin/receipts",
    // The day's receipts: the demo's own (one short of its balance, decision 083) wait for a person's choice.
    wanted: (r) => r.status === "pending" && r.studentName.startsWith("Aluno Carga ") && ownedBy(r.id, n) === k,
    async handle(r, as) {
      await rec.send("staff: open document", "GET", base, `/api/files/${r.fileId}`, as);
      const ok = await rec.send("staff: validate receipt", "POST", base, `/api/admin/receipts/${r.id}/approve`, {
        ...as,
        json: {},
      });
      if (ok) validations.push(r.id);
    },
    async also(as) {
      if (Date.now() < nextExport) return;
      await rec.send("staff: list", "GET", base, `/api/admin/payments?${FIRST_PAGE}`, as);
      await rec.send("staff: export CSV", "GET", base, "/api/admin/payments/export?format=csv", as);
      nextExport = Date.now() + between(10_000, 20_000);
    },
  });
}

async function admin(ctx) {
  const { base, rec, deadline } = ctx;
  const agent = clientAgent();
  const cookie = await ctx.signIn(agent, base);
  while (cookie && Date.now() < deadline) {
    await rec.send("staff: dashboard", "GET", base, "/api/admin/dashboard", { agent, cookie });
    await rec.send("staff: list", "GET", base, `/api/admin/student-accounts?${FIRST_PAGE}`, { agent, cookie });
    const list = await rec.send("staff: list", "GET", base, `/api/admin/enrollments?${FIRST_PAGE}`, { agent, cookie });
    const rows = list ? listRows(list.json()) : [];
    const pick = rows[Math.floor(Math.random() * rows.length)];
    if (pick)
      await rec.send("staff: open enrolment", "GET", base, `/api/admin/enrollments/${pick.id}`, { agent, cookie });
    await sleep(between(2000, 3500));
  }
  agent.destroy();
}

/**
 * Every write the run was told succeeded is in the database exactly once, a refused one not at all, one
 * left without an answer (a timeout) at most once; approvals and validations hold; files match rows.
 */
async function checkWrites(db, dataDir, ctx) {
  const problems = [];
  const { outcome, approvals, validations } = ctx;
  const { rows } = await db.query(
    `select a.student_phone as phone, count(distinct a.id)::int as accounts,
            count(distinct e.id)::int as enrolments, count(distinct r.id)::int as receipts,
            count(distinct f.id)::int as files
       from student_accounts a
       left join enrollments e on e.student_account_id = a.id
       left join payment_receipts r on r.enrollment_id = e.id
       left join stored_files f on f.owner_user_id = a.user_id
      where a.student_name like 'Aluno Carga %'
      group by a.student_phone`,
  );
  const byPhone = new Map(rows.map((r) => [r.phone, r]));
  const fits = (n, said) => (said === "yes" ? n === 1 : said === "no" ? n === 0 : n <= 1);
  for (const s of outcome) {
    const row = byPhone.get(s.phone) ?? { accounts: 0, enrolments: 0, receipts: 0, files: 0 };
    byPhone.delete(s.phone);
    const wrong = [
      !fits(row.accounts, s.account) && `${row.accounts} accounts (told ${s.account})`,
      !fits(row.enrolments, s.application) && `${row.enrolments} applications (told ${s.application})`,
      !fits(row.receipts, s.receipt) && `${row.receipts} receipts (told ${s.receipt})`,
      row.files !== 3 * row.enrolments + row.receipts &&
        `${row.files} files for ${row.enrolments} applications and ${row.receipts} receipts`,
    ].filter(Boolean);
    if (wrong.length) problems.push(`student ${s.i}: ${wrong.join(", ")}`);
  }
  if (byPhone.size) problems.push(`${byPhone.size} accounts no student of the run asked for`);
  const approved = await db.query(
    "select count(*)::int as n from enrollments where id = any($1::uuid[]) and status <> 'pre_inscrito' and payment_reference_code is not null",
    [approvals],
  );
  if (approved.rows[0].n !== approvals.length)
    problems.push(`${approved.rows[0].n} of ${approvals.length} approvals recorded`);
  const paid = await db.query(
    `select r.id, r.status, count(p.id)::int as payments from payment_receipts r left join payments p on p.receipt_id = r.id
      where r.id = any($1::uuid[]) group by r.id, r.status`,
    [validations],
  );
  const wrong = paid.rows.filter((r) => r.status !== "approved" || r.payments !== 1);
  if (paid.rows.length !== validations.length || wrong.length) {
    problems.push(
      `${validations.length} receipts validated, ${paid.rows.length - wrong.length} approved with one payment`,
    );
  }
  // Every stored file's row has its file on disk, and no file on disk lacks a row.
  const files = await db.query("select storage_key from stored_files");
  const onDisk = new Set(
    listFiles(path.join(dataDir, "files")).map((f) => path.relative(path.join(dataDir, "files"), f)),
  );
  const keys = new Set(files.rows.map((r) => r.storage_key));
  const missing = [...keys].filter((k) => !onDisk.has(k));
  const orphans = [...onDisk].filter((f) => !keys.has(f));
  if (missing.length) problems.push(`${missing.length} stored files missing on disk`);
  if (orphans.length) problems.push(`${orphans.length} files on disk without a row`);
  return problems;
}

function listFiles(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  } catch {
    return [];
  }
}

/**
 * Samples the server's PostgreSQL connections every 250 ms (this client's own excepted): how many are open
 * and how many sit idle inside a transaction (held by the app while it waits for something else).
 */
function sampleConnections(db) {
  const peak = { open: 0, idleInTransaction: 0 };
  let running = true;
  const loop = (async () => {
    while (running) {
      try {
        const { rows } = await db.query(
          `select state, left(regexp_replace(query, '\\s+', ' ', 'g'), 90) as query
             from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        );
        const idle = rows.filter((r) => r.state === "idle in transaction");
        peak.open = Math.max(peak.open, rows.length);
        if (idle.length > peak.idleInTransaction) {
          peak.idleInTransaction = idle.length;
          // What those transactions ran last: where the app holds a connection while it waits.
          peak.lastStatements = Object.entries(Object.groupBy(idle, (r) => r.query)).map(
            ([q, l]) => `${l.length}× ${q}`,
          );
        }
      } catch {}
      await sleep(250);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return peak;
    },
  };
}

/**
 * CPU milliseconds of one password hash or check as better-auth does it (@better-auth/utils/password:
 * node:crypto scrypt, N 16384, r 16, p 1, 64 bytes), measured here before the day starts, so a reader knows
 * what machine the figures come from: sign-up and sign-in cost one each per student, and so does choosing a
 * password (decision 090: the temporary one is not checked again).
 */
function scryptCpuMs() {
  const before = process.cpuUsage();
  for (let i = 0; i < 5; i++)
    scryptSync("MINHA1", `salt${i}`, 64, { N: 16_384, r: 16, p: 1, maxmem: 128 * 16_384 * 16 * 2 });
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / 5;
}

/** The first server, then `instances - 1` more beside it (its PostgreSQL, BASE_URL and files). */
async function startInstances(instances, env) {
  const first = await startBenchServer({ demoData: true, env });
  const servers = [first];
  try {
    while (servers.length < instances) servers.push(await startBenchServer({ env, beside: first }));
  } catch (err) {
    for (const server of servers.reverse()) await server.stop();
    throw err;
  }
  return servers;
}

/** The students' journeys (arriving to application sent): how many within the limit, the slowest, the last. */
function journeys(outcome, started) {
  const done = outcome.filter((s) => s.application === "yes" && s.journeyMs <= JOURNEY_MS);
  return {
    withinLimit: done.length,
    students: outcome.length,
    slowestSeconds: round(Math.max(0, ...outcome.map((s) => s.journeyMs ?? 0)) / 1000, 1),
    lastApplicationSeconds: round(Math.max(0, ...outcome.map((s) => (s.applicationAt ?? started) - started)) / 1000, 1),
  };
}

/**
 * Runs the mixed day on `instances` servers of one PostgreSQL (each client on one of them, as a load
 * balancer with client affinity sends it); answers the report and its checks [name, value, ok, goal].
 */
export async function loadBench({
  students = 300,
  secretariat = 10,
  finance = 6,
  admins = 4,
  seconds = 60,
  instances = 1,
  serverEnv = {}, // e.g. { NODE_OPTIONS: "--cpu-prof" } to see where the server's time goes
} = {}) {
  const day = instances === 1 ? "mixed day" : `mixed day, ${instances} instances`;
  const where = instances === 1 ? "one instance" : `${instances} instances of one PostgreSQL`;
  console.log(
    `\nMixed day on ${where}: ${students} students and ${secretariat + finance + admins} staff for ${seconds} s…`,
  );
  const machine = {
    passwordHashCpuMs: round(scryptCpuMs(), 1),
    cores: os.availableParallelism(),
    loadAverage1m: round(os.loadavg()[0], 1),
  };
  console.log(
    `  this machine at the start: one password hash costs ${machine.passwordHashCpuMs} ms of CPU (scrypt N 16384, r 16), ${machine.cores} cores, load average ${machine.loadAverage1m}`,
  );
  const servers = await startInstances(instances, serverEnv);
  const [first] = servers;
  const db = await first.database();
  try {
    const roles = [
      ...Array(secretariat).fill("secretaria"),
      ...Array(finance).fill("financeiro"),
      ...Array(admins).fill("admin"),
    ];
    const staff = await createStaff(first, db, roles);
    const catalogue = (await request(first.base, "GET", "/api/courses/catalog")).json();
    const rec = recorder(first.base);
    let nextStaff = 0;
    const ctx = {
      rec,
      courses: catalogue.map((c) => ({ id: c.id })),
      docs: studentDocuments(),
      outcome: [],
      approvals: [],
      validations: [],
      deadline: 0,
      /** The instance client `k` is sent to. */
      instanceFor: (k) => servers[k % servers.length].base,
      /**
       * Signs the next staff member in on `base` (the password, then the authenticator's code when their
       * role requires it, each step timed); their session cookie, or null (an error recorded) when it fails.
       */
      signIn(agent, base) {
        return signInStaff(base, staff[nextStaff++], {
          send: async (step, url, json, cookie) =>
            (await rec.send(step === "code" ? "staff: sign-in code" : "staff: sign-in", "POST", base, url, {
              agent,
              json,
              cookie,
            })) ?? null,
        });
      },
    };
    const memory = servers.map((server) => sampleMemory(server.pid, 100));
    const cpuBefore = servers.map(cpuSeconds);
    const connections = sampleConnections(db);
    const started = Date.now();
    ctx.deadline = started + seconds * 1000;
    const at = (k) => ({ ...ctx, base: ctx.instanceFor(k) });
    const everyone = [
      ...Array.from({ length: secretariat }, (_, k) => secretaria(k, secretariat, at(k))),
      ...Array.from({ length: finance }, (_, k) => financeiro(k, finance, at(secretariat + k))),
      ...Array.from({ length: admins }, (_, k) => admin(at(secretariat + finance + k))),
      ...Array.from({ length: students }, (_, i) => sleep((i * ARRIVALS_MS) / students).then(() => student(i, ctx))),
    ];
    await Promise.all(everyone);
    const elapsed = (Date.now() - started) / 1000;
    const rss = memory.map((m) => m.stop());
    const cpuAfter = servers.map(cpuSeconds);
    const used = (part) => cpuAfter.reduce((sum, after, n) => sum + after[part] - cpuBefore[n][part], 0);
    const pool = await connections.stop();
    const cpu = {
      nodeSeconds: round(used("node"), 1),
      postgresSeconds: round(used("postgres"), 1),
      loadAverage1m: round(os.loadavg()[0], 1),
      cores: machine.cores,
    };
    cpu.coresUsed = round((cpu.nodeSeconds + cpu.postgresSeconds) / elapsed, 2);
    const t = rec.times;
    cpu.passwordHashes =
      t["student: sign-up"].length +
      t["student: sign-in"].length +
      t["student: choose password"].length +
      t["staff: sign-in"].length;
    cpu.passwordHashSeconds = round((cpu.passwordHashes * machine.passwordHashCpuMs) / 1000, 1);
    const problems = await checkWrites(db, first.dataDir, ctx);

    const total = Object.values(rec.times).reduce((s, t) => s + t.length, 0);
    const kinds = Object.fromEntries(
      Object.entries(rec.times).map(([k, t]) => [
        k,
        { type: KINDS[k], count: t.length, p50Ms: round(percentile(t, 50)), p99Ms: round(percentile(t, 99)) },
      ]),
    );
    const crowded = Object.fromEntries(Object.entries(rec.crowded).filter(([, c]) => c.count > 0));
    const crowdedCount = Object.values(crowded).reduce((sum, c) => sum + c.count, 0);
    const crowdedSlowestMs = round(Math.max(0, ...Object.values(crowded).map((c) => c.slowestMs)));
    const outcome = ctx.outcome;
    const journey = journeys(outcome, started);
    const report = {
      instances,
      machine,
      students,
      staff: roles.length,
      seconds: round(elapsed, 1),
      requests: total,
      requestsPerSecond: round(total / elapsed, 1),
      memory: rss,
      cpu,
      pool,
      reached: {
        accounts: outcome.filter((s) => s.account === "yes").length,
        applications: outcome.filter((s) => s.application === "yes").length,
        approvals: ctx.approvals.length,
        receipts: outcome.filter((s) => s.receipt === "yes").length,
        validations: ctx.validations.length,
      },
      journey,
      crowded,
      documentKB: Object.fromEntries(Object.entries(ctx.docs).map(([k, v]) => [k, round(v.length / 1024)])),
      kinds,
      errors: rec.errors,
      writeProblems: problems,
    };
    console.log(JSON.stringify(report, null, 2));

    const checks = [
      [
        `${day}: one password hash on this machine at the start`,
        `${machine.passwordHashCpuMs} ms of CPU, ${machine.cores} cores, load average ${machine.loadAverage1m}`,
        true,
        "reported",
      ],
      [`${day}: requests`, `${total} in ${report.seconds} s = ${report.requestsPerSecond} req/s`, true, "reported"],
      [
        `${day}: journeys reached`,
        `${report.reached.accounts} accounts, ${report.reached.applications} applications, ${report.reached.approvals} approved, ${report.reached.receipts} receipts, ${report.reached.validations} validated`,
        true,
        "reported",
      ],
      [
        `${day}: students with their application sent within ${LOAD_GOALS.journeyMinutes} min of arriving`,
        `${journey.withinLimit} of ${journey.students} (slowest ${journey.slowestSeconds} s; last application ${journey.lastApplicationSeconds} s after the start)`,
        journey.withinLimit === journey.students,
        "all",
      ],
      [
        `${day}: 503 'crowded' answers, each waited out and sent again`,
        crowdedCount
          ? `${crowdedCount} (${Object.entries(crowded)
              .map(([k, c]) => `${k} ${c.count}`)
              .join(", ")}; the slowest answered in ${crowdedSlowestMs} ms)`
          : "0",
        true,
        "reported",
      ],
      [
        `${day}: requests without an answer or refused`,
        rec.errors.length ? `${rec.errors.length} (first: ${rec.errors[0]})` : "0",
        rec.errors.length <= LOAD_GOALS.errors,
        "0",
      ],
      [
        `${day}: lost or doubled writes (checked in the database)`,
        problems.length ? problems.join("; ") : "0",
        problems.length === 0,
        "0",
      ],
      [
        `${day}: server peak RSS`,
        rss.map(({ peakMB, startMB }) => `${peakMB} MB (at start ${startMB} MB)`).join(", "),
        true,
        "reported",
      ],
      [
        `${day}: PostgreSQL connections at the peak`,
        `${pool.open} open, ${pool.idleInTransaction} idle in a transaction${pool.lastStatements ? ` (last ran: ${pool.lastStatements.join("; ")})` : ""}`,
        true,
        "reported",
      ],
      [
        `${day}: CPU the server got`,
        `node ${cpu.nodeSeconds} s (${cpu.passwordHashes} password hashes × ${machine.passwordHashCpuMs} ms = ${cpu.passwordHashSeconds} s of it) + PostgreSQL ${cpu.postgresSeconds} s in ${report.seconds} s = ${cpu.coresUsed} of ${cpu.cores} cores (machine load average ${cpu.loadAverage1m})`,
        true,
        "reported",
      ],
    ];
    for (const [k, r] of Object.entries(kinds)) {
      if (r.count === 0) continue;
      const goal = r.type === "read" ? LOAD_GOALS.readP99Ms : r.type === "upload" ? LOAD_GOALS.uploadP99Ms : null;
      checks.push([
        `${day}: ${k} (${r.type}, ${r.count}×) p50 ${r.p50Ms} ms, p99`,
        `${r.p99Ms} ms`,
        goal === null || r.p99Ms <= goal,
        goal === null ? "reported" : `≤ ${goal} ms`,
      ]);
    }
    return { report, checks };
  } finally {
    await db.end();
    for (const server of servers.reverse()) await server.stop();
  }
}
