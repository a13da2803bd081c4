import type { StaffRole } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import type { Database } from "../db/client";
import { staffProfiles, studentAccounts } from "../db/schema";
import type { AppEnv } from "../http/env";

export interface SessionInfo {
  user: { id: string; email: string | null; name: string } | null;
  staff: { role: StaffRole | null } | null;
  student: { id: string; code: string; name: string; enrollmentCompleted: boolean } | null;
  /** The better-auth session id, when read from a request. */
  sessionId?: string;
}

const ANONYMOUS: SessionInfo = { user: null, staff: null, student: null };

/** Who is calling: a staff user (with or without a role), a student, or nobody. A user is never both. */
export async function readSession(c: Context<AppEnv>): Promise<SessionInfo> {
  const { auth, db } = c.get("deps");
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return ANONYMOUS;
  return { ...(await sessionForUser(db, session.user.id, session.user.email)), sessionId: session.session.id };
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
      },
    };
  }
  const [profile] = await db.select().from(staffProfiles).where(eq(staffProfiles.userId, userId));
  return {
    user: { id: userId, email, name: profile?.fullName ?? email },
    staff: { role: profile?.role ?? null },
    student: null,
  };
}
