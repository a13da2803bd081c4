import { INVALID_LINK, WRONG_STAFF_CREDENTIALS, WRONG_STUDENT_CREDENTIALS } from "../messages";
import {
  forgotPasswordSchema,
  okSchema,
  resetLinkValidSchema,
  resetPasswordSchema,
  sessionSchema,
  staffLoginSchema,
  staffSignInAnswerSchema,
  staffSignUpSchema,
} from "../schemas/auth";
import { studentLoginSchema } from "../schemas/student-accounts";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { CROWDED } from "./parts";

/** Sign-in, sign-up, sign-out, password reset and who is signed in: public, no prefix (decision 040). */
export const authSchemas = endpointSchemas({
  session: {
    summary: "Who is signed in (staff with their role, or a student)",
    description:
      "The current session, or nulls (with `ended` when the request's session has ended; said once, the answer also drops the dead cookie). Sent with `Cache-Control: no-store`.",
    answers: { 200: sessionSchema },
  },
  staffSignIn: {
    summary:
      "Staff sign-in with e-mail and password; the session cookie is set, or, with two-factor sign-in on, `{ secondStep: true }` and the code step's cookie (POST /auth/sign-in/code)",
    body: staffLoginSchema,
    answers: { 200: staffSignInAnswerSchema },
    errors: {
      400: "Invalid input",
      401: WRONG_STAFF_CREDENTIALS.message,
      429: "Too many failures (this account from this client, the account, or the IP); see Retry-After",
      503: CROWDED,
    },
  },
  staffSignUp: {
    summary: "Staff sign-up; the new user has no role until a super_admin gives one (account created and signed in)",
    body: staffSignUpSchema,
    answers: { 201: sessionSchema },
    errors: {
      400: "Invalid input",
      409: "E-mail already registered",
      429: "Too many attempts from this IP",
      503: CROWDED,
    },
  },
  signOut: {
    summary: "Ends the current session (staff or student)",
    answers: { 200: okSchema },
  },
  forgotPassword: {
    summary: "Sends a single-use, expiring reset link to a staff e-mail (the answer never says whether it exists)",
    body: forgotPasswordSchema,
    answers: { 200: okSchema },
    errors: { 400: "Invalid e-mail", 429: "Too many requests", 503: "The e-mail could not be sent" },
  },
  checkResetLink: {
    summary: "Whether a reset link is still valid (it changes nothing)",
    query: z.object({ token: z.string().optional() }),
    answers: { 200: resetLinkValidSchema },
    errors: { 400: INVALID_LINK.message },
  },
  resetPassword: {
    summary: "Sets a new password from a reset link; ends every session of the user (sign in again)",
    body: resetPasswordSchema,
    answers: { 200: okSchema },
    errors: { 400: `Invalid input or ${INVALID_LINK.message}`, 503: CROWDED },
  },
  studentSignIn: {
    summary: "Student sign-in with the student code (case-insensitive) and password; the session cookie is set",
    body: studentLoginSchema,
    answers: { 200: sessionSchema },
    errors: {
      400: "Invalid input",
      401: WRONG_STUDENT_CREDENTIALS.message,
      429: "Too many failures (this code from this client, the code, or the IP); see Retry-After",
      503: CROWDED,
    },
  },
});
