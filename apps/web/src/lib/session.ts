import { authEndpoints } from "@app/shared/contract/auth";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { type AnswerOf, api } from "./api";

/**
 * Who is signed in, as GET /api/session says. `ended`: the session ended under the user (idle too long,
 * ended by staff or elsewhere), so the login says why; the server says it once, and this client sets it
 * when a guarded call answers SESSION_EXPIRED.
 */
export type Session = AnswerOf<typeof authEndpoints.session>;
export type SignedInStudent = NonNullable<Session["student"]>;

export const ENDED_SESSION: Session = { user: null, staff: null, student: null, ended: true };

export const sessionQuery = queryOptions({
  queryKey: ["session"],
  queryFn: ({ signal }) => api(authEndpoints.session, { signal }),
  staleTime: 60_000,
});

export function useSession() {
  return useQuery(sessionQuery);
}

/** A staff user's own account: the two-factor set-up (decision 076). */
export const STAFF_ACCOUNT_PATH = "/admin/account";

/** A staff user whose role requires two-factor sign-in and who has not turned it on: the set-up comes first. */
export function mustSetUpTwoFactor(session: Session | undefined): boolean {
  return Boolean(session?.staff?.role && session.staff.twoFactorRequired && !session.staff.twoFactorEnabled);
}

/** The steps before the student area, in order (SPEC §4, decision 028). */
export const CHOOSE_PASSWORD_PATH = "/escolher-senha";
export const COMPLETE_ENROLLMENT_PATH = "/completar-inscricao";
export const STUDENT_AREA_PATH = "/aluno/pagamento";

/**
 * Where a signed-in student belongs now: their own password first (while the one they have is temporary),
 * then the enrolment form, then the payment area. `course` (the catalogue's ?curso=) rides along to the form.
 */
export function studentStart(student: SignedInStudent, course?: string | null): string {
  const withCourse = (path: string) => (course ? `${path}?curso=${encodeURIComponent(course)}` : path);
  if (student.mustChangePassword) return withCourse(CHOOSE_PASSWORD_PATH);
  if (!student.enrollmentCompleted) return withCourse(COMPLETE_ENROLLMENT_PATH);
  return STUDENT_AREA_PATH;
}

/** The cached session after a change the server has confirmed for the signed-in student. */
export function withStudent(session: Session | undefined, change: Partial<SignedInStudent>): Session | undefined {
  return session?.student ? { ...session, student: { ...session.student, ...change } } : session;
}
