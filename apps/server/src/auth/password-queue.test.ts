import { execSync } from "node:child_process";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { cookieOf, jsonRequest } from "../../test/actors";
import { body, createTestContext, type TestContext } from "../../test/context";
import { assertPasswordQueueHasRoom, hashPassword, PasswordQueueFullError, passwordQueue } from "./password-hashing";

/** The server's password hasher process (decision 068). */
function hasherPid(): number {
  const out = execSync(`ps -o pid=,args= --ppid ${process.pid}`, { encoding: "utf8" });
  const line = out.split("\n").find((l) => l.includes("password-hasher.mjs"));
  if (!line) throw new Error("no password hasher running");
  return Number(line.trim().split(/\s+/)[0]);
}

const CROWDED = /^Muitas pessoas a entrar ao mesmo tempo\. Tente de novo dentro de (\d+) segundos?\.$/;

/** The 503 of a full line: Retry-After in whole seconds, and the same N in the message. */
async function expectCrowded(res: Response) {
  expect(res.status).toBe(503);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
  const { error } = await body(res);
  expect(error.code).toBe("crowded");
  expect(CROWDED.exec(error.message)?.[1]).toBe(String(retryAfter));
}

/**
 * Decision 090: a crowd signing in fills the password hasher's line; past the line's bound
 * (PASSWORD_QUEUE_SECONDS) a request that would hash is answered at once with 503 and Retry-After. The
 * hasher is stopped (SIGSTOP) while the line is filled, so nothing drains it during the test: every answer
 * below comes without the hasher's help, which is what "never a timeout" means.
 */
describe("the password hasher's line is bounded", () => {
  let ctx: TestContext;
  let stopped: number | undefined;
  const resume = () => {
    if (stopped) process.kill(stopped, "SIGCONT");
    stopped = undefined;
  };
  const stopHasher = () => {
    stopped = hasherPid();
    process.kill(stopped, "SIGSTOP");
  };
  afterEach(resume);
  afterAll(async () => {
    resume();
    await ctx?.close();
  });

  async function newStudent(phone: string) {
    const res = await ctx.app.request(
      "/api/student-accounts",
      jsonRequest("POST", { studentName: "Aluno Multidão", studentPhone: phone, hasEmail: false }),
    );
    expect(res.status).toBe(201);
    return (await body(res)) as { studentCode: string; studentPassword: string };
  }

  describe("no waiting (PASSWORD_QUEUE_SECONDS=0, as the browser test runs it)", () => {
    beforeAll(async () => {
      ctx = await createTestContext({ PASSWORD_QUEUE_SECONDS: "0" });
    });

    it("a sign-in, a sign-up and a password change get 503 + Retry-After at once; nothing queued, nothing counted", async () => {
      const student = await newStudent("923100001");
      const signIn = () =>
        ctx.app.request(
          "/api/auth/student/sign-in",
          jsonRequest("POST", { code: student.studentCode, password: student.studentPassword }),
        );
      const cookie = cookieOf(await signIn());
      stopHasher();
      // Every core busy with a hash the stopped hasher will not finish.
      const busy = Array.from({ length: passwordQueue().cores }, () => hashPassword("OCUPADO"));
      expect(passwordQueue()).toMatchObject({ running: passwordQueue().cores, waiting: 0 });

      await expectCrowded(await signIn());
      await expectCrowded(
        await ctx.app.request(
          "/api/student-accounts",
          jsonRequest("POST", { studentName: "Aluno Multidão", studentPhone: "923100002", hasEmail: false }),
        ),
      );
      await expectCrowded(
        await ctx.app.request(
          "/api/me/account/password",
          jsonRequest("PUT", { newPassword: "MINHA1", confirmPassword: "MINHA1" }, cookie),
        ),
      );
      // The refused requests added nothing to the line, used no attempt and made no account.
      expect(passwordQueue()).toMatchObject({ running: passwordQueue().cores, waiting: 0 });
      const counts = await ctx.db.execute<{ key: string; count: number }>(sql`select key, count from rate_limits`);
      const counted = Object.fromEntries(counts.rows.map((r) => [r.key.replace(/:[^:]*$/, ""), r.count]));
      // The one account made above counts on its IP; nothing else holds an attempt.
      expect(counted).toEqual({
        "student-create:ip": 1,
        "student-create:phone": 1,
        "student-sign-in:account": 0,
        "sign-in:ip": 0,
      });
      const accounts = await ctx.db.execute<{ n: number }>(
        sql`select count(*)::int as n from student_accounts where student_phone = '923100002'`,
      );
      expect(accounts.rows[0]!.n).toBe(0);

      // The line drains: the same request, sent again as the web does after Retry-After, goes through.
      resume();
      await Promise.all(busy);
      expect((await signIn()).status).toBe(200);
    });
  });

  describe("turns of their own", () => {
    it("those refused one after the other are told later and later turns, at the pace the hasher works", async () => {
      stopHasher();
      const busy = Array.from({ length: passwordQueue().cores }, () => hashPassword("OCUPADO"));
      const told: number[] = [];
      const refusals = 300 * passwordQueue().cores;
      for (let i = 0; i < refusals; i++) {
        try {
          assertPasswordQueueHasRoom();
        } catch (err) {
          if (err instanceof PasswordQueueFullError) told.push(err.retryAfterSeconds);
        }
      }
      expect(told).toHaveLength(refusals);
      // Never an earlier turn than one told before; the turns spread over those hashes' share of the cores.
      expect(told).toEqual([...told].sort((a, b) => a - b));
      const { hashMs, cores } = passwordQueue();
      expect(told.at(-1)! - told[0]!).toBeGreaterThanOrEqual(
        Math.min(59, Math.floor(((refusals - 1) * hashMs) / cores / 1000)) - 1,
      );
      expect(told.at(-1)!).toBeLessThanOrEqual(60);
      resume();
      await Promise.all(busy);
    });
  });

  describe("a line of at most one second (PASSWORD_QUEUE_SECONDS=1)", () => {
    beforeAll(async () => {
      await ctx?.close();
      ctx = await createTestContext({ PASSWORD_QUEUE_SECONDS: "1" });
    });

    it("admits only what drains within the bound, refuses the rest at once, and refuses what waited twice that", async () => {
      const student = await newStudent("923100003");
      stopHasher();
      const admitted: Promise<string>[] = [];
      let refused: unknown;
      for (let i = 0; i < 1000 && !refused; i++) {
        try {
          assertPasswordQueueHasRoom(); // what each hash asks first
          const hash = hashPassword("FILA01");
          hash.catch(() => {}); // refused later, after twice the bound: looked at below
          admitted.push(hash);
        } catch (err) {
          refused = err;
        }
      }
      expect(refused).toBeInstanceOf(PasswordQueueFullError);
      await expect(hashPassword("FILA01")).rejects.toBeInstanceOf(PasswordQueueFullError);
      // What waits is bounded: the line's expected wait is within the second it may last.
      const line = passwordQueue();
      expect(line.running).toBe(line.cores);
      expect(admitted.length).toBe(line.running + line.waiting);
      expect((line.waiting * line.hashMs) / line.cores).toBeLessThanOrEqual(line.maxWaitMs);

      await expectCrowded(
        await ctx.app.request(
          "/api/auth/student/sign-in",
          jsonRequest("POST", { code: student.studentCode, password: student.studentPassword }),
        ),
      );
      // The hasher stays stopped: those waiting are refused once they have waited twice the bound.
      const settled = await Promise.allSettled(admitted.slice(line.running));
      expect(settled.every((s) => s.status === "rejected" && s.reason instanceof PasswordQueueFullError)).toBe(true);
      expect(passwordQueue().waiting).toBe(0);

      // A sign-in let into the line, which then waits twice the bound: 503 then, and its attempt given back.
      const waited = await ctx.app.request(
        "/api/auth/student/sign-in",
        jsonRequest("POST", { code: student.studentCode, password: student.studentPassword }),
      );
      await expectCrowded(waited);
      const counts = await ctx.db.execute<{ n: number }>(
        sql`select coalesce(sum(count), 0)::int as n from rate_limits where key like '%sign-in%'`,
      );
      expect(counts.rows[0]!.n).toBe(0);
      resume();
      await Promise.all(admitted.slice(0, line.running));
    });
  });
});
