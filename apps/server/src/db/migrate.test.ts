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
      "enrollment_events",
      "enrollments",
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
});
