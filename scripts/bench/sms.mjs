// `npm run bench -- --sms`: issue 36's budget on the production build with the Twilio simulator
// (npm run sms-sim's code, its own port): 100 enrolments approved one after another, and for each the
// time from the approval's answer to the simulator receiving its SMS; p50 and p99 against 5 s.
import { spawn } from "node:child_process";
import { root } from "../ensure-built.mjs";
import { percentile, request, round } from "./http.mjs";
import { startBenchServer } from "./server.mjs";
import { createStaff, signInStaff } from "./staff.mjs";

export const SMS_GOALS = { p99Ms: 5_000, approvals: 100 };
const SID = `AC${"b".repeat(32)}`;
const TOKEN = "bench-twilio-token-0123456789";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function startSimulator(port) {
  const child = spawn(
    process.execPath,
    ["node_modules/.bin/tsx", "apps/server/src/modules/sms/provider/simulator-cli.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        TWILIO_ACCOUNT_SID: SID,
        TWILIO_AUTH_TOKEN: TOKEN,
        SMS_SIM_PORT: String(port),
        SMS_SIM_DELAY_MS: "50",
      },
      stdio: ["ignore", "ignore", "inherit"],
    },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/_sim/messages`)).ok) return { url, stop: () => child.kill("SIGTERM") };
    } catch {}
    await sleep(200);
  }
  child.kill("SIGTERM");
  throw new Error("the SMS simulator did not start");
}

export async function smsBench() {
  const sim = await startSimulator(40_000 + Math.floor(Math.random() * 10_000));
  const server = await startBenchServer({
    env: {
      SMS_PROVIDER: "twilio",
      TWILIO_ACCOUNT_SID: SID,
      TWILIO_AUTH_TOKEN: TOKEN,
      TWILIO_FROM: "BENCH",
      TWILIO_BASE_URL: sim.url,
    },
  });
  const db = await server.database();
  try {
    const n = SMS_GOALS.approvals;
    const {
      rows: [course],
    } = await db.query(
      "insert into courses (name, duration_months, price) values ('Bench SMS', 3, 150000) returning id",
    );
    const { rows } = await db.query(
      `insert into enrollments (course_id, student_name, student_phone, birth_date, mother_name, nationality,
         birth_place, province, municipality, neighborhood, qualification, training_area, schedule_preference)
       select $1, 'Aluno SMS ' || i, '9236' || lpad(i::text, 5, '0'), '2000-01-01', 'Mãe', 'Angolana', 'Luanda',
         'Luanda', 'Belas', 'Talatona', 'medio', 'Gestão', 'manha'
       from generate_series(1, $2) as i returning id, student_phone`,
      [course.id, n],
    );
    const [staff] = await createStaff(server, db, ["secretaria"]);
    const cookie = await signInStaff(server.base, staff);
    const answered = new Map();
    for (const [i, row] of rows.entries()) {
      const res = await request(server.base, "POST", `/api/admin/enrollments/${row.id}/approve`, {
        cookie,
        json: { referenceCode: `SMS${String(i).padStart(5, "0")}`, documentsChecked: true, personalDataChecked: true },
      });
      if (res.status !== 200) throw new Error(`approval answered ${res.status}`);
      answered.set(`+244${row.student_phone}`, Date.now());
    }
    const deadline = Date.now() + 120_000;
    let messages = [];
    while (Date.now() < deadline) {
      messages = await (await fetch(`${sim.url}/_sim/messages`)).json();
      if (messages.length >= n) break;
      await sleep(250);
    }
    const delays = messages.filter((m) => answered.has(m.to)).map((m) => Date.parse(m.receivedAt) - answered.get(m.to));
    const report = {
      approvals: n,
      received: delays.length,
      p50Ms: round(percentile(delays, 50)),
      p99Ms: round(percentile(delays, 99)),
    };
    const checks = [
      ["SMS received, one per approval", `${report.received}/${n}`, report.received === n, `${n}`],
      ["approval → provider p50", `${report.p50Ms} ms`, true, "reported"],
      [
        "approval → provider p99",
        `${report.p99Ms} ms`,
        report.received === n && report.p99Ms <= SMS_GOALS.p99Ms,
        `≤ ${SMS_GOALS.p99Ms} ms`,
      ],
    ];
    return { report, checks };
  } finally {
    await db.end();
    await server.stop();
    sim.stop();
  }
}
