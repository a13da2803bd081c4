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
import { eq } from "drizzle-orm";
import QRCode from "qrcode";
import { COUNTERS, recordSuccess, takeAttempt } from "../../auth/rate-limit";
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
import type { Request } from "../auth/auth.service";
import { getInstituteSettings } from "../settings/settings.service";

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
async function signedIn(db: Database, { headers, response: { user } }: Verified) {
  return { session: await sessionForUser(db, user.id, user.email), cookies: headers.getSetCookie() };
}

/**
 * The code step of a staff sign-in: the authenticator's code (the previous and next 30-second periods
 * pass) or a backup code (once). Counted by our per-client limits; the plugin also ends the step after
 * 5 wrong codes and locks the account for 15 minutes after 10 in a row.
 */
export async function verifySignInCode(
  deps: Deps,
  req: Request,
  { code, backup }: { code: string; backup: boolean },
): Promise<{ session: SessionInfo; cookies: string[] }> {
  const counters = COUNTERS.secondStep(req.ip);
  await takeAttempt(deps.db, counters);
  let verified: Verified;
  try {
    verified = backup
      ? await deps.auth.api.verifyBackupCode({ body: { code }, headers: req.headers, returnHeaders: true })
      : await deps.auth.api.verifyTOTP({ body: { code }, headers: req.headers, returnHeaders: true });
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

/**
 * Starts the set-up for the signed-in staff user (their password asked again): a new secret and 10
 * backup codes, not in force until `confirmSetUp`. Students never get a second factor.
 */
export async function startSetUp(deps: Deps, headers: Headers, userId: string, password: string) {
  if (await isStudent(deps.db, userId)) throw ApiError.of(403, TWO_FACTOR_NOT_FOR_STUDENTS);
  const { name } = await getInstituteSettings(deps.db);
  let started: Awaited<ReturnType<Deps["auth"]["api"]["enableTwoFactor"]>>;
  try {
    started = await deps.auth.api.enableTwoFactor({ body: { password, issuer: name, method: "totp" }, headers });
  } catch (err) {
    throw translated(err, { TOTP_ALREADY_ENABLED: [409, TWO_FACTOR_ALREADY_ON] }, [400, WRONG_CURRENT_PASSWORD]);
  }
  if (started.method !== "totp") throw new Error("the twoFactor plugin did not start a TOTP set-up");
  const otpauthUri = started.totpURI;
  const secret = new URL(otpauthUri).searchParams.get("secret") ?? "";
  const qrSvg = await QRCode.toString(otpauthUri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { otpauthUri, secret, qrSvg, backupCodes: started.backupCodes };
}

/** The first code from the app: two-factor sign-in is on (better-auth replaces the session: new cookies). */
export async function confirmSetUp(deps: Deps, req: Request, userId: string, code: string) {
  const counters = COUNTERS.twoFactorSetUp(userId, req.ip);
  await takeAttempt(deps.db, counters);
  let confirmed: Verified;
  try {
    confirmed = await deps.auth.api.verifyTOTP({ body: { code }, headers: req.headers, returnHeaders: true });
  } catch (err) {
    throw translated(err, { INVALID_CODE: [400, WRONG_TWO_FACTOR_CODE] }, [400, TWO_FACTOR_NOT_STARTED]);
  }
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

/** Whether each role requires two-factor sign-in (a role without a row requires nothing). */
export async function roleSettings(db: Database) {
  const rows = await db.select().from(staffRoleSettings);
  const required = new Map(rows.map((r) => [r.role, r.twoFactorRequired]));
  return { items: STAFF_ROLES.map((role) => ({ role, required: required.get(role) ?? false })) };
}

export async function setRoleSetting(db: Database, role: StaffRole, required: boolean) {
  await db
    .insert(staffRoleSettings)
    .values({ role, twoFactorRequired: required })
    .onConflictDoUpdate({ target: staffRoleSettings.role, set: { twoFactorRequired: required } });
  return { role, required };
}
