import type { StaffRole } from "@app/shared";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { staffProfiles, studentAccounts } from "../db/schema";
import type { AppEnv } from "../http/env";

export interface SessionInfo {
  user: { id: string; email: string | null; name: string } | null;
  staff: { role: StaffRole | null } | null;
  student: { id: string; code: string; name: string; enrollmentCompleted: boolean } | null;
}

const ANONYMOUS: SessionInfo = { user: null, staff: null, student: null };

/** Who is calling: a staff user (with or without a role), a student, or nobody. A user is never both. */
export async function readSession(c: Context<AppEnv>): Promise<SessionInfo> {
  const { auth, db } = c.get("deps");
  const session = await auth.api.getSession({ headers: c.req.raw.headers });
  if (!session) return ANONYMOUS;
  const userId = session.user.id;
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
    user: { id: userId, email: session.user.email, name: profile?.fullName ?? session.user.name },
    staff: { role: profile?.role ?? null },
    student: null,
  };
}
