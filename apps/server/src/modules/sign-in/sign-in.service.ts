import { INVALID_EMAIL } from "@app/shared/field-messages";
import {
  type CodedMessage,
  INVALID_LINK,
  MAIL_FAILED,
  SIGN_UP_FAILED,
  WRONG_STAFF_CREDENTIALS,
  WRONG_STUDENT_CREDENTIALS,
} from "@app/shared/messages";
import type { StaffLoginInput, sessionSchema, staffSignUpSchema } from "@app/shared/schemas/auth";
import type { z } from "@app/shared/zod";
import { isAPIError } from "better-auth/api";
import { isStudentEmail, studentEmail } from "../../auth/auth";
import { alreadyAdmitted } from "../../auth/password-hashing";
import { COUNTERS, hashingAttempt, recordSuccess, takeAttempt } from "../../auth/rate-limit";
import { type SessionInfo, sessionForUser } from "../../auth/session";
import { isDatabaseUnavailable } from "../../db/pg-errors";
import type { AppDeps } from "../../http/env";
import { ApiError } from "../../http/errors";
import { createStaffUser } from "../users/users.service";

/**
 * Sign-in, sign-up, sign-out and the staff password reset, through better-auth (src/auth/auth.ts). Each call
 * gets the request's headers and client IP; a change of session comes back as the Set-Cookie headers
 * the route sends on.
 */
type Deps = Pick<AppDeps, "auth" | "db">;
export interface Request {
  headers: Headers;
  ip: string;
}
export interface SignedIn {
  session: z.infer<typeof sessionSchema>;
  cookies: string[];
}
/** A staff sign-in: signed in, or (two-factor sign-in on) waiting for the code step (decision 076). */
export interface StaffSignedIn {
  session: z.infer<typeof sessionSchema> | { secondStep: true };
  cookies: string[];
}

const LINK_REFUSED = () => ApiError.of(400, INVALID_LINK);

/** What the client may see of a session (no internal ids beyond the user's). */
export function sessionBody(s: SessionInfo): z.infer<typeof sessionSchema> {
  return {
    user: s.user,
    staff: s.staff,
    student: s.student
      ? {
          code: s.student.code,
          name: s.student.name,
          enrollmentCompleted: s.student.enrollmentCompleted,
          mustChangePassword: s.student.mustChangePassword,
        }
      : null,
    ...(s.ended ? { ended: true } : {}),
  };
}

/**
 * Signs in through better-auth; wrong credentials become `refusal` (the same for unknown user and wrong
 * password). With two-factor sign-in on, better-auth opens no session yet: `session` is null and the
 * cookies carry the code step's (decision 076).
 */
async function signIn(
  { auth, db }: Deps,
  headers: Headers,
  email: string,
  password: string,
  refusal: CodedMessage,
): Promise<{ session: SessionInfo | null; cookies: string[] }> {
  try {
    const signedIn = await auth.api.signInEmail({ body: { email, password }, headers, returnHeaders: true });
    const cookies = signedIn.headers.getSetCookie();
    if ("twoFactorRedirect" in signedIn.response) return { session: null, cookies };
    const session = await sessionForUser(db, signedIn.response.user.id, signedIn.response.user.email);
    return { session, cookies };
  } catch (err) {
    if (isAPIError(err) && err.statusCode < 500) throw ApiError.of(401, refusal);
    throw err;
  }
}

/** Staff sign-in, counted against the sign-in limits (decision 013); a student's address is refused alike. */
export async function signInStaff(
  deps: Deps,
  req: Request,
  { email, password }: StaffLoginInput,
): Promise<StaffSignedIn> {
  const counters = COUNTERS.signIn("staff", email, req.ip);
  const { session, cookies } = await hashingAttempt(deps.db, counters, async () => {
    if (isStudentEmail(email)) throw ApiError.of(401, WRONG_STAFF_CREDENTIALS);
    return signIn(deps, req.headers, email, password, WRONG_STAFF_CREDENTIALS);
  });
  await recordSuccess(deps.db, counters);
  return { session: session ? sessionBody(session) : { secondStep: true }, cookies };
}

/** A staff user signs up without a role ('Sem perfil') and is signed in. */
export async function signUpStaff(
  deps: Deps,
  req: Request,
  input: z.output<typeof staffSignUpSchema>,
): Promise<SignedIn> {
  const { session, cookies } = await hashingAttempt(deps.db, COUNTERS.staffSignUp(req.ip), async () => {
    if (isStudentEmail(input.email)) throw ApiError.invalid([{ path: "email", message: INVALID_EMAIL }]);
    await createStaffUser(deps.db, {
      email: input.email,
      password: input.password,
      name: input.fullName,
      phone: input.phone,
      role: null,
    });
    return alreadyAdmitted(() => signIn(deps, req.headers, input.email, input.password, SIGN_UP_FAILED));
  });
  if (!session) throw ApiError.of(401, SIGN_UP_FAILED); // a new user has no second factor
  return { session: sessionBody(session), cookies };
}

/** Student sign-in with the student code; a staff user's credentials are refused like wrong ones. */
export async function signInStudent(
  deps: Deps,
  req: Request,
  { code, password }: { code: string; password: string },
): Promise<SignedIn> {
  const counters = COUNTERS.signIn("student", code, req.ip);
  const { session, cookies } = await hashingAttempt(deps.db, counters, () =>
    signIn(deps, req.headers, studentEmail(code), password, WRONG_STUDENT_CREDENTIALS),
  );
  if (!session?.student) throw ApiError.of(401, WRONG_STUDENT_CREDENTIALS);
  await recordSuccess(deps.db, counters);
  return { session: sessionBody(session), cookies };
}

/** Ends the request's session; the cookies that clear it. Without a session, signing out is already done. */
export async function signOut({ auth }: Pick<AppDeps, "auth">, headers: Headers): Promise<string[]> {
  try {
    const ended = await auth.api.signOut({ headers, returnHeaders: true });
    return ended.headers.getSetCookie();
  } catch (err) {
    if (!isAPIError(err)) throw err;
    return [];
  }
}

/** E-mails a reset link to a staff address (never says whether it exists; students' addresses get nothing). */
export async function requestPasswordReset(
  { auth, db, config, log }: Pick<AppDeps, "auth" | "db" | "config" | "log">,
  ip: string,
  email: string,
): Promise<void> {
  await takeAttempt(db, COUNTERS.passwordReset(email, ip));
  if (isStudentEmail(email)) return;
  try {
    await auth.api.requestPasswordReset({ body: { email, redirectTo: `${config.baseUrl}/reset-password` } });
  } catch (err) {
    if (isDatabaseUnavailable(err)) throw err;
    log.error({ err }, "password reset e-mail failed");
    throw ApiError.of(503, MAIL_FAILED);
  }
}

/** Refuses a reset link that is missing, unknown, used or expired; changes nothing. */
export async function checkResetLink({ auth }: Pick<AppDeps, "auth">, token: string | undefined): Promise<void> {
  if (!token) throw LINK_REFUSED();
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt < new Date()) throw LINK_REFUSED();
}

/** Sets the new password from a reset link; better-auth ends every session of the user. */
export async function resetPassword({ auth }: Pick<AppDeps, "auth">, token: string, password: string): Promise<void> {
  try {
    await auth.api.resetPassword({ body: { token, newPassword: password } });
  } catch (err) {
    if (isAPIError(err) && err.statusCode < 500) throw LINK_REFUSED();
    throw err;
  }
}
