import { execFile } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInStaff } from "../../../test/actors";
import { createTestContext, type TestContext } from "../../../test/context";
import { startEmbeddedPostgres } from "../../db/embedded";
import { authAccount, staffProfiles } from "../../db/schema";
import { createLogger } from "../../logger";
import { upsertStaffUser } from "./users.service";

const run = promisify(execFile);
const serverDir = path.resolve(import.meta.dirname, "../../..");

const signIn = signInStaff;

describe("create-admin", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it("creates a super_admin who can sign in and is seen as such, with the password hashed", async () => {
    const result = await upsertStaffUser(ctx.db, {
      email: "Chefe@Inst.ao",
      password: "segredo1",
      name: "Chefe",
      role: "super_admin",
    });
    expect(result).toMatchObject({ created: true, roleLabel: "Super Administrador" });
    const [account] = await ctx.db.select().from(authAccount).where(eq(authAccount.userId, result.userId));
    expect(account!.password).not.toContain("segredo1");

    const res = await signIn(ctx, "chefe@inst.ao", "segredo1");
    expect(res.status).toBe(200);
    const cookie = res.headers.get("set-cookie")!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await (await ctx.app.request("/api/session", { headers: { cookie } })).json();
    expect(session).toMatchObject({
      user: { email: "chefe@inst.ao", name: "Chefe" },
      staff: { role: "super_admin" },
      student: null,
    });
  });

  it("updates an existing user's password and role, and ends their sessions", async () => {
    const login = await signIn(ctx, "chefe@inst.ao", "segredo1");
    const cookie = login.headers.get("set-cookie")!;
    const result = await upsertStaffUser(ctx.db, {
      email: "chefe@inst.ao",
      password: "novasenha",
      name: "Chefe",
      role: "financeiro",
    });
    expect(result.created).toBe(false);
    expect((await ctx.db.select().from(staffProfiles).where(eq(staffProfiles.userId, result.userId)))[0]!.role).toBe(
      "financeiro",
    );
    expect((await signIn(ctx, "chefe@inst.ao", "segredo1")).status).toBe(401);
    expect((await signIn(ctx, "chefe@inst.ao", "novasenha")).status).toBe(200);
    expect(await (await ctx.app.request("/api/session", { headers: { cookie } })).json()).toMatchObject({ user: null });
  });

  it("refuses bad input with Portuguese messages and changes nothing", async () => {
    await expect(
      upsertStaffUser(ctx.db, { email: "x", password: "1", name: "A", role: "chefe" as never }),
    ).rejects.toThrow(/Email inválido/);
  });

  describe("the command on the embedded database", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "create-admin-cli-"));
    chmodSync(dataDir, 0o755);
    afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
    const cli = (...args: string[]) =>
      run("npx", ["tsx", "src/cli/create-admin.ts", ...args], {
        cwd: serverDir,
        // Vitest exports BASE_URL=/ (Vite's base path); the command must not inherit it.
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "silent" },
      });

    it("works with no server running (starts and stops PostgreSQL) and while one runs (attaches, leaves it running)", async () => {
      const first = await cli("--email", "root@inst.ao", "--password", "segredo1", "--name", "Root");
      expect(first.stdout).toContain("Usuário criado: root@inst.ao (Super Administrador)");

      const running = await startEmbeddedPostgres(dataDir, createLogger("silent"));
      expect(running.started).toBe(true); // the command stopped the one it started
      try {
        const second = await cli(
          "--email",
          "root@inst.ao",
          "--password",
          "segredo2",
          "--name",
          "Root",
          "--role",
          "admin",
        );
        expect(second.stdout).toContain("Usuário atualizado: root@inst.ao (Administrador)");
        // The last super_admin who lost their phone (decision 076): only the e-mail is needed.
        const reset = await cli("--email", "Root@inst.ao", "--reset-two-factor");
        expect(reset.stdout).toContain("Verificação em dois passos desativada: root@inst.ao");
        process.kill(running.pid, 0); // still running
      } finally {
        await running.stop();
      }
    }, 90_000);

    it("prints the usage and fails without the required options", async () => {
      const err = await cli("--email", "a@b.ao").then(
        () => null,
        (e: { code: number; stderr: string }) => e,
      );
      expect(err?.code).toBe(2);
      expect(err?.stderr).toContain("Uso: npm run create-admin");
    });
  });
});
