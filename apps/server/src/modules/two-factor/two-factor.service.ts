import { randomUUID } from "node:crypto";
import { STAFF_ROLES, type StaffRole } from "@app/shared/enums";
import {
  type CodedMessage,
  SECOND_STEP_OVER,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_LOCKED,
  TWO_FACTOR_NOT_FOR_STUDENTS,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_NOT_STARTED,
  USER_NOT_FOUND,
  WRONG_BACKUP_CODE,
  WRONG_CURRENT_PASSWORD,
  WRONG_TWO_FACTOR_CODE,
} from "@app/shared/messages";
import { isAPIError } from "better-auth/api";
import { eq, isNotNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import { canonicalBackupCode } from "../../auth/backup-codes";
import { COUNTERS, hashingAttempt, recordSuccess, takeAttempt } from "../../auth/rate-limit";
import { type SessionInfo, sessionForUser } from "../../auth/session";
import type { Database, Tx } from "../../db/client";
import {
  authSession,
  authTwoFactor,
  authUser,
  staffProfiles,
  staffRoleSettings,
  staffUserEvents,
  studentAccounts,
} from "../../db/schema";
import type { AppDeps } from "../../http/env";
import { ApiError } from "../../http/errors";
import { getInstituteSettings } from "../settings/settings.service";
import type { Request } from "../sign-in/sign-in.service";
import { admitSession, periodOfCode } from "./second-factor-session";

/**
 * Staff two-factor sign-in (decision 076), through better-auth's twoFactor plugin (auth/auth.ts): only
 * these services call its endpoints, so each refusal is ours, in Portuguese, and counted by our limits.
 */
type Deps = Pick<AppDeps, "auth" | "db">;

/** The event kind a super_admin's turning-off leaves in the user's history. */
export const TWO_FACTOR_TURNED_OFF = "two_factor_turned_off";

/** The plugin's error code, when `err` is one of its refusals. */
function pluginCode(err: unknown): string | undefined {
  if (!isAPIError(err) || err.statusCode >= 500) return undefined;
  const code = (err.body as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : "";
}

/** The plugin's refusal as ours: `known` maps its codes; anything else it refuses becomes `otherwise`. */
function translated(err: unknown, known: Record<string, [number, CodedMessage]>, otherwise: [number, CodedMessage]) {
  const code = pluginCode(err);
  if (code === undefined) return err;
  const [status, message] = known[code] ?? otherwise;
  return ApiError.of(status as 400, message);
}

/** A code the plugin accepted: the user, and the new session's cookie. */
interface Verified {
  headers: Headers;
  response: { user: { id: string; email: string } };
}

/**
 * The token of the session the plugin's answer opened: the one its cookie names (on a set-up's
 * confirmation the answer's body still names the session the plugin replaced).
 */
async function openedSession({ auth }: Deps, { headers }: Verified): Promise<string> {
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const opened = await auth.api.getSession({ headers: new Headers({ cookie }) });
  if (!opened) throw new Error("the twoFactor plugin opened no session");
  return opened.session.token;
}
async function signedIn(db: Database, { headers, response: { user } }: Verified) {
  return { session: await sessionForUser(db, user.id, user.email), cookies: headers.getSetCookie() };
}

/** The plugin's check of an authenticator code, and when it ran (to find the code's period after it). */
async function verifyTotp(deps: Deps, req: Request, code: string) {
  const from = Date.now();
  const verified: Verified = await deps.auth.api.verifyTOTP({
    body: { code },
    headers: req.headers,
    returnHeaders: true,
  });
  return { verified, checked: { from, to: Date.now() } };
}

/**
 * The code step of a staff sign-in: the authenticator's code (the previous and next 30-second periods
 * pass, each period's code once: decision 080) or a backup code (once; in any case, with or without its dash:
 * decision 086). Counted by our per-client limits;
 * the plugin also ends the step after 5 wrong codes and locks the account for 15 minutes after 10 in a row.
 */
export async function verifySignInCode(
  deps: Deps,
  req: Request,
  { code, backup }: { code: string; backup: boolean },
): Promise<{ session: SessionInfo; cookies: string[] }> {
  const counters = COUNTERS.secondStep(req.ip);
  await takeAttempt(deps.db, counters);
  let verified: Verified;
  let period: number | null | undefined;
  try {
    if (backup) {
      verified = await deps.auth.api.verifyBackupCode({
        body: { code: canonicalBackupCode(code) },
        headers: req.headers,
        returnHeaders: true,
      });
    } else {
      const totp = await verifyTotp(deps, req, code);
      verified = totp.verified;
      period = await periodOfCode(deps, verified.response.user.id, code, totp.checked);
    }
  } catch (err) {
    throw translated(
      err,
      {
        INVALID_CODE: [401, WRONG_TWO_FACTOR_CODE],
        INVALID_BACKUP_CODE: [401, WRONG_BACKUP_CODE],
        ACCOUNT_TEMPORARILY_LOCKED: [429, TWO_FACTOR_LOCKED],
      },
      [401, SECOND_STEP_OVER],
    );
  }
  await admitSession(deps.db, {
    userId: verified.response.user.id,
    token: await openedSession(deps, verified),
    period,
  });
  await recordSuccess(deps.db, counters);
  return signedIn(deps.db, verified);
}

async function isStudent(db: Database, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: studentAccounts.id })
    .from(studentAccounts)
    .where(eq(studentAccounts.userId, userId));
  return rows.length > 0;
}

async function isTwoFactorOn(db: Database, userId: string): Promise<boolean> {
  const [user] = await db.select({ on: authUser.twoFactorEnabled }).from(authUser).where(eq(authUser.id, userId));
  return user?.on ?? false;
}

/**
 * Starts the set-up for the signed-in staff user (their password asked again): a new secret and 10
 * backup codes, not in force until `confirmSetUp`. Students never get a second factor. 'Already on' is
 * said before the password is looked at, and wrong passwords count like the sign-in's (decision 080).
 */
export async function startSetUp(deps: Deps, req: Request, userId: string, password: string) {
  if (await isStudent(deps.db, userId)) throw ApiError.of(403, TWO_FACTOR_NOT_FOR_STUDENTS);
  if (await isTwoFactorOn(deps.db, userId)) throw ApiError.of(409, TWO_FACTOR_ALREADY_ON);
  const counters = COUNTERS.currentPassword(userId, req.ip);
  const { name } = await getInstituteSettings(deps.db);
  const started = await hashingAttempt(deps.db, counters, async () => {
    try {
      return await deps.auth.api.enableTwoFactor({
        body: { password, issuer: name, method: "totp" },
        headers: req.headers,
      });
    } catch (err) {
      throw translated(err, { TOTP_ALREADY_ENABLED: [409, TWO_FACTOR_ALREADY_ON] }, [400, WRONG_CURRENT_PASSWORD]);
    }
  });
  await recordSuccess(deps.db, counters);
  if (started.method !== "totp") throw new Error("the twoFactor plugin did not start a TOTP set-up");
  const otpauthUri = started.totpURI;
  const secret = new URL(otpauthUri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { otpauthUri, secret, qrSvg, backupCodes: started.backupCodes };
}

/**
 * The first code from the app: two-factor sign-in is on. better-auth replaces the session (new cookies);
 * the new one counts as opened with the second factor, the code's period is used, and every other
 * session of the user ends: one opened with the password alone never becomes a full one (decision 080).
 */
export async function confirmSetUp(deps: Deps, req: Request, userId: string, code: string) {
  if (await isTwoFactorOn(deps.db, userId)) throw ApiError.of(409, TWO_FACTOR_ALREADY_ON);
  const counters = COUNTERS.twoFactorSetUp(userId, req.ip);
  await takeAttempt(deps.db, counters);
  let confirmed: Verified;
  let period: number | null;
  try {
    const totp = await verifyTotp(deps, req, code);
    confirmed = totp.verified;
    period = await periodOfCode(deps, userId, code, totp.checked);
  } catch (err) {
    throw translated(err, { INVALID_CODE: [400, WRONG_TWO_FACTOR_CODE] }, [400, TWO_FACTOR_NOT_STARTED]);
  }
  await admitSession(deps.db, { userId, token: await openedSession(deps, confirmed), period, endOtherSessions: true });
  await recordSuccess(deps.db, counters);
  return signedIn(deps.db, confirmed);
}

/** The secret and backup codes go, the flag goes off, the sessions end, and the user's history says so. */
async function clearSecondFactor(tx: Tx, userId: string, byUserId: string | null): Promise<number> {
  const rows = await tx
    .delete(authTwoFactor)
    .where(eq(authTwoFactor.userId, userId))
    .returning({ id: authTwoFactor.id });
  await tx.update(authUser).set({ twoFactorEnabled: false, updatedAt: new Date() }).where(eq(authUser.id, userId));
  await tx.delete(authSession).where(eq(authSession.userId, userId));
  await tx.insert(staffUserEvents).values({ id: randomUUID(), userId, kind: TWO_FACTOR_TURNED_OFF, byUserId });
  return rows.length;
}

/**
 * A super_admin turns off a staff user's two-factor sign-in (a lost phone). If their role requires it,
 * the next sign-in takes them to the set-up again.
 */
export async function turnOff(db: Database, userId: string, byUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [user] = await tx
      .select({ enabled: authUser.twoFactorEnabled })
      .from(authUser)
      .innerJoin(staffProfiles, eq(staffProfiles.userId, authUser.id))
      .where(eq(authUser.id, userId))
      .for("update");
    if (!user) throw ApiError.of(404, USER_NOT_FOUND);
    const removed = await clearSecondFactor(tx, userId, byUserId);
    if (!user.enabled && removed === 0) throw ApiError.of(409, TWO_FACTOR_NOT_ON); // rolls back the event
  });
}

/** From the server's shell (`npm run create-admin -- --email E --reset-two-factor`): the history names nobody. */
export async function resetTwoFactorByEmail(db: Database, email: string): Promise<boolean> {
  const [user] = await db
    .select({ id: authUser.id })
    .from(authUser)
    .where(eq(authUser.email, email.trim().toLowerCase()));
  if (!user) return false;
  await db.transaction((tx) => clearSecondFactor(tx, user.id, null));
  return true;
}

/**
 * Whether each role requires two-factor sign-in (a role without a row requires nothing), with its staff
 * users and how many have not turned it on: those a requirement sends to the set-up (decision 086).
 */
export async function roleSettings(db: Database) {
  const [rows, counts] = await Promise.all([
    db.select().from(staffRoleSettings),
    db
      .select({
        role: staffProfiles.role,
        users: sql<number>`count(*)::int`,
        withoutTwoFactor: sql<number>`(count(*) filter (where not ${authUser.twoFactorEnabled}))::int`,
      })
      .from(staffProfiles)
      .innerJoin(authUser, eq(authUser.id, staffProfiles.userId))
      .where(isNotNull(staffProfiles.role))
      .groupBy(staffProfiles.role),
  ]);
  const required = new Map(rows.map((r) => [r.role, r.twoFactorRequired]));
  const counted = new Map(counts.map((c) => [c.role, c]));
  return {
    items: STAFF_ROLES.map((role) => ({
      role,
      required: required.get(role) ?? false,
      users: counted.get(role)?.users ?? 0,
      withoutTwoFactor: counted.get(role)?.withoutTwoFactor ?? 0,
    })),
  };
}

export async function setRoleSetting(db: Database, role: StaffRole, required: boolean) {
  await db
    .insert(staffRoleSettings)
    .values({ role, twoFactorRequired: required })
    .onConflictDoUpdate({ target: staffRoleSettings.role, set: { twoFactorRequired: required } });
  return { role, required };
}
