import { execFile } from "node:child_process";
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { applicantActor, CHOSEN_STUDENT_PASSWORD, cookieOf, jsonRequest, staffActor } from "../../test/actors";
import { body, createFreshDatabase, createTestContext, TEST_BASE_URL, type TestContext } from "../../test/context";
import { filesUnder, insertCourse } from "../../test/fixtures";
import { receiptForm, studentWithEnrollment, submitReceipt } from "../../test/receipts";
import { postResults, signedInEnrolledStudent, teachingSetup } from "../../test/teaching";
import { codeAt } from "../../test/two-factor";
import { createApp } from "../app";
import { createAuth } from "../auth/auth";
import { loadConfig } from "../config";
import { createDb, createPool } from "../db/client";
import { startEmbeddedPostgres } from "../db/embedded";
import { withInstallationSecrets } from "../db/installation-secrets";
import { enrollmentEvents, enrollments, erasureRequests, payments, storedFiles, studentAccounts } from "../db/schema";
import { createLogger } from "../logger";
import { MAIL_QUEUE_SCHEMA } from "../mail/mail-queue";
import { createDiskStorage } from "../storage/disk";
import {
  type BackupHeader,
  type EntrySummary,
  HEADER_ENTRY,
  MANIFEST_ENTRY,
  readArchive,
  tableEntry,
  writeArchive,
} from "./archive";
import { type BackupOptions, createBackup } from "./backup";
import { listSequences, listTables } from "./catalog";
import { restoreBackup } from "./restore";

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** Runs `npm run backup` / `npm run restore` as an operator does, from source (tsx), with only these settings. */
async function cli(name: "backup" | "restore", args: string[], env: Record<string, string>) {
  // Not the test run's settings (vitest sets BASE_URL to Vite's "/"; CI may set DATABASE_URL).
  const settings =
    /^(PORT|HOST|DATA_DIR|DATABASE_URL|BASE_URL|AUTH_SECRET|SMTP_URL|MAIL_FROM|S3_.*|TRUST_PROXY|DEMO_DATA|WEB_DIST|CREDENTIAL_SIGNING_KEY)$/;
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !settings.test(k)));
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", `src/cli/${name}.ts`, ...args],
      { cwd: SERVER_DIR, env: { ...clean, ...env } },
    );
    return { code: 0, out: stdout + stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout + e.stderr };
  }
}

/**
 * Every row of every table of ours, as PostgreSQL prints it, in a stable order; of pg-boss's version row
 * only the version: the running server's maintenance stamps its time there after the snapshot.
 */
async function everyRow(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const all: Record<string, string[]> = {};
    for (const t of await listTables(client)) {
      const row = t.schema === "pgboss" && t.name === "version" ? "x.version::text" : "x::text";
      const { rows } = await client.query<{ r: string }>(
        `select ${row} as r from "${t.schema}"."${t.name}" x order by 1`,
      );
      all[`${t.schema}.${t.name}`] = rows.map((r) => r.r);
    }
    for (const s of await listSequences(client))
      all[`sequence ${s.schema}.${s.name}`] = [s.lastValue, String(s.isCalled)];
    return all;
  } finally {
    await client.end();
  }
}

/** What would open the portal without a password: the sessions' tokens, the reset link's, the kept answers. */
async function leftOutSecrets(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tokens = await client.query<{ token: string }>("select token from auth_session");
    const reset = await client.query<{ identifier: string }>(
      "select identifier from auth_verification where identifier like 'reset-password:%'",
    );
    const answers = await client.query<{ response: string }>(
      "select response from idempotent_requests where response is not null",
    );
    return {
      sessionTokens: tokens.rows.map((r) => r.token),
      resetToken: reset.rows[0]!.identifier.slice("reset-password:".length),
      keptAnswers: answers.rows.map((r) => r.response),
    };
  } finally {
    await client.end();
  }
}

/** Every entry of an archive, as text, by name. */
async function entriesOf(file: string): Promise<Map<string, string>> {
  const entries = new Map<string, string>();
  for await (const entry of readArchive(file)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.stream) chunks.push(chunk as Buffer);
    entries.set(entry.name, Buffer.concat(chunks).toString("utf8"));
  }
  return entries;
}

/** Does `act` again and again until `running` settles; answers what each time gave. */
async function whileRunning<T>(running: Promise<unknown>, act: () => Promise<T>): Promise<T[]> {
  let done = false;
  void running.finally(() => {
    done = true;
  });
  const results: T[] = [];
  while (!done) results.push(await act());
  return results;
}

/** Each stored file's bytes, by its path under the storage folder. */
function filesOf(dataDir: string): Record<string, Buffer> {
  const root = path.join(dataDir, "files");
  return Object.fromEntries(filesUnder(root).map((f) => [path.relative(root, f), readFileSync(f)]));
}

/**
 * Backup and restore (issue 24, decision 067): a populated installation, backed up while its server runs,
 * restored into a fresh embedded one, compared table by table, row by row, and file by file.
 */
describe("backup and restore", () => {
  let ctx: TestContext;
  let work: string;
  let admin: Awaited<ReturnType<typeof staffActor>>;
  let financeiro: Awaited<ReturnType<typeof staffActor>>;
  /** Financeiro's authenticator secret: two-factor sign-in is on for them. */
  let financeiroSecret: string;
  let credential: unknown;

  beforeAll(async () => {
    // E-mail goes to an SMTP port where nothing listens, and is tried again only after an hour: the
    // e-mails below stay queued, as they would while a mail server is down.
    ctx = await createTestContext(
      { SMTP_URL: "smtp://127.0.0.1:9" },
      {},
      {
        retryDelaySeconds: 3600,
        retryDelayMaxSeconds: 7200,
      },
    );
    work = mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
    chmodSync(work, 0o755); // the restored embedded PostgreSQL runs as 'postgres' when the tests run as root

    admin = await staffActor(ctx, "admin", "Ana Admin");
    financeiro = await staffActor(ctx, "financeiro", "Filipe Financeiro");
    // An application with its three documents.
    const courseId = await insertCourse(ctx.db, { name: "Marketing Digital" });
    await applicantActor(ctx, courseId, "Joana Lunda");
    // A receipt, approved: a payment, and an e-mail to the student.
    const rita = await studentWithEnrollment(ctx, courseId, "Rita Recibo", { studentEmail: "rita@exemplo.ao" });
    const sent = await submitReceipt(ctx, rita.cookie, receiptForm(rita.enrollment.id, { paidAmount: "100.000" }));
    expect(sent.status).toBe(201);
    const approved = await ctx.app.request(
      `/api/admin/receipts/${(await body(sent)).id}/approve`,
      jsonRequest("POST", {}, financeiro.cookie),
    );
    expect(approved.status).toBe(200);
    // A certificate (its PDF stored) with its signed credential.
    const setup = await teachingSetup(ctx, { courseName: "Contabilidade e Fiscalidade" });
    const ana = await signedInEnrolledStudent(ctx, setup.cls, "Ana Conceição");
    const results = await postResults(ctx, setup.professor.cookie, setup.cls.id, [
      { enrollmentId: ana.enrollment.id, outcome: "completed" },
    ]);
    expect(results.status).toBe(200);
    const { students } = await body(results);
    const certificateId = students[0].certificate.id;
    credential = await body(
      await ctx.app.request(`/api/certificates/${certificateId}/credential`, jsonRequest("GET", undefined, ana.cookie)),
    );
    // What only opens the portal, never backed up (decision 081): financeiro turns on two-factor sign-in
    // (confirmed with the code shown just before, so the sign-in after the restore uses another period),
    // the admin asks for a reset link, and resets Rita's password (an answer kept for a retry holds it).
    const started = await ctx.app.request(
      "/api/admin/account/two-factor",
      jsonRequest("POST", { password: "segredo1" }, financeiro.cookie),
    );
    financeiroSecret = (await body(started)).secret;
    const confirmed = await ctx.app.request(
      "/api/admin/account/two-factor/confirm",
      jsonRequest("POST", { code: codeAt(financeiroSecret, -1) }, financeiro.cookie),
    );
    expect(confirmed.status).toBe(200);
    const forgot = await ctx.app.request("/api/auth/password/forgot", jsonRequest("POST", { email: admin.email }));
    expect(forgot.status).toBe(200);
    const asAdmin = jsonRequest("POST", undefined, admin.cookie);
    const reset = await ctx.app.request(`/api/admin/student-accounts/${rita.accountId}/reset-password`, {
      ...asAdmin,
      headers: { ...(asAdmin.headers as object), "idempotency-key": randomUUID() },
    });
    expect(reset.status).toBe(200);
    // Every e-mail tried once and waiting for its next try: nothing moves in the queue from here on.
    await vi.waitFor(
      async () => {
        const { rows } = await ctx.db.execute<{ state: string; n: number }>(
          sql`select state, count(*)::int as n from ${sql.raw(`${MAIL_QUEUE_SCHEMA}.job`)} group by state`,
        );
        expect(rows).toEqual([{ state: "retry", n: expect.any(Number) }]);
      },
      { timeout: 15_000, interval: 100 },
    );
  });

  /** A backup of the installation under test, by the function `npm run backup` calls. */
  const backUp = (file: string, progress?: BackupOptions["progress"]) =>
    createBackup({
      databaseUrl: ctx.databaseUrl,
      databaseKind: "external",
      storage: createDiskStorage(path.join(ctx.dataDir, "files")),
      environment: { authSecret: undefined, credentialSigningKey: undefined },
      dataDir: ctx.dataDir,
      file,
      progress,
    });

  /** The portal's API on a restored installation, with the secrets it restored (decision 065). */
  async function appOn(pool: pg.Pool, databaseUrl: string, dataDir: string) {
    const db = createDb(pool);
    const env = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl, BASE_URL: TEST_BASE_URL, LOG_LEVEL: "silent" };
    const config = await withInstallationSecrets(loadConfig(env), db, ctx.deps.log);
    return createApp({
      ...ctx.deps,
      config,
      db,
      pool,
      storage: createDiskStorage(path.join(dataDir, "files")),
      auth: createAuth(config, db, ctx.mail, ctx.deps.log),
    });
  }

  afterAll(async () => {
    await ctx.close();
    rmSync(work, { recursive: true, force: true });
  });

  it("round-trips every table row by row and every file byte for byte, taken while the server runs", async () => {
    const archive = path.join(work, "copia.tar.gz");
    // The server keeps answering (and its e-mail worker polling) while the backup runs.
    const backup = cli("backup", [archive], { DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.dataDir });
    const answers = await whileRunning(backup, async () => {
      const res = await ctx.app.request("/api/admin/enrollments", jsonRequest("GET", undefined, admin.cookie));
      await new Promise((r) => setTimeout(r, 25));
      return res.status;
    });
    expect(answers.length).toBeGreaterThan(0);
    const made = await backup;
    expect(made.out).toMatch(/Cópia feita: .* 5 arquivos/);
    expect(made.code).toBe(0);
    expect(answers.every((s) => s === 200)).toBe(true);

    // The archive alone opens nothing (decision 081): no session, no sign-in or reset token, no kept answer.
    const secrets = await leftOutSecrets(ctx.databaseUrl);
    expect(secrets.sessionTokens.length).toBeGreaterThan(0);
    expect(secrets.resetToken).toMatch(/\w{16,}/);
    expect(secrets.keptAnswers).toHaveLength(1);
    const inArchive = await entriesOf(archive);
    const header = JSON.parse(inArchive.get(HEADER_ENTRY)!) as BackupHeader;
    for (const table of ["auth_session", "auth_verification"]) {
      expect(inArchive.has(tableEntry("public", table))).toBe(false);
      expect(header.tables.map((t) => t.name)).not.toContain(table);
    }
    expect(inArchive.has(tableEntry("public", "auth_two_factor"))).toBe(true); // second factors survive a restore
    const everything = [...inArchive.values()].join("\n");
    for (const secret of [...secrets.sessionTokens, secrets.resetToken, ...secrets.keptAnswers]) {
      expect(everything).not.toContain(secret);
    }

    const target = path.join(work, "restored");
    const restored = await cli("restore", [archive], { DATA_DIR: target });
    expect(restored.out).toContain("Restaurado:");
    expect(restored.code).toBe(0);
    expect(restored.out).not.toContain("AVISO");

    const source = await everyRow(ctx.databaseUrl);
    expect(source["public.stored_files"]).toHaveLength(5);
    expect(source["public.certificates"]).toHaveLength(1);
    expect(source["public.payments"]).toHaveLength(1);
    expect(source[`${MAIL_QUEUE_SCHEMA}.job`]).toHaveLength(2); // Rita's receipt, and the admin's reset link
    const embedded = await startEmbeddedPostgres(target, createLogger("silent"));
    const pool = createPool(embedded.url);
    try {
      const copy = await everyRow(embedded.url);
      // pg-boss's per-day statistics are gathered again, not restored (decision 067).
      delete source[`${MAIL_QUEUE_SCHEMA}.queue_stats`];
      delete copy[`${MAIL_QUEUE_SCHEMA}.queue_stats`];
      // Left out (decision 081): sessions, sign-in tokens, the reset e-mail, the kept answer.
      for (const table of ["public.auth_session", "public.auth_verification"]) {
        expect(source[table]!.length).toBeGreaterThan(0);
        expect(copy[table]).toEqual([]);
        delete source[table];
        delete copy[table];
      }
      // The backup's own mark (decision 098) is written when it has finished, after its snapshot.
      expect(source["public.app_meta"]!.filter((row) => row.startsWith("(last_backup_at,"))).toHaveLength(1);
      source["public.app_meta"] = source["public.app_meta"]!.filter((row) => !row.startsWith("(last_backup_at,"));
      const withoutResetMail = source[`${MAIL_QUEUE_SCHEMA}.job`]!.filter((row) => !row.includes(secrets.resetToken));
      expect(withoutResetMail).toHaveLength(source[`${MAIL_QUEUE_SCHEMA}.job`]!.length - 1);
      source[`${MAIL_QUEUE_SCHEMA}.job`] = withoutResetMail;
      const keptAnswer = (rows: string[] | undefined) => rows?.map((r) => r.replace(secrets.keptAnswers[0]!, ""));
      expect(copy["public.idempotent_requests"]).toEqual(keptAnswer(source["public.idempotent_requests"]));
      delete source["public.idempotent_requests"];
      delete copy["public.idempotent_requests"];
      expect(Object.keys(copy).sort()).toEqual(Object.keys(source).sort());
      for (const table of Object.keys(source))
        expect({ table, rows: copy[table] }).toEqual({ table, rows: source[table] });
      expect(filesOf(target)).toEqual(filesOf(ctx.dataDir));
      expect(copy["public.installation_secrets"]).toHaveLength(2); // the signing key and the session secret

      // The restored installation answers, with the secrets it restored (decision 065): the credential
      // issued before verifies, the session opened before still opens.
      const app = await appOn(pool, embedded.url, target);
      const verified = await app.request("/api/verify/credential", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(credential),
      });
      expect((await body(verified)).result).toBe("valid");
      // No session came back: the cookie from before opens nothing, signing in again does; the second
      // factors came back with the secret that encrypts them; the reset link e-mailed before is dead.
      const staffRoute = async (cookie: string) =>
        (await app.request("/api/admin/enrollments", jsonRequest("GET", undefined, cookie))).status;
      expect(await staffRoute(admin.cookie)).toBe(401);
      const signIn = (email: string) =>
        app.request("/api/auth/sign-in", jsonRequest("POST", { email, password: "segredo1" }));
      const adminAgain = await signIn(admin.email);
      expect(adminAgain.status).toBe(200);
      expect(await staffRoute(cookieOf(adminAgain))).toBe(200);
      const password = await signIn(financeiro.email);
      expect(await body(password)).toEqual({ secondStep: true });
      const code = await app.request(
        "/api/auth/sign-in/code",
        jsonRequest("POST", { code: codeAt(financeiroSecret) }, cookieOf(password)),
      );
      expect(code.status).toBe(200);
      expect(await staffRoute(cookieOf(code))).toBe(200);
      const link = await app.request(`/api/auth/password/reset?token=${encodeURIComponent(secrets.resetToken)}`);
      expect(link.status).toBe(400);
    } finally {
      await pool.end();
      await embedded.stop();
    }

    // A second restore into the now full installation is refused, and changes nothing.
    const again = await cli("restore", [archive], { DATA_DIR: target });
    expect(again.code).toBe(1);
    expect(again.out).toContain("A instalação de destino não está vazia (");
    expect(again.out).toContain("public.auth_user: 6 linhas");
    expect(again.out).toContain("5 arquivos salvos");
    expect(again.out).toContain("use --force");
    expect(filesOf(target)).toEqual(filesOf(ctx.dataDir));
  });

  it("refuses a database a server is using and a damaged archive, changing nothing; never overwrites an archive", async () => {
    const archive = path.join(work, "outra.tar.gz");
    expect((await cli("backup", [archive], { DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.dataDir })).code).toBe(0);
    const before = await everyRow(ctx.databaseUrl);
    const refused = await cli("restore", [archive, "--force"], {
      DATABASE_URL: ctx.databaseUrl,
      DATA_DIR: ctx.dataDir,
    });
    expect(refused.code).toBe(1);
    expect(refused.out).toContain("pare o servidor (todas as instâncias) antes de restaurar");
    expect(await everyRow(ctx.databaseUrl)).toEqual(before);
    // A cut archive (a copy that did not finish) loads nothing, and says why.
    const cut = path.join(work, "cortada.tar.gz");
    const whole = readFileSync(archive);
    writeFileSync(cut, whole.subarray(0, Math.floor(whole.length * 0.6)));
    const empty = await createFreshDatabase();
    const scratch = path.join(work, "scratch");
    const damaged = await cli("restore", [cut], { DATABASE_URL: empty, DATA_DIR: scratch });
    expect(damaged.out).toContain("A cópia está danificada ou incompleta");
    expect(damaged.code).toBe(1);
    const loaded = Object.entries(await everyRow(empty)).filter(([t, rows]) => t.startsWith("public.") && rows.length);
    // What the migrations insert: the first institute settings, each staff role's two-factor default and
    // the retention period of personal data (decision 099).
    expect(loaded).toEqual([
      ["public.staff_role_settings", Array.from({ length: 5 }, () => expect.any(String))],
      ["public.institute_settings", [expect.any(String)]],
      ["public.privacy_settings", [expect.any(String)]],
    ]);
    expect(filesOf(scratch)).toEqual({});
    // The whole archive then restores there (what the failed attempt left is empty, so no --force).
    expect((await cli("restore", [archive], { DATABASE_URL: empty, DATA_DIR: scratch })).code).toBe(0);
    expect(filesOf(scratch)).toEqual(filesOf(ctx.dataDir));

    // A backup never replaces a file.
    const twice = await cli("backup", [archive], { DATABASE_URL: ctx.databaseUrl, DATA_DIR: ctx.dataDir });
    expect(twice.code).toBe(1);
    expect(twice.out).toContain("já existe");
    expect(existsSync(`${archive}.part`)).toBe(false);
    // Several backup and restore commands, each a Node process of its own: slow on a busy CI machine.
  }, 120_000);
  it("takes one snapshot: what commits while it runs is left out whole, rows and files", async () => {
    const courseId = await insertCourse(ctx.db, { name: "Inglês para Negócios" });
    await applicantActor(ctx, courseId, "Aluno Antes");
    const archive = path.join(work, "durante.tar.gz");
    // Right after the archive has the files' table, a student applies: the documents' rows and the
    // application commit together, before the applications' table is copied.
    await backUp(archive, async (line) => {
      if (line.includes("public.stored_files:")) await applicantActor(ctx, courseId, "Aluno Durante");
    });
    const names = async (url: string) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      const { rows } = await client
        .query<{ student_name: string }>("select student_name from enrollments where course_id = $1", [courseId])
        .finally(() => client.end());
      return rows.map((r) => r.student_name).sort();
    };
    expect(await names(ctx.databaseUrl)).toEqual(["Aluno Antes", "Aluno Durante"]);

    // The restore checks every foreign key as it loads; each file a restored row names is there, whole.
    const target = await createFreshDatabase();
    const scratch = path.join(work, "durante");
    expect((await cli("restore", [archive], { DATABASE_URL: target, DATA_DIR: scratch })).code).toBe(0);
    expect(await names(target)).toEqual(["Aluno Antes"]);
    const restored = new pg.Client({ connectionString: target });
    await restored.connect();
    const { rows } = await restored
      .query<{ storage_key: string }>("select storage_key from stored_files")
      .finally(() => restored.end());
    const source = filesOf(ctx.dataDir);
    expect(filesOf(scratch)).toEqual(Object.fromEntries(rows.map((r) => [r.storage_key, source[r.storage_key]])));
  });
  it("refuses an archive naming another schema's table or sequence, changing nothing (a shared database)", async () => {
    // A database shared with another application (DATABASE_URL): its table and sequence, and data of ours.
    const shared = await createFreshDatabase({ migrated: true });
    // The other application is not connected while the restore runs (restore refuses a database in use).
    const asOther = async (...statements: string[]) => {
      const other = new pg.Client({ connectionString: shared });
      await other.connect();
      try {
        const results = [];
        for (const statement of statements) results.push((await other.query(statement)).rows);
        return results;
      } finally {
        await other.end();
      }
    };
    await asOther(
      "create schema other_schema",
      "create table other_schema.victim (note text)",
      "insert into other_schema.victim values ('intacta')",
      "create sequence other_schema.victim_seq",
      "select setval('other_schema.victim_seq', 41)",
    );
    const theirs = () =>
      asOther("select note from other_schema.victim", "select last_value::int from other_schema.victim_seq");
    const ourPool = createPool(shared);
    await insertCourse(createDb(ourPool), { name: "Curso da instalação partilhada" });
    await ourPool.end();
    const before = { theirs: await theirs(), ours: await everyRow(shared) };
    expect(before.theirs).toEqual([[{ note: "intacta" }], [{ last_value: 41 }]]);

    // A real header (this version's migrations), naming their table, or their sequence.
    const real = path.join(work, "real.tar.gz");
    await backUp(real);
    const header = JSON.parse((await entriesOf(real)).get(HEADER_ENTRY)!) as BackupHeader;
    const victim = {
      schema: "other_schema",
      name: "victim",
      columns: ["note"],
      entry: tableEntry("other_schema", "victim"),
    };
    const crafted = [
      { ...header, tables: [victim], sequences: [] },
      {
        ...header,
        tables: [],
        sequences: [{ schema: "other_schema", name: "victim_seq", lastValue: "999", isCalled: true }],
      },
    ];
    for (const [i, named] of crafted.entries()) {
      const file = path.join(work, `forjada-${i}.tar.gz`);
      const writer = writeArchive(file);
      const entries: Record<string, EntrySummary> = { [HEADER_ENTRY]: await writer.addJson(HEADER_ENTRY, named) };
      const rows = Buffer.from("substituida\n");
      entries[victim.entry] = await writer.addStream(victim.entry, rows.length, Readable.from([rows]));
      await writer.addJson(MANIFEST_ENTRY, { format: header.format, finishedAt: "", counts: {}, entries });
      await writer.close();
      const refused = restoreBackup({
        file,
        databaseUrl: shared,
        storage: createDiskStorage(path.join(work, "partilhada", "files")),
        environment: { authSecret: undefined, credentialSigningKey: undefined },
        dataDir: path.join(work, "partilhada"),
        force: true,
      });
      await expect(refused).rejects.toThrow(
        /^A cópia nomeia uma tabela ou sequência que esta versão do sistema não cria \(other_schema\.victim(_seq)?\): não foi restaurada, nada foi alterado\.$/,
      );
      expect(await theirs()).toEqual(before.theirs);
      expect(await everyRow(shared)).toEqual(before.ours);
    }
  });
  it("says when the environment's AUTH_SECRET would leave the restored second factors unreadable", async () => {
    const archive = path.join(work, "segredo.tar.gz");
    await backUp(archive);
    const target = path.join(work, "outro-segredo");
    const { warnings } = await restoreBackup({
      file: archive,
      databaseUrl: await createFreshDatabase(),
      storage: createDiskStorage(path.join(target, "files")),
      environment: { authSecret: "um-segredo-diferente-com-mais-de-32-caracteres", credentialSigningKey: undefined },
      dataDir: target,
      force: false,
    });
    expect(warnings).toEqual([
      "AUTH_SECRET deste ambiente não é o segredo da cópia: retire-o (a cópia traz o seu), ou a equipe com verificação em dois passos deixa de conseguir entrar (os seus segredos estão cifrados com ele).",
    ]);
  });
  it("carries an earlier version's secret files while the database keeps none, for the first start to adopt", async () => {
    // Upgraded but not started yet: the schema is there, the secrets are still DATA_DIR files (decision 065).
    const source = await createFreshDatabase({ migrated: true });
    const oldDataDir = path.join(work, "antiga");
    mkdirSync(oldDataDir);
    const key = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    writeFileSync(path.join(oldDataDir, "credential-signing-key.pem"), key);
    writeFileSync(path.join(oldDataDir, "auth-secret"), "um-segredo-antigo-com-mais-de-32-caracteres\n");
    const archive = path.join(work, "antiga.tar.gz");
    const none = { authSecret: undefined, credentialSigningKey: undefined };
    await createBackup({
      databaseUrl: source,
      databaseKind: "external",
      storage: createDiskStorage(path.join(oldDataDir, "files")),
      environment: none,
      dataDir: oldDataDir,
      file: archive,
    });
    const newDataDir = path.join(work, "nova");
    const result = await restoreBackup({
      file: archive,
      databaseUrl: await createFreshDatabase(),
      storage: createDiskStorage(path.join(newDataDir, "files")),
      environment: none,
      dataDir: newDataDir,
      force: false,
    });
    expect(result.warnings).toEqual([]);
    for (const file of ["credential-signing-key.pem", "auth-secret"]) {
      expect(readFileSync(path.join(newDataDir, file))).toEqual(readFileSync(path.join(oldDataDir, file)));
    }
  });

  it("erases again a person erased after the archive was made, even mid-enrolment there; twice gives the same", async () => {
    const courseId = await insertCourse(ctx.db, { name: "Curso da Cópia Antiga" });
    const student = await applicantActor(ctx, courseId, "Aluna Arquivada");
    const [found] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentCode, student.studentCode));
    const account = found!;
    await ctx.db.insert(payments).values({
      enrollmentId: student.enrollmentId,
      amount: 50000,
      paymentDate: "2026-01-10",
      paymentMethod: "transferencia",
      status: "confirmed",
    });
    const signIn = (app: { request: typeof ctx.app.request }) =>
      app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: student.studentCode, password: CHOSEN_STUDENT_PASSWORD }),
      );
    expect((await signIn(ctx.app)).status).toBe(200);
    const keys = (await ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, account.userId))).map(
      (f) => f.storageKey,
    );
    expect(keys).toHaveLength(3);
    // The older archive has her with her documents and her application still in progress.
    const older = path.join(work, "antes-da-exclusao.tar.gz");
    await backUp(older);

    // Then her enrolment ends, she asks for erasure, and a super_admin carries it out.
    await ctx.db.update(enrollments).set({ status: "completed" }).where(eq(enrollments.id, student.enrollmentId));
    const asked = await ctx.app.request("/api/me/privacy/erasure-request", jsonRequest("POST", {}, student.cookie));
    expect((await body(asked)).erasureRequest).toMatchObject({ status: "pending" });
    const boss = await staffActor(ctx, "super_admin", "Chefe da Restauração");
    const listed = await ctx.app.request("/api/admin/erasure-requests", jsonRequest("GET", undefined, boss.cookie));
    const { id } = (await body(listed)).items.find(
      (r: { studentAccountId: string }) => r.studentAccountId === account.id,
    );
    const carried = await ctx.app.request(
      `/api/admin/erasure-requests/${id}/carry-out`,
      jsonRequest("POST", {}, boss.cookie),
    );
    const erased = await body(carried);
    expect(carried.status).toBe(200);
    const name = `Aluno removido #${erased.number}`;
    expect(erased.studentName).toBe(name);
    const latest = path.join(work, "depois-da-exclusao.tar.gz");
    await backUp(latest);

    // An installation with the erasure done (no server on it), then the older archive restored over it.
    const url = await createFreshDatabase();
    const dataDir = path.join(work, "exclusao");
    const restore = (file: string, force: boolean) =>
      restoreBackup({
        file,
        databaseUrl: url,
        storage: createDiskStorage(path.join(dataDir, "files")),
        environment: { authSecret: undefined, credentialSigningKey: undefined },
        dataDir,
        force,
      });
    expect((await restore(latest, false)).erasuresReapplied).toBe(0);
    const asErased = await everyRow(url);
    expect((await restore(older, true)).erasuresReapplied).toBe(1);
    const afterOlder = await everyRow(url);
    // Restoring it again gives the same rows, to the History's ids.
    expect((await restore(older, true)).erasuresReapplied).toBe(1);
    expect(await everyRow(url)).toEqual(afterOlder);

    const onDisk = Object.keys(filesOf(dataDir));
    expect(keys.filter((k) => onDisk.includes(k))).toEqual([]);
    const pool = createPool(url);
    try {
      const db = createDb(pool);
      const [again] = await db.select().from(studentAccounts).where(eq(studentAccounts.id, account.id));
      expect(again).toMatchObject({ studentName: name, studentPhone: "000000000", studentEmail: null });
      const [enrollment] = await db.select().from(enrollments).where(eq(enrollments.id, student.enrollmentId));
      // In progress in the archive: cancelled (rejected), with a History row saying why.
      expect(enrollment).toMatchObject({ studentName: name, status: "rejected", motherName: "", studentPhone: "" });
      const history = await db
        .select()
        .from(enrollmentEvents)
        .where(eq(enrollmentEvents.enrollmentId, student.enrollmentId));
      expect(history.at(-1)).toMatchObject({
        fromStatus: "pre_inscrito",
        toStatus: "rejected",
        note: `Cancelada ao restaurar uma cópia anterior à exclusão dos dados do aluno (pedido #${erased.number}).`,
      });
      const files = await db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, account.userId));
      expect(files.map((f) => f.deletedAt)).toEqual(files.map(() => expect.any(Date)));
      expect(await db.select().from(payments).where(eq(payments.enrollmentId, student.enrollmentId))).toMatchObject([
        { amount: 50000, status: "confirmed" },
      ]);
      const [request] = await db.select().from(erasureRequests).where(eq(erasureRequests.number, erased.number));
      // When it was carried out is kept; who, only if that user is in the archive (this super_admin is not).
      expect(request).toMatchObject({
        status: "done",
        carriedOutAt: new Date(erased.carriedOutAt),
        carriedOutBy: null,
      });
      expect((await signIn(await appOn(pool, url, dataDir))).status).toBe(401);
    } finally {
      await pool.end();
    }

    // The archive that already has the erasure: restored over that, nothing is erased again.
    expect((await restore(latest, true)).erasuresReapplied).toBe(0);
    expect(await everyRow(url)).toEqual(asErased);
  });
});
