import { tooManyAttempts } from "@app/shared/messages";
import { sql } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { ApiError } from "../http/errors";
import { assertPasswordQueueHasRoom, PasswordQueueFullError } from "./password-hashing";

/** At most `max` counted events per fixed window of `windowSeconds` (row: window start, count). */
export interface WindowRule {
  kind: "window";
  max: number;
  windowSeconds: number;
}

/**
 * Slows down, then locks: the first `freeFailures` failures cost nothing; after that each attempt must
 * wait firstDelay · 2^(failures − freeFailures) seconds (at most maxDelay) after the last failure.
 * Failures are forgotten `forgetAfterSeconds` after the last one (row: last failure, count).
 */
export interface BackoffRule {
  kind: "backoff";
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  forgetAfterSeconds: number;
}

export type Rule = WindowRule | BackoffRule;

export interface Counter {
  key: string;
  rule: Rule;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

/** Decision 013: every number of the sign-in, password and account-creation protections. */
export const RULES = {
  /** One account from one client (account + IP): 5 free failures, then 1, 2, 4, 8 minutes, then 15-minute locks. */
  signInPair: {
    kind: "backoff",
    freeFailures: 5,
    firstDelaySeconds: MINUTE,
    maxDelaySeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
  },
  /**
   * Codes of the two-factor step and of its set-up (decision 076), per client (and per account for the
   * set-up): 10 free failures (the plugin locks the account at 10 in a row), then 1, 2, 4… minutes.
   */
  secondStep: {
    kind: "backoff",
    freeFailures: 10,
    firstDelaySeconds: MINUTE,
    maxDelaySeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
  },
  /** One account from anywhere: stops a guesser spread over many IPs. */
  signInAccount: { kind: "window", max: 30, windowSeconds: HOUR },
  /** Failures from one IP across accounts: sized for hundreds of students behind one school NAT. */
  signInIp: { kind: "window", max: 200, windowSeconds: 15 * MINUTE },
  /**
   * Wrong current passwords where a signed-in user is asked for it again (the student's password change,
   * the staff two-factor set-up: decision 080), per account: the same slow-down as the sign-in.
   */
  currentPasswordAccount: {
    kind: "backoff",
    freeFailures: 5,
    firstDelaySeconds: MINUTE,
    maxDelaySeconds: 15 * MINUTE,
    forgetAfterSeconds: HOUR,
  },
  currentPasswordIp: { kind: "window", max: 200, windowSeconds: 15 * MINUTE },
  /** Reset e-mails: per account from one client, per account from anywhere (one inbox), per IP. */
  passwordResetPair: { kind: "window", max: 3, windowSeconds: HOUR },
  passwordResetAccount: { kind: "window", max: 10, windowSeconds: HOUR },
  passwordResetIp: { kind: "window", max: 30, windowSeconds: HOUR },
  /** New accounts: an enrolment day at the secretariat creates dozens from one IP; a family shares a phone. */
  createStudentAccountIp: { kind: "window", max: 100, windowSeconds: HOUR },
  createStudentAccountPhone: { kind: "window", max: 5, windowSeconds: HOUR },
  staffSignUpIp: { kind: "window", max: 20, windowSeconds: HOUR },
  /**
   * Public certificate checks (number or credential file), per IP: an employer checks a few, a
   * recruiting office a few dozen; walking the number space (31^12) is out of reach anyway (decision 021).
   */
  certificateVerificationIp: { kind: "window", max: 60, windowSeconds: 10 * MINUTE },
  /** 'Enviar SMS de teste' (decision 094): each costs money; a few prove the set-up. */
  smsTestAccount: { kind: "window", max: 5, windowSeconds: HOUR },
} satisfies Record<string, Rule>;

/** The counters of each protected action (keys: action, subject, then the subject's value). */
export const COUNTERS = {
  signIn: (kind: "staff" | "student", account: string, ip: string): Counter[] => [
    { key: `${kind}-sign-in:pair:${account.toLowerCase()}:${ip}`, rule: RULES.signInPair },
    { key: `${kind}-sign-in:account:${account.toLowerCase()}`, rule: RULES.signInAccount },
    { key: `sign-in:ip:${ip}`, rule: RULES.signInIp },
  ],
  /** The code after the password: this client, and the IP's sign-in failures across accounts. */
  secondStep: (ip: string): Counter[] => [
    { key: `second-step:ip:${ip}`, rule: RULES.secondStep },
    { key: `sign-in:ip:${ip}`, rule: RULES.signInIp },
  ],
  /** The first code of the set-up, by a signed-in user. */
  twoFactorSetUp: (userId: string, ip: string): Counter[] => [
    { key: `two-factor-set-up:account:${userId}`, rule: RULES.secondStep },
    { key: `sign-in:ip:${ip}`, rule: RULES.signInIp },
  ],
  /** The current password asked again of a signed-in user: one count for every route that asks it. */
  currentPassword: (userId: string, ip: string): Counter[] => [
    { key: `current-password:account:${userId}`, rule: RULES.currentPasswordAccount },
    { key: `current-password:ip:${ip}`, rule: RULES.currentPasswordIp },
  ],
  passwordReset: (email: string, ip: string): Counter[] => [
    { key: `password-reset:pair:${email.toLowerCase()}:${ip}`, rule: RULES.passwordResetPair },
    { key: `password-reset:account:${email.toLowerCase()}`, rule: RULES.passwordResetAccount },
    { key: `password-reset:ip:${ip}`, rule: RULES.passwordResetIp },
  ],
  createStudentAccount: (phone: string, ip: string): Counter[] => [
    { key: `student-create:ip:${ip}`, rule: RULES.createStudentAccountIp },
    { key: `student-create:phone:${phone}`, rule: RULES.createStudentAccountPhone },
  ],
  staffSignUp: (ip: string): Counter[] => [{ key: `staff-sign-up:ip:${ip}`, rule: RULES.staffSignUpIp }],
  certificateVerification: (ip: string): Counter[] => [
    { key: `certificate-verify:ip:${ip}`, rule: RULES.certificateVerificationIp },
  ],
  smsTest: (userId: string): Counter[] => [{ key: `sms-test:account:${userId}`, rule: RULES.smsTestAccount }],
};

interface State {
  count: number;
  since: number; // epoch seconds: the window's start, or the last failure
  now: number; // the database's clock, shared by every instance
}

/** Seconds this counter still refuses for, or 0 when it lets one more attempt through. */
function waitSeconds(rule: Rule, s: State): number {
  if (rule.kind === "window") {
    const end = s.since + rule.windowSeconds;
    return s.now < end && s.count >= rule.max ? end - s.now : 0;
  }
  if (s.count < rule.freeFailures || s.now >= s.since + rule.forgetAfterSeconds) return 0;
  const delay = Math.min(rule.maxDelaySeconds, rule.firstDelaySeconds * 2 ** (s.count - rule.freeFailures));
  return Math.max(0, s.since + delay - s.now);
}

/** The row after counting one more attempt. */
function counted(rule: Rule, s: State): { count: number; startNow: boolean } {
  const expired =
    rule.kind === "window" ? s.now >= s.since + rule.windowSeconds : s.now >= s.since + rule.forgetAfterSeconds;
  if (expired) return { count: 1, startNow: true };
  return { count: s.count + 1, startNow: rule.kind === "backoff" };
}

function refusal(seconds: number): ApiError {
  const wait = Math.max(1, Math.ceil(seconds));
  const minutes = Math.ceil(wait / 60);
  return ApiError.of(429, tooManyAttempts(minutes), undefined, { "Retry-After": String(wait) });
}

async function lockRow(tx: Tx, key: string): Promise<State> {
  // The upsert creates a missing row and locks it either way, so concurrent attempts queue up here.
  const result = await tx.execute<{ count: number; since: number; now: number }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 0)
    on conflict (key) do update set key = excluded.key
    returning count, extract(epoch from window_start)::float8 as since, extract(epoch from now())::float8 as now`);
  const row = result.rows[0]!;
  return { count: Number(row.count), since: Number(row.since), now: Number(row.now) };
}

/**
 * Counts one attempt on every counter at once, or refuses it (429 with Retry-After, nothing counted)
 * when any counter is at its limit. Counted up front so parallel requests cannot slip past a limit;
 * `recordSuccess` gives the attempt back when the credentials were right.
 */
export async function takeAttempt(db: Database, counters: Counter[]): Promise<void> {
  const ordered = [...counters].sort((a, b) => a.key.localeCompare(b.key)); // one lock order: no deadlocks
  const wait = await db.transaction(async (tx) => {
    const states: State[] = [];
    for (const counter of ordered) states.push(await lockRow(tx, counter.key));
    const longest = Math.max(0, ...ordered.map((counter, i) => waitSeconds(counter.rule, states[i]!)));
    if (longest > 0) return longest;
    for (const [i, counter] of ordered.entries()) {
      const next = counted(counter.rule, states[i]!);
      await tx.execute(sql`
        update rate_limits set count = ${next.count},
          window_start = case when ${next.startNow} then now() else window_start end
        where key = ${counter.key}`);
    }
    return 0;
  });
  if (Math.random() < 0.01) await forgetStale(db);
  if (wait > 0) throw refusal(wait);
}

/**
 * The credentials were right: a back-off counter (this account from this client) forgets its failures;
 * a window counter (the account from anywhere, the IP) gives this attempt back, keeping other failures.
 */
export async function recordSuccess(db: Database, counters: Counter[]): Promise<void> {
  const cleared = counters.filter((c) => c.rule.kind === "backoff").map((c) => c.key);
  const refunded = counters.filter((c) => c.rule.kind === "window").map((c) => c.key);
  await db.transaction(async (tx) => {
    for (const key of cleared) await tx.execute(sql`delete from rate_limits where key = ${key}`);
    await refund(tx, refunded);
  });
}

/** One attempt given back on each of these counters. */
async function refund(tx: Tx, keys: string[]): Promise<void> {
  for (const key of keys)
    await tx.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`);
}

/**
 * An attempt that hashes a password (`work`), counted like any other; but while the password hasher's line
 * is full it is refused before it is counted, and one the hasher refused later is given back on every
 * counter: a student sent to try again in N seconds (decision 090) does not use up their attempts.
 */
export async function hashingAttempt<T>(db: Database, counters: Counter[], work: () => Promise<T>): Promise<T> {
  assertPasswordQueueHasRoom();
  await takeAttempt(db, counters);
  try {
    return await work();
  } catch (err) {
    if (err instanceof PasswordQueueFullError) await giveBack(db, counters);
    throw err;
  }
}

/** One counted attempt taken back on every counter (a back-off counter keeps the time it was counted at). */
async function giveBack(db: Database, counters: Counter[]): Promise<void> {
  await db.transaction((tx) =>
    refund(
      tx,
      counters.map((c) => c.key),
    ),
  );
}

/** Rows untouched for a day count for nothing under any rule (the longest lasts an hour). */
async function forgetStale(db: Database): Promise<void> {
  await db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
