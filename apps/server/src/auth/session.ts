import type { StaffRole } from "@app/shared/enums";
import { eq, sql } from "drizzle-orm";
import type { Context } from "hono";
import { deleteCookie, getCookie } from "hono/cookie";
import type { Database } from "../db/client";
import { authSession, authUser, staffProfiles, staffRoleSettings, studentAccounts } from "../db/schema";
import type { AppEnv } from "../http/env";

export interface SessionInfo {
  user: { id: string; email: string | null; name: string } | null;
  /** Two-factor sign-in: on for this user; required by their role (decision 076). */
  staff: { role: StaffRole | null; twoFactorEnabled: boolean; twoFactorRequired: boolean } | null;
  student: {
    id: string;
    code: string;
    name: string;
    enrollmentCompleted: boolean;
    /** Still the generated or staff-given password: only the password change is open (decision 028). */
    mustChangePassword: boolean;
  } | null;
  /** The better-auth session id, when read from a request. */
  sessionId?: string;
  /** When that session was opened (its sign-in): a fresh one proves the password just typed (decision 090). */
  sessionOpenedAt?: Date;
  /** Nobody is signed in, but the request carried a session cookie: that session has ended. */
  ended?: boolean;
}

const ANONYMOUS: SessionInfo = { user: null, staff: null, student: null };
const ENDED: SessionInfo = { ...ANONYMOUS, ended: true };

/**
 * Decision 013: a session unused for this long ends. Students share phones, so theirs is short (the
 * enrolment form keeps it alive while they type); staff keep theirs through a working day.
 */
export const IDLE_LIMIT_SECONDS = { student: 60 * 60, staff: 10 * 60 * 60 } as const;
/** A session's last use (auth_session.updated_at) is written at most this often, not on every request. */
export const TOUCH_EVERY_SECONDS = 60;

/**
 * Who is calling: a staff user (with or without a role), a student, or nobody. A user is never both.
 * A session idle longer than its user's limit is deleted, and the caller is nobody; so is a session
 * opened without the second factor of a user who has one now (decision 080). Nobody with a session
 * cookie is `ended`: the session it names is gone (idle, ended by staff or by a password change
 * elsewhere, expired); sign-out drops the cookie, so it is never that.
 */
export async function readSession(c: Context<AppEnv>): Promise<SessionInfo> {
  const { auth, db } = c.get("deps");
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return (await sessionCookie(c)) ? ENDED : ANONYMOUS;
  const info = await sessionForUser(db, session.user.id, session.user.email);
  if (info.staff?.twoFactorEnabled && !session.session.secondFactorVerified) {
    // Opened with the password alone before the set-up was confirmed (or by an older version): it never
    // becomes a full session, whatever the role requires now.
    await db.delete(authSession).where(eq(authSession.id, session.session.id));
    return ENDED;
  }
  const idleLimit = info.student ? IDLE_LIMIT_SECONDS.student : IDLE_LIMIT_SECONDS.staff;
  if (!(await stillInUse(db, session.session.id, session.session.updatedAt, idleLimit))) return ENDED;
  return { ...info, sessionId: session.session.id, sessionOpenedAt: new Date(session.session.createdAt) };
}

/** better-auth's session cookie (its name has a `__Secure-` prefix on https). */
async function sessionCookie(c: Context<AppEnv>) {
  const { name, attributes } = (await c.get("deps").auth.$context).authCookies.sessionToken;
  return getCookie(c, name) === undefined ? null : { name, attributes };
}

/** Whether the request carries a session cookie (valid or not): a signed-out visitor's does not. */
export async function hasSessionCookie(c: Context<AppEnv>): Promise<boolean> {
  return (await sessionCookie(c)) !== null;
}

/** Drops the cookie of a session that has ended, so the next request is plainly signed out. */
export async function dropEndedSessionCookie(c: Context<AppEnv>) {
  const cookie = await sessionCookie(c);
  if (!cookie) return;
  const { path, secure, httpOnly, sameSite } = cookie.attributes;
  deleteCookie(c, cookie.name, { path: path ?? "/", secure, httpOnly, sameSite: sameSite as "lax" | undefined });
}

/** Records this use of the session (at most once a minute); false, and the session deleted, when it sat idle too long. */
async function stillInUse(db: Database, sessionId: string, lastUsed: Date, idleLimit: number): Promise<boolean> {
  if (Date.now() - lastUsed.getTime() < TOUCH_EVERY_SECONDS * 1000) return true;
  // The database's clock decides, so every instance agrees.
  const touched = await db.execute(sql`
    update auth_session set updated_at = now()
    where id = ${sessionId} and updated_at > now() - make_interval(secs => ${idleLimit})
    returning id`);
  if (touched.rows.length > 0) return true;
  await db.delete(authSession).where(eq(authSession.id, sessionId));
  return false;
}

/** The session view of a user: a student (by their account) or a staff user (with their role or none). */
export async function sessionForUser(db: Database, userId: string, email: string): Promise<SessionInfo> {
  const [student] = await db.select().from(studentAccounts).where(eq(studentAccounts.userId, userId));
  if (student) {
    return {
      user: { id: userId, email: null, name: student.studentName },
      staff: null,
      student: {
        id: student.id,
        code: student.studentCode,
        name: student.studentName,
        enrollmentCompleted: student.enrollmentCompleted,
        mustChangePassword: student.mustChangePassword,
      },
    };
  }
  const [row] = await db
    .select({
      fullName: staffProfiles.fullName,
      role: staffProfiles.role,
      twoFactorEnabled: authUser.twoFactorEnabled,
      twoFactorRequired: staffRoleSettings.twoFactorRequired,
    })
    .from(authUser)
    .leftJoin(staffProfiles, eq(staffProfiles.userId, authUser.id))
    .leftJoin(staffRoleSettings, eq(staffRoleSettings.role, staffProfiles.role))
    .where(eq(authUser.id, userId));
  return {
    user: { id: userId, email, name: row?.fullName ?? email },
    staff: {
      role: row?.role ?? null,
      twoFactorEnabled: row?.twoFactorEnabled ?? false,
      twoFactorRequired: row?.twoFactorRequired ?? false,
    },
    student: null,
  };
}
