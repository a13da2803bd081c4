import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ENROLLMENT_STATUSES } from "@app/shared/enums";
import { ibanChecksumIsValid } from "@app/shared/schemas/settings";
import type pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFreshDatabase } from "../../test/context";
import { createPool } from "./client";
import { runMigrations } from "./migrate";

describe("migrations", () => {
  let url: string;
  let pool: pg.Pool;
  beforeAll(async () => {
    url = await createFreshDatabase();
    pool = createPool(url);
  });
  afterAll(() => pool.end());

  it("create every table on an empty database, several instances at once, and can run again", async () => {
    const others = [createPool(url), createPool(url)];
    await Promise.all([runMigrations(pool), ...others.map((p) => runMigrations(p))]);
    await Promise.all(others.map((p) => p.end()));
    await runMigrations(pool);

    const { rows } = await pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(rows.map((r) => r.table_name)).toEqual([
      "app_meta",
      "auth_account",
      "auth_session",
      "auth_two_factor",
      "auth_user",
      "auth_verification",
      "bank_column_mappings",
      "bank_statement_lines",
      "bank_statements",
      "certificates",
      "classes",
      "course_slug_redirects",
      "courses",
      "enrollment_document_requests",
      "enrollment_events",
      "enrollments",
      "erasure_requests",
      "file_accesses",
      "idempotent_requests",
      "import_column_mappings",
      "installation_secrets",
      "institute_settings",
      "payment_receipts",
      "payment_references",
      "payments",
      "privacy_acceptances",
      "privacy_notices",
      "privacy_settings",
      "rate_limits",
      "reference_payment_notifications",
      "sms_messages",
      "staff_profiles",
      "staff_role_settings",
      "staff_user_events",
      "stored_files",
      "student_accounts",
      "teachers",
    ]);
    const applied = await pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    const { readdirSync } = await import("node:fs");
    const files = readdirSync(new URL("./migrations", import.meta.url)).filter((f) => f.endsWith(".sql"));
    expect(applied.rows[0].n).toBe(files.length);
    // A new installation (no staff user yet) requires the second factor of super_admin and financeiro (decision 076).
    const required = await pool.query("select role from staff_role_settings where two_factor_required order by role");
    expect(required.rows.map((r) => r.role).sort()).toEqual(["financeiro", "super_admin"]);
  });

  it("two-factor sign-in: an existing installation (staff users already) requires it of no role", async () => {
    await upgrade(
      "two_factor",
      async (old) => {
        await old.query("insert into auth_user (id, name, email) values ('u1', 'Chefe', 'chefe@inst.ao')");
        await old.query("insert into staff_profiles (user_id, full_name, role) values ('u1', 'Chefe', 'super_admin')");
      },
      async (old) => {
        const { rows } = await old.query("select role, two_factor_required as r from staff_role_settings");
        expect(rows.length).toBeGreaterThan(0);
        expect(rows.filter((row) => row.r)).toEqual([]);
        const user = await old.query("select two_factor_enabled from auth_user where id = 'u1'");
        expect(user.rows[0].two_factor_enabled).toBe(false);
      },
    );
  });

  /** A folder with the migrations as they were before the one tagged `…_${suffix}` existed. */
  function migrationsBefore(suffix: string) {
    const folder = fileURLToPath(new URL("./migrations", import.meta.url));
    const before = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    mkdirSync(path.join(before, "meta"));
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
    const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(`_${suffix}`));
    writeFileSync(
      path.join(before, "meta/_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    for (const e of journal.entries.slice(0, upTo)) {
      cpSync(path.join(folder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    }
    return before;
  }

  /** Migrates a fresh database as it was before `suffix`, lets `seed` fill it, then migrates it to now. */
  async function upgrade<T>(
    suffix: string,
    seed: (old: pg.Pool) => Promise<T>,
    check: (old: pg.Pool, seeded: T) => Promise<void>,
  ) {
    const before = migrationsBefore(suffix);
    const old = createPool(await createFreshDatabase());
    try {
      await runMigrations(old, before);
      const seeded = await seed(old);
      await runMigrations(old);
      await check(old, seeded);
    } finally {
      await old.end();
      rmSync(before, { recursive: true });
    }
  }

  it("featured courses: an existing install keeps the three newest active courses on its home page", async () => {
    await upgrade(
      "featured_courses",
      async (old) => {
        await old.query(`insert into courses (name, duration_months, price, status, created_at) values
          ('Antigo', 1, 10, 'active', '2025-01-01'), ('Segundo', 1, 10, 'active', '2025-02-01'),
          ('Terceiro', 1, 10, 'active', '2025-03-01'), ('Inativo', 1, 10, 'inactive', '2025-04-01'),
          ('Mais novo', 1, 10, 'active', '2025-05-01')`);
      },
      async (old) => {
        const { rows } = await old.query("select name from courses where featured order by name");
        expect(rows.map((r) => r.name)).toEqual(["Mais novo", "Segundo", "Terceiro"]);
      },
    );
  });

  it("one transfer method: receipt payments recorded as 'Transferência Bancária' become 'transferencia'", async () => {
    await upgrade(
      "one_transfer_method",
      async (old) => {
        const course = await old.query(
          "insert into courses (name, duration_months, price) values ('C', 1, 10) returning id",
        );
        const enrollment = await old.query(
          `insert into enrollments (course_id, student_name, student_phone, birth_date, mother_name, nationality,
             birth_place, province, municipality, neighborhood, qualification, training_area, schedule_preference)
           values ($1, 'Ana', '923000000', '2000-01-01', 'Maria', 'Angolana', 'Luanda', 'Luanda', 'Belas',
             'Talatona', 'medio', 'Gestão', 'manha') returning id`,
          [course.rows[0].id],
        );
        await old.query(
          `insert into payments (enrollment_id, amount, payment_date, payment_method, status) values
           ($1, 230000, '2025-03-10', 'Transferência Bancária', 'completed'),
           ($1, 80000, '2025-03-11', 'transferencia', 'confirmed'),
           ($1, 1000, '2025-03-12', 'tpa', 'confirmed')`,
          [enrollment.rows[0].id],
        );
      },
      async (old) => {
        const { rows } = await old.query("select payment_method as m from payments order by payment_date");
        expect(rows.map((r) => r.m)).toEqual(["transferencia", "transferencia", "tpa"]);
      },
    );
  });

  it("receipt_rejected: enrolments whose latest receipt was rejected now await a new one; the others keep their status", async () => {
    await upgrade(
      "receipt_rejected_status",
      async (old) => {
        const one = async (query: string, values: unknown[] = []) => (await old.query(query, values)).rows[0];
        const course = await one(
          "insert into courses (name, duration_months, price) values ('Curso', 3, 1000) returning id",
        );
        await one("insert into auth_user (id, name, email) values ('u1', 'Aluno', 'u1@alunos.invalid') returning id");
        const account = await one(
          `insert into student_accounts (user_id, student_name, student_phone, student_code)
           values ('u1', 'Aluno', '923000001', 'ALMIGRA1') returning id`,
        );
        const enrolment = (name: string, status: string) =>
          one(
            `insert into enrollments (course_id, student_account_id, student_name, student_phone, birth_date, mother_name,
               nationality, birth_place, province, municipality, neighborhood, qualification, training_area,
               schedule_preference, status)
             values ($1, $2, $3, '923000001', '2001-04-02', 'Mãe', 'Angolana', 'Luanda', 'Luanda', 'Belas', 'Talatona',
               'medio', 'Gestão', 'manha', $4) returning id`,
            [course.id, account.id, name, status],
          );
        let files = 0;
        const receipt = async (enrollmentId: string, status: string, submittedAt: string) => {
          const file = await one(
            "insert into stored_files (kind, content_type, size, storage_key) values ('receipt', 'application/pdf', 10, $1) returning id",
            [`migra/${++files}.pdf`],
          );
          await one(
            `insert into payment_receipts (student_account_id, enrollment_id, file_id, file_type, status, paid_amount,
               payment_date, course_price, submitted_at)
             values ($1, $2, $3, 'pdf', $4, 1000, '2026-01-10', 1000, $5) returning id`,
            [account.id, enrollmentId, file.id, status, submittedAt],
          );
        };
        const rejected = await enrolment("rejeitado", "payment_pending");
        await receipt(rejected.id, "rejected", "2026-01-10T10:00:00Z");
        const twice = await enrolment("duas vezes rejeitado", "payment_pending");
        await receipt(twice.id, "rejected", "2026-01-10T10:00:00Z");
        await receipt(twice.id, "rejected", "2026-01-11T10:00:00Z");
        const resent = await enrolment("reenviado", "payment_pending");
        await receipt(resent.id, "rejected", "2026-01-10T10:00:00Z");
        await receipt(resent.id, "pending", "2026-01-11T10:00:00Z");
        const pending = await enrolment("pendente", "payment_pending");
        await receipt(pending.id, "pending", "2026-01-10T10:00:00Z");
        const enrolled = await enrolment("matriculado", "enrolled");
        await receipt(enrolled.id, "rejected", "2026-01-10T10:00:00Z");
        await receipt(enrolled.id, "approved", "2026-01-11T10:00:00Z");
        await enrolment("sem comprovante", "payment_pending");
      },
      async (old) => {
        const { rows } = await old.query("select student_name, status from enrollments order by student_name");
        expect(Object.fromEntries(rows.map((r) => [r.student_name, r.status]))).toEqual({
          rejeitado: "receipt_rejected",
          "duas vezes rejeitado": "receipt_rejected",
          reenviado: "payment_pending",
          pendente: "payment_pending",
          matriculado: "enrolled",
          "sem comprovante": "payment_pending",
        });
        // The rebuilt type has the schema's values in the schema's order, and the column keeps its default.
        const type = await old.query("select unnest(enum_range(null::enrollment_status))::text as v");
        expect(type.rows.map((r) => r.v)).toEqual([...ENROLLMENT_STATUSES]);
        const added = await old.query(
          `insert into enrollments (course_id, student_name, student_phone, birth_date, mother_name, nationality,
             birth_place, province, municipality, neighborhood, qualification, training_area, schedule_preference)
           select course_id, 'novo', student_phone, birth_date, mother_name, nationality, birth_place, province,
             municipality, neighborhood, qualification, training_area, schedule_preference
           from enrollments limit 1 returning status`,
        );
        expect(added.rows[0].status).toBe("pre_inscrito");
      },
    );
  });

  it("the demo IBAN: an install still holding the old (invalid) one gets a valid one; any other IBAN is kept", async () => {
    const before = migrationsBefore("credential_resets_and_iban");
    const [demo, custom] = [createPool(await createFreshDatabase()), createPool(await createFreshDatabase())];
    try {
      await Promise.all([runMigrations(demo, before), runMigrations(custom, before)]);
      const ibanOf = async (p: pg.Pool) => (await p.query("select iban from institute_settings")).rows[0].iban;
      expect(await ibanOf(demo)).toBe("AO06004000001234567890123");
      await custom.query("update institute_settings set iban = 'AO06004400006729503010102'");
      await Promise.all([runMigrations(demo), runMigrations(custom)]);
      expect(await ibanOf(demo)).toBe("AO06004000001234567890167");
      expect(ibanChecksumIsValid(await ibanOf(demo))).toBe(true);
      expect(await ibanOf(custom)).toBe("AO06004400006729503010102");
    } finally {
      await Promise.all([demo.end(), custom.end()]);
      rmSync(before, { recursive: true });
    }
  });
});
