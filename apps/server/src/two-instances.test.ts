import { generateKeyPairSync, randomBytes } from "node:crypto";
import { chmodSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { authSchemas } from "@app/shared/contract/auth.schemas";
import type { EndpointSchemas } from "@app/shared/contract/endpoint";
import { enrollmentSchemas } from "@app/shared/contract/enrollments.schemas";
import { healthSchemas } from "@app/shared/contract/health.schemas";
import { receiptSchemas } from "@app/shared/contract/receipts.schemas";
import { verifySchemas } from "@app/shared/contract/verify.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { eq, is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import type pg from "pg";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest, signInStaff, staffActor, studentActor } from "../test/actors";
import { type ApiContext, body, TEST_BASE_URL } from "../test/context";
import { type ExternalPostgres, startExternalPostgres } from "../test/external-postgres";
import { enrollmentRow, filesUnder, insertClass, insertCourse, PNG } from "../test/fixtures";
import { mailSent } from "../test/mail";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../test/receipts";
import { type ServerProcess, spawnServer, stopServer, waitUntilHealthy } from "../test/server-process";
import { type SmtpSink, startSmtpSink } from "../test/smtp-sink";
import { postResults, signedInEnrolledStudent, teachingSetup } from "../test/teaching";
import { createDb, createPool, type Database } from "./db/client";
import { freePort } from "./db/embedded";
import * as schema from "./db/schema";
import { classes, enrollments, payments, storedFiles } from "./db/schema";
import { breach } from "./http/answer-check";
import { createStaffUser } from "./modules/users/users.service";
import { createS3Storage } from "./storage/s3";

/**
 * Issue 24: the README's "Running on a real PostgreSQL and an S3 bucket" recipe, tried from scratch. One
 * PostgreSQL (Debian's 15 when installed, else the embedded 17) started as an external server, one real S3
 * server (s3rver), one SMTP server, and two app processes (A and B) started at the same moment on the empty
 * database with the same DATABASE_URL, bucket, AUTH_SECRET, CREDENTIAL_SIGNING_KEY, BASE_URL and
 * TRUST_PROXY, and DATA_DIRs of their own. This test is the load balancer: it sends each request to A or B
 * (alternately, unless a step names one), with the client's address appended to X-Forwarded-For, and the
 * browser's Origin being the public address (decision 064).
 */

const PUBLIC_URL = "https://portal.instituto.test";
const BUCKET = "portal-files";
/** The address of "the" browser, unless a step names another (documentation range: a header, never a target). */
const BROWSER_IP = "198.51.100.10";

type Name = "A" | "B";
interface Instance {
  name: Name;
  port: number;
  dataDir: string;
  process: ServerProcess;
}

describe("two instances on one PostgreSQL, one S3 bucket and one SMTP server (the README's recipe)", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "two-instances-"));
  chmodSync(root, 0o755); // PostgreSQL's folder is below it
  let postgres: ExternalPostgres;
  let s3: S3rver;
  let s3Endpoint: string;
  let smtp: SmtpSink;
  let env: Record<string, string>;
  const instances = {} as Record<Name, Instance>;
  let pool: pg.Pool;
  let db: Database;

  /** Requests each instance was sent, and how many failed (5xx, no answer): printed at the end, errors must be 0. */
  const share: Record<Name, { requests: number; errors: number }> = {
    A: { requests: 0, errors: 0 },
    B: { requests: 0, errors: 0 },
  };
  const failures: string[] = [];

  /** The load balancer: one request to `name`, as the proxy forwards it. */
  async function forward(name: Name, url: string, init: RequestInit = {}, clientIp = BROWSER_IP): Promise<Response> {
    const headers = new Headers(init.headers);
    // The browser is on the public site: its Origin is BASE_URL (the helpers write TEST_BASE_URL for "our site").
    if (headers.get("origin") === TEST_BASE_URL) headers.set("origin", PUBLIC_URL);
    // The proxy appends the address it got the request from; whatever the client sent stays before it.
    const claimed = headers.get("x-forwarded-for");
    headers.set("x-forwarded-for", claimed ? `${claimed}, ${clientIp}` : clientIp);
    share[name].requests++;
    try {
      const res = await fetch(`http://127.0.0.1:${instances[name].port}${url}`, {
        ...init,
        headers,
        signal: AbortSignal.timeout(20_000),
      });
      if (res.status >= 500) {
        share[name].errors++;
        failures.push(`${name} ${init.method ?? "GET"} ${url}: ${res.status} ${await res.clone().text()}`);
      }
      return res;
    } catch (err) {
      share[name].errors++;
      failures.push(`${name} ${init.method ?? "GET"} ${url}: ${String(err)}`);
      throw err;
    }
  }

  /** The answer keeps its endpoint's contract: what checkAnswers does in the in-process tests, on a real process's answer. */
  async function expectContract(schemas: EndpointSchemas, res: Response): Promise<void> {
    // fetch has decoded a compressed body already; the header still says gzip.
    const headers = new Headers(res.headers);
    headers.delete("content-encoding");
    const decoded = new Response(await res.clone().arrayBuffer(), { status: res.status, headers });
    expect(await breach(schemas, decoded)).toBeUndefined();
  }

  let turn = 0;
  /**
   * What the test helpers take for a context: the shared database, and an "app" that is the load balancer
   * sending to `on` (A, B, or each in turn) for the browser at `ip`.
   */
  function through(on: Name | "alternately", ip = BROWSER_IP): ApiContext {
    const pick = (): Name => (on === "alternately" ? (turn++ % 2 === 0 ? "A" : "B") : on);
    return { db, app: { request: (url, init) => forward(pick(), url, init, ip) } };
  }
  const A = () => through("A");
  const B = () => through("B");
  const either = () => through("alternately");

  /** An instance with the shared environment and its own DATA_DIR (and WEB_DIST: no web build is needed here). */
  function launch(name: Name, port: number, dataDir: string): Instance {
    const process = spawnServer(port, { ...env, DATA_DIR: dataDir, WEB_DIST: dataDir });
    instances[name] = { name, port, dataDir, process };
    return instances[name];
  }

  beforeAll(async () => {
    postgres = await startExternalPostgres(mkdtempSync(path.join(root, "pg-")));
    const ports = new Set<number>();
    while (ports.size < 3) ports.add(await freePort());
    const [s3Port, portA, portB] = [...ports] as [number, number, number];
    s3 = new S3rver({
      address: "127.0.0.1",
      port: s3Port,
      silent: true,
      directory: path.join(root, "s3"),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    s3Endpoint = `http://127.0.0.1:${s3Port}`;
    smtp = await startSmtpSink();

    // The README's environment, shared by both instances.
    env = {
      DATABASE_URL: postgres.url,
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3Endpoint,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      BASE_URL: PUBLIC_URL,
      AUTH_SECRET: randomBytes(48).toString("base64"),
      CREDENTIAL_SIGNING_KEY: generateKeyPairSync("ed25519")
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
      SMTP_URL: smtp.url,
      TRUST_PROXY: "true",
      LOG_LEVEL: "warn",
      DEMO_DATA: "",
    };
    // At the same moment, on the empty database.
    const a = launch("A", portA, mkdtempSync(path.join(root, "data-A-")));
    const b = launch("B", portB, mkdtempSync(path.join(root, "data-B-")));
    await Promise.all([waitUntilHealthy(a.process, 75_000), waitUntilHealthy(b.process, 75_000)]);
    pool = createPool(postgres.url);
    db = createDb(pool);
    // An installation older than two-factor sign-in, as in every other server test (decision 076).
    await db.update(schema.staffRoleSettings).set({ twoFactorRequired: false });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(Object.values(instances).map((i) => stopServer(i.process)));
    await pool?.end();
    await smtp?.close();
    await s3?.close();
    await postgres?.stop();
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it("both come up on the empty database; the migrations ran once and the schema is the code's", async () => {
    console.log(`two instances: PostgreSQL ${postgres.version}`);
    for (const name of ["A", "B"] as const) {
      const res = await forward(name, "/api/health");
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      await expectContract(healthSchemas.health, res);
      expect(await body(res)).toEqual({ status: "ok", database: "external" });
    }
    const migrations = readdirSync(path.join(import.meta.dirname, "db/migrations")).filter((f) => f.endsWith(".sql"));
    const applied = await pool.query<{ n: number; hashes: number }>(
      "select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations",
    );
    expect(applied.rows[0]).toEqual({ n: migrations.length, hashes: migrations.length });
    // pg-boss (the e-mail queue) installed its schema once too.
    expect((await pool.query("select * from pgboss.version")).rowCount).toBe(1);

    // Every table and column of src/db/schema exists, and no other table.
    const columns = await pool.query<{ table_name: string; column_name: string }>(
      "select table_name, column_name from information_schema.columns where table_schema = 'public'",
    );
    const inDatabase = new Map<string, Set<string>>();
    for (const r of columns.rows)
      inDatabase.set(r.table_name, (inDatabase.get(r.table_name) ?? new Set()).add(r.column_name));
    const tables = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => getTableConfig(t));
    expect([...inDatabase.keys()].sort()).toEqual(tables.map((t) => t.name).sort());
    for (const t of tables)
      expect([...inDatabase.get(t.name)!].sort(), t.name).toEqual(t.columns.map((c) => c.name).sort());
  });

  it("a session made on A works on B; signing out on B ends it on A", async () => {
    const student = await studentActor(A(), "Ana Partilhada");
    const sessionOnB = await forward("B", "/api/session", jsonRequest("GET", undefined, student.cookie));
    await expectContract(authSchemas.session, sessionOnB);
    const onB = await body(sessionOnB);
    expect(onB.student).toMatchObject({ code: student.studentCode, name: "Ana Partilhada" });

    const staff = await staffActor(B(), "secretaria", "Sara Secretária");
    const staffOnA = await body(await forward("A", "/api/session", jsonRequest("GET", undefined, staff.cookie)));
    expect(staffOnA.staff).toEqual({ role: "secretaria", twoFactorEnabled: false, twoFactorRequired: false });

    expect((await forward("B", "/api/auth/sign-out", jsonRequest("POST", {}, student.cookie))).status).toBe(200);
    const afterOnA = await body(await forward("A", "/api/session", jsonRequest("GET", undefined, student.cookie)));
    expect(afterOnA.user).toBeNull();
  });

  // The receipt, its review and the class seats: one course and one finance user for the steps below.
  let courseId: string;
  let financeiro: { cookie: string };
  let receipt: { id: string; fileId: string; enrollmentId: string; email: string };
  /** A photo of a bank slip: a real PNG header and 300 kB that no other file has. */
  const slip = Buffer.concat([PNG, randomBytes(300_000)]);

  it("a receipt uploaded through A downloads byte-identical through B, from the bucket and not from DATA_DIR", async () => {
    courseId = await insertCourse(db, { name: "Contabilidade em Dois Servidores", price: 150000 });
    financeiro = await staffActor(either(), "financeiro", "Filipa Finanças");
    const email = "rosa.dois@exemplo.ao";
    const s = await studentWithEnrollment(either(), courseId, "Rosa Dois", {
      paymentReferenceCode: "REF-DOIS-1",
      studentEmail: email,
    });
    const sent = await submitReceipt(
      A(),
      s.cookie,
      receiptForm(s.enrollment.id, { paidAmount: "150000" }, [slip, "talão.png", "image/png"]),
    );
    expect(sent.status).toBe(201);
    await expectContract(receiptSchemas.submitOwn, sent);
    const { id, fileId } = await body(sent);
    receipt = { id, fileId, enrollmentId: s.enrollment.id, email };

    const download = await forward("B", `/api/files/${fileId}`, jsonRequest("GET", undefined, financeiro.cookie));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await download.arrayBuffer()).equals(slip)).toBe(true);
    // The student's own copy, through the other instance.
    const own = await forward("A", `/api/files/${fileId}`, jsonRequest("GET", undefined, s.cookie));
    expect(Buffer.from(await own.arrayBuffer()).equals(slip)).toBe(true);

    // In the bucket, under the key the database names; neither instance wrote a file of its own.
    const [stored] = await db.select().from(storedFiles).where(eq(storedFiles.id, fileId));
    const bucket = createS3Storage({
      bucket: BUCKET,
      endpoint: s3Endpoint,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await bucket.getStream(stored!.storageKey)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(slip)).toBe(true);
    for (const name of ["A", "B"] as const) expect(filesUnder(path.join(instances[name].dataDir, "files"))).toEqual([]);
  });

  it("10 approvals of that receipt at once, split over A and B, give one payment and one e-mail", async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        forward(
          i % 2 === 0 ? "A" : "B",
          `/api/admin/receipts/${receipt.id}/approve`,
          jsonRequest("POST", {}, financeiro.cookie),
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    await expectContract(receiptSchemas.approve, answers.find((r) => r.status === 200)!);
    for (const r of answers.filter((r) => r.status === 409)) {
      expect((await body(r)).error.message).toBe("Este comprovante já foi analisado");
    }
    expect(await db.select().from(payments).where(eq(payments.enrollmentId, receipt.enrollmentId))).toEqual([
      expect.objectContaining({ receiptId: receipt.id, amount: 150000, status: "completed" }),
    ]);
    // Each instance runs an e-mail worker; the e-mail is sent once, by one of them.
    const mail = await smtp.waitForMailTo(receipt.email);
    expect(mail.text).toContain("matriculado");
    await mailSent({ db });
    expect(smtp.received.filter((m) => m.to.includes(receipt.email))).toHaveLength(1);
  }, 60_000);

  it("a 2-seat class takes 2 of 6 payment confirmations sent at once over A and B", async () => {
    const classId = await insertClass(db, courseId, { name: "Turma de Dois", maxStudents: 2 });
    const rows = await db
      .insert(enrollments)
      .values(
        Array.from({ length: 6 }, (_, i) => ({
          ...enrollmentRow(courseId),
          studentName: `Aluno ${i}`,
          status: "approved" as const,
        })),
      )
      .returning();
    const answers = await Promise.all(
      rows.map((r) =>
        either().app.request(
          `/api/admin/enrollments/${r.id}/confirm-payment`,
          jsonRequest(
            "POST",
            {
              amount: "150.000,00",
              paymentDate: todayInLuanda(),
              method: "transferencia",
              classId,
              expectedBalance: 150000,
            },
            financeiro.cookie,
          ),
        ),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 409, 409, 409, 409]);
    for (const r of answers.filter((r) => r.status === 200)) await expectContract(enrollmentSchemas.confirmPayment, r);
    for (const r of answers.filter((r) => r.status === 409)) {
      expect((await body(r)).error.message).toBe("A turma «Turma de Dois» está lotada. Escolha outra turma.");
    }
    const [cls] = await db.select().from(classes).where(eq(classes.id, classId));
    expect(cls!.currentStudents).toBe(2);
    const enrolled = await db.select().from(enrollments).where(eq(enrollments.classId, classId));
    expect(enrolled).toHaveLength(2);
  });

  it("a certificate issued on A verifies on B, by its number and by its signed credential", async () => {
    const setup = await teachingSetup(either(), { courseName: "Gestão em Dois Servidores" });
    const s = await signedInEnrolledStudent(either(), setup.cls, "Carla Verificada");
    const issued = await postResults(A(), setup.professor.cookie, setup.cls.id, [
      { enrollmentId: s.enrollment.id, outcome: "completed" },
    ]);
    expect(issued.status).toBe(200);
    const cert = (await body(issued)).students[0].certificate as { id: string; number: string };

    const verified = await forward("B", `/api/verify/${cert.number}`);
    await expectContract(verifySchemas.number, verified);
    const byNumber = await body(verified);
    expect(byNumber).toMatchObject({ result: "valid", number: cert.number, studentName: "Carla Verificada" });
    // The PDF was stored in the bucket by A; B serves it.
    const pdf = await forward("B", `/api/certificates/${cert.id}/pdf`, jsonRequest("GET", undefined, s.cookie));
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
    // The credential handed out by A, checked by B (same key, same issuer).
    const file = await body(
      await forward("A", `/api/certificates/${cert.id}/credential`, jsonRequest("GET", undefined, s.cookie)),
    );
    expect(file.credential.issuer.id).toBe(`${PUBLIC_URL}/api/verify/issuer`);
    const checked = await forward("B", "/api/verify/credential", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(file),
    });
    expect(checked.status).toBe(200);
    await expectContract(verifySchemas.credential, checked);
    expect(await body(checked)).toMatchObject({ result: "valid", signatureValid: true, matchesRecord: true });
  });

  it("sign-in limits count across A and B, per client address from X-Forwarded-For (TRUST_PROXY)", async () => {
    await createStaffUser(db, { email: "alvo.dois@inst.ao", password: "segredo1", name: "Alvo", role: "secretaria" });
    const guesser = through("alternately", "198.51.100.66");
    // 5 free failures, alternately on A and B: 3 on one, 2 on the other. Counted per instance, none would be locked.
    for (let i = 0; i < 5; i++) expect((await signInStaff(guesser, "alvo.dois@inst.ao", "errada1")).status).toBe(401);
    for (const name of ["A", "B"] as const) {
      const locked = await signInStaff(through(name, "198.51.100.66"), "alvo.dois@inst.ao", "segredo1");
      expect(locked.status, name).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    // Naming another address in its own X-Forwarded-For does not free the guesser: the proxy's entry is the last.
    const spoofed = await forward(
      "A",
      "/api/auth/sign-in",
      {
        ...jsonRequest("POST", { email: "alvo.dois@inst.ao", password: "segredo1" }),
        headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.67" },
      },
      "198.51.100.66",
    );
    expect(spoofed.status).toBe(429);
    // The same account from another client (another X-Forwarded-For) signs in: the address is the proxy's, not the socket's.
    const owner = await signInStaff(through("B", "198.51.100.67"), "alvo.dois@inst.ao", "segredo1");
    expect(owner.status).toBe(200);
    expect(cookieOf(owner)).toContain("session_token");
  });

  it("B keeps answering while A stops (SIGTERM); A comes back and serves sessions made meanwhile", async () => {
    const staff = await staffActor(either(), "admin", "Alda Admin");
    const a = instances.A;
    const stopping = stopServer(a.process);
    const answersFromB: number[] = [];
    // Until A has exited (30 s at most), B answers the catalogue and a signed-in page.
    const deadline = Date.now() + 30_000;
    while (!a.process.exit && Date.now() < deadline) {
      const [catalogue, session] = await Promise.all([
        forward("B", "/api/courses/catalog"),
        forward("B", "/api/session", jsonRequest("GET", undefined, staff.cookie)),
      ]);
      answersFromB.push(catalogue.status, session.status);
    }
    expect(a.process.exit, "A did not exit within 30 s of SIGTERM").toEqual({ code: 0, signal: null });
    await stopping;
    expect(a.process.output()).not.toMatch(/"level":(50|60)/);
    expect(answersFromB.length).toBeGreaterThanOrEqual(2);
    expect(answersFromB.every((s) => s === 200)).toBe(true);
    // While A is down, a new student signs up and in on B.
    const made = await studentActor(B(), "Bruno Durante a Paragem");

    // Started again, same environment; the migrations find nothing to do.
    const again = launch("A", a.port, a.dataDir);
    await waitUntilHealthy(again.process);
    const session = await body(await forward("A", "/api/session", jsonRequest("GET", undefined, made.cookie)));
    expect(session.student).toMatchObject({ name: "Bruno Durante a Paragem" });
    expect((await forward("A", "/api/courses/catalog")).status).toBe(200);
  }, 90_000);

  it("left nothing in either DATA_DIR: with the recipe, an instance keeps nothing of its own", () => {
    for (const name of ["A", "B"] as const) expect(filesUnder(instances[name].dataDir), name).toEqual([]);
  });

  it("prints each instance's share of the requests, and none failed", () => {
    const total = share.A.requests + share.B.requests;
    const pct = (n: number) => `${Math.round((100 * n) / total)}%`;
    console.log(
      `two instances: ${total} requests — A ${share.A.requests} (${pct(share.A.requests)}), B ${share.B.requests} (${pct(share.B.requests)}); errors: ${share.A.errors + share.B.errors}`,
    );
    expect(failures).toEqual([]);
    // Nor did either log an error (pino: 50 error, 60 fatal), from its start on the empty database to now.
    for (const name of ["A", "B"] as const) {
      expect(instances[name].process.output(), name).not.toMatch(/"level":(50|60)/);
    }
    expect(share.A.requests).toBeGreaterThan(total / 4);
    expect(share.B.requests).toBeGreaterThan(total / 4);
  });
});
