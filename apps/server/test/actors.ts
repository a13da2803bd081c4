import type { StaffRole } from "@app/shared/enums";
import { createStaffUser } from "../src/modules/users/users.service";
import { type ApiContext, TEST_BASE_URL } from "./context";
import { enrollmentForm, enrollmentFormFields } from "./fixtures";

/** Requests as a browser on our own site would send them. */
export function jsonRequest(method: string, payload?: unknown, cookie?: string): RequestInit {
  return {
    method,
    headers: {
      "content-type": "application/json",
      origin: TEST_BASE_URL,
      ...(cookie ? { cookie } : {}),
    },
    body: payload === undefined ? undefined : JSON.stringify(payload),
  };
}

/** The session cookie pair(s) of a response, ready for a Cookie header. */
export function cookieOf(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

export async function signInStaff(ctx: ApiContext, email: string, password: string): Promise<Response> {
  return ctx.app.request("/api/auth/sign-in", jsonRequest("POST", { email, password }));
}

let counter = 0;

/** A staff user with the given role (or none), signed in; returns their session cookie. */
export async function staffActor(ctx: ApiContext, role: StaffRole | null, name = `Staff ${role ?? "sem perfil"}`) {
  const email = `staff${++counter}-${role ?? "none"}@inst.ao`;
  const { userId } = await createStaffUser(ctx.db, { email, password: "segredo1", name, role });
  const res = await signInStaff(ctx, email, "segredo1");
  if (res.status !== 200) throw new Error(`staff sign-in failed: ${res.status}`);
  return { userId, email, cookie: cookieOf(res) };
}

/** The password test students choose at their first sign-in ('1' is never in a generated one). */
export const CHOSEN_STUDENT_PASSWORD = "MINHA1";

/**
 * A student account created through the API and signed in; returns its code, password and cookie. Like a
 * student, it first replaces the generated password with its own (CHOSEN_STUDENT_PASSWORD), since every
 * other student route refuses a temporary password (decision 028); `temporaryPassword` keeps the generated one.
 */
export async function studentActor(ctx: ApiContext, name = "Aluno Teste", { temporaryPassword = false } = {}) {
  const phone = String(900000000 + ++counter).slice(0, 9);
  const created = await ctx.app.request(
    "/api/student-accounts",
    jsonRequest("POST", { studentName: name, studentPhone: phone, hasEmail: false }),
  );
  if (created.status !== 201) throw new Error(`student creation failed: ${created.status} ${await created.text()}`);
  const { studentCode, studentPassword } = (await created.json()) as { studentCode: string; studentPassword: string };
  const res = await ctx.app.request(
    "/api/auth/student/sign-in",
    jsonRequest("POST", { code: studentCode, password: studentPassword }),
  );
  if (res.status !== 200) throw new Error(`student sign-in failed: ${res.status}`);
  const cookie = cookieOf(res);
  if (temporaryPassword) return { studentCode, studentPassword, phone, cookie };
  const changed = await ctx.app.request(
    "/api/me/account/password",
    jsonRequest(
      "PUT",
      // Signed in with the temporary password a moment ago: not asked again (decision 090).
      { newPassword: CHOSEN_STUDENT_PASSWORD, confirmPassword: CHOSEN_STUDENT_PASSWORD },
      cookie,
    ),
  );
  if (changed.status !== 200) throw new Error(`password change failed: ${changed.status} ${await changed.text()}`);
  return { studentCode, studentPassword: CHOSEN_STUDENT_PASSWORD, phone, cookie };
}

/** A student (created through the API) who submitted the enrolment form for `courseId`, with its three documents. */
export async function applicantActor(ctx: ApiContext, courseId: string, name: string) {
  const student = await studentActor(ctx, name);
  const res = await ctx.app.request("/api/me/enrollments", {
    method: "POST",
    body: enrollmentForm(enrollmentFormFields(courseId)),
    headers: { cookie: student.cookie, origin: TEST_BASE_URL },
  });
  if (res.status !== 201) throw new Error(`application failed: ${res.status} ${await res.text()}`);
  return { ...student, enrollmentId: ((await res.json()) as { id: string }).id };
}
