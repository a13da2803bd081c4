import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
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
      "auth_user",
      "auth_verification",
      "certificates",
      "classes",
      "courses",
      "enrollment_document_requests",
      "enrollment_events",
      "enrollments",
      "idempotent_requests",
      "institute_settings",
      "payment_receipts",
      "payments",
      "rate_limits",
      "staff_profiles",
      "stored_files",
      "student_accounts",
      "teachers",
    ]);
    const applied = await pool.query("select count(*)::int as n from drizzle.__drizzle_migrations");
    const { readdirSync } = await import("node:fs");
    const files = readdirSync(new URL("./migrations", import.meta.url)).filter((f) => f.endsWith(".sql"));
    expect(applied.rows[0].n).toBe(files.length);
  });

  /** A migrations folder as it was before the migration whose tag ends with `suffix`. */
  function migrationsBefore(suffix: string): string {
    const folder = fileURLToPath(new URL("./migrations", import.meta.url));
    const before = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
    mkdirSync(path.join(before, "meta"));
    const journal = JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8"));
    const upTo = journal.entries.findIndex((e: { tag: string }) => e.tag.endsWith(suffix));
    writeFileSync(
      path.join(before, "meta/_journal.json"),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, upTo) }),
    );
    for (const e of journal.entries.slice(0, upTo)) {
      cpSync(path.join(folder, `${e.tag}.sql`), path.join(before, `${e.tag}.sql`));
    }
    return before;
  }

  /** An install migrated up to (not including) `suffix`, given `data`, then migrated to the end. */
  async function upgrade(
    suffix: string,
    data: (old: pg.Pool) => Promise<void>,
    check: (old: pg.Pool) => Promise<void>,
  ) {
    const before = migrationsBefore(suffix);
    const old = createPool(await createFreshDatabase());
    try {
      await runMigrations(old, before);
      await data(old);
      await runMigrations(old);
      await check(old);
    } finally {
      await old.end();
      rmSync(before, { recursive: true });
    }
  }

  it("featured courses: an existing install keeps the three newest active courses on its home page", async () => {
    await upgrade(
      "_featured_courses",
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
      "_one_transfer_method",
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

  it("the demo IBAN: an install still holding the old (invalid) one gets a valid one; any other IBAN is kept", async () => {
    const before = migrationsBefore("_credential_resets_and_iban");
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
