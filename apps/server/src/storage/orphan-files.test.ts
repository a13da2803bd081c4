import { randomUUID } from "node:crypto";
import { utimesSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/context";
import { PDF, PNG } from "../../test/fixtures";
import { authUser, storedFiles } from "../db/schema";
import { newStorageKey } from "./file-check";
import { ORPHAN_AGE_MS, SWEEP_LOCK, sweepOrphanFiles } from "./orphan-files";

/**
 * Decision 071: a file that no stored_files row names and that is older than a day (a submission whose
 * storage failed half-way left it) is deleted; a named file, a young one (a submission still writing) and
 * anything not of our key shape stay.
 */
describe("the sweep of orphan files", () => {
  let ctx: TestContext;
  const files = () => path.join(ctx.dataDir, "files");
  const age = (key: string, ms: number) => {
    const when = new Date(Date.now() - ms);
    utimesSync(path.join(files(), key), when, when);
  };
  const keys = async () => {
    const all: string[] = [];
    for await (const o of ctx.deps.storage.list()) all.push(o.key);
    return all.sort();
  };

  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(async () => {
    await ctx.close();
  });

  it("deletes old files nothing names, and only those", async () => {
    const { storage } = ctx.deps;
    const named = newStorageKey("receipt", "pdf");
    const orphan = newStorageKey("id_card_front", "png");
    const young = newStorageKey("id_card_back", "png");
    for (const [key, data] of [
      [named, PDF],
      [orphan, PNG],
      [young, PNG],
    ] as const)
      await storage.put(key, data, "application/octet-stream");
    const ownerUserId = randomUUID();
    await ctx.db.insert(authUser).values({ id: ownerUserId, name: "Dona do Ficheiro", email: "dona.ficheiro@inst.ao" });
    await ctx.db
      .insert(storedFiles)
      .values({ ownerUserId, kind: "receipt", contentType: "application/pdf", size: PDF.length, storageKey: named });
    writeFileSync(path.join(files(), "notas-do-operador.txt"), "não é nosso");
    age(named, ORPHAN_AGE_MS * 3);
    age(orphan, ORPHAN_AGE_MS + 60_000);
    age("notas-do-operador.txt", ORPHAN_AGE_MS * 3);

    expect(await sweepOrphanFiles(ctx.db, storage)).toEqual([orphan]);
    expect(await keys()).toEqual([named, young, "notas-do-operador.txt"].sort());
    expect(await sweepOrphanFiles(ctx.db, storage)).toEqual([]);
  });

  it("leaves the sweep to the instance already sweeping (an advisory lock in PostgreSQL)", async () => {
    const other = new pg.Client({ connectionString: ctx.databaseUrl });
    await other.connect();
    try {
      await other.query("begin");
      await other.query("select pg_advisory_xact_lock($1)", [SWEEP_LOCK]);
      expect(await sweepOrphanFiles(ctx.db, ctx.deps.storage)).toBeUndefined();
      await other.query("commit");
      expect(await sweepOrphanFiles(ctx.db, ctx.deps.storage)).toEqual([]);
    } finally {
      await other.end();
    }
  });
});
