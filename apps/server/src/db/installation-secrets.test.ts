import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonRequest } from "../../test/actors";
import { body, createFreshDatabase, createTestContext, type TestContext } from "../../test/context";
import { capturedLog } from "../../test/log-lines";
import { postResults, signedInEnrolledStudent, teachingSetup } from "../../test/teaching";
import { loadConfig } from "../config";
import { createDb, createPool } from "./client";
import { withInstallationSecrets } from "./installation-secrets";
import { installationSecrets } from "./schema";

/**
 * Issue 24: without AUTH_SECRET and CREDENTIAL_SIGNING_KEY, every instance on one database signs
 * sessions and credentials with the same secrets, kept in the database (decision 065).
 */
describe("the installation's secrets, kept in the database", () => {
  const dirs: string[] = [];
  const dataDir = () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "secrets-test-"));
    dirs.push(dir);
    return dir;
  };
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  /** One start's secrets: the environment read, then the database, as main.ts does. */
  async function start(url: string, env: Record<string, string>, log = capturedLog().log) {
    const pool = createPool(url);
    try {
      return await withInstallationSecrets(loadConfig({ DATABASE_URL: url, ...env }), createDb(pool), log);
    } finally {
      await pool.end();
    }
  }

  it("gives instances starting at once on an empty database the same secrets, written once and nowhere else", async () => {
    const url = await createFreshDatabase({ migrated: true });
    const dirsOfStart = [dataDir(), dataDir(), dataDir()];
    const configs = await Promise.all(dirsOfStart.map((dir) => start(url, { DATA_DIR: dir })));
    const [first] = configs;
    expect(first!.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(createPrivateKey(first!.credentialSigningKey).asymmetricKeyType).toBe("ed25519");
    for (const config of configs) {
      expect(config.authSecret).toBe(first!.authSecret);
      expect(config.credentialSigningKey).toBe(first!.credentialSigningKey);
    }
    for (const dir of dirsOfStart) expect(existsSync(path.join(dir, "auth-secret"))).toBe(false);

    const pool = createPool(url);
    const rows = await createDb(pool).select().from(installationSecrets);
    await pool.end();
    expect(rows.map((r) => r.name).sort()).toEqual(["auth_secret", "credential_signing_key"]);

    // A later start (a restart, another instance) reads them back.
    expect(await start(url, { DATA_DIR: dataDir() })).toMatchObject({
      authSecret: first!.authSecret,
      credentialSigningKey: first!.credentialSigningKey,
    });
  });

  it("adopts the secrets an earlier version generated into DATA_DIR, so no session or credential breaks", async () => {
    const url = await createFreshDatabase({ migrated: true });
    const upgraded = dataDir();
    const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    writeFileSync(path.join(upgraded, "auth-secret"), `${"a".repeat(43)}\n`);
    writeFileSync(path.join(upgraded, "credential-signing-key.pem"), pem);
    const started = capturedLog();
    const adopted = await start(url, { DATA_DIR: upgraded }, started.log);
    expect(adopted.authSecret).toBe("a".repeat(43));
    expect(adopted.credentialSigningKey).toBe(pem);
    expect(started.lines.map((l) => l.msg)).toEqual([
      "AUTH_SECRET is not set: this installation's own is kept in the database, shared by every instance",
      "CREDENTIAL_SIGNING_KEY is not set: this installation's own is kept in the database, shared by every instance",
    ]);

    // Another instance that had generated its own files gets the database's, and is told its files are not used.
    const other = dataDir();
    writeFileSync(path.join(other, "auth-secret"), `${"b".repeat(43)}\n`);
    const warned = capturedLog("warn");
    const second = await start(url, { DATA_DIR: other }, warned.log);
    expect(second.authSecret).toBe("a".repeat(43));
    expect(warned.lines).toHaveLength(1);
    expect(warned.lines[0]!.msg).toContain(`${path.join(other, "auth-secret")} is not used`);
  });

  it("lets the environment win, and then keeps nothing in the database", async () => {
    const url = await createFreshDatabase({ migrated: true });
    const pem = generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();
    const config = await start(url, { DATA_DIR: dataDir(), AUTH_SECRET: "e".repeat(40), CREDENTIAL_SIGNING_KEY: pem });
    expect(config).toMatchObject({ authSecret: "e".repeat(40), credentialSigningKey: pem });
    const pool = createPool(url);
    expect(await createDb(pool).select().from(installationSecrets)).toEqual([]);
    await pool.end();
  });

  describe("two instances on one DATABASE_URL, neither with the variables", () => {
    let a: TestContext;
    let b: TestContext;
    beforeAll(async () => {
      a = await createTestContext();
      b = await createTestContext({ DATABASE_URL: a.databaseUrl });
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
    });

    it("accept each other's sessions and verify each other's credentials", async () => {
      const setup = await teachingSetup(a);
      const student = await signedInEnrolledStudent(a, setup.cls, "Marta Cassule");
      expect(
        (
          await postResults(a, setup.professor.cookie, setup.cls.id, [
            { enrollmentId: student.enrollment.id, outcome: "completed" },
          ])
        ).status,
      ).toBe(200);

      // The student signed in on A reads her certificates on B.
      const onB = await b.app.request("/api/me/certificates", jsonRequest("GET", undefined, student.cookie));
      expect(onB.status).toBe(200);
      const [cert] = (await body(onB)).certificates;

      // The credential A signs verifies on B.
      const file = await body(
        await a.app.request(`/api/certificates/${cert.id}/credential`, jsonRequest("GET", undefined, student.cookie)),
      );
      const verified = await b.app.request("/api/verify/credential", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(file),
      });
      expect(verified.status).toBe(200);
      expect(await body(verified)).toMatchObject({ result: "valid", signatureValid: true, matchesRecord: true });

      // What each instance inventing its own would give (the failure this prevents).
      const own = await createTestContext({
        DATABASE_URL: a.databaseUrl,
        AUTH_SECRET: "o".repeat(40),
        CREDENTIAL_SIGNING_KEY: generateKeyPairSync("ed25519")
          .privateKey.export({ type: "pkcs8", format: "pem" })
          .toString(),
      });
      try {
        expect(
          (await own.app.request("/api/me/certificates", jsonRequest("GET", undefined, student.cookie))).status,
        ).toBe(401);
        const refused = await own.app.request("/api/verify/credential", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(file),
        });
        expect(refused.status).toBe(422);
      } finally {
        await own.close();
      }
    });
  });
});
