import { STAFF_ROLES } from "../enums";
import {
  SECOND_STEP_OVER,
  TWO_FACTOR_ALREADY_ON,
  TWO_FACTOR_CODE_USED,
  TWO_FACTOR_LOCKED,
  TWO_FACTOR_NOT_ON,
  TWO_FACTOR_NOT_STARTED,
  TWO_FACTOR_SETUP_REQUIRED,
  WRONG_CURRENT_PASSWORD,
  WRONG_TWO_FACTOR_CODE,
} from "../messages";
import {
  okSchema,
  roleTwoFactorBodySchema,
  roleTwoFactorListSchema,
  roleTwoFactorSchema,
  secondStepCodeSchema,
  sessionSchema,
  twoFactorConfirmSchema,
  twoFactorStartAnswerSchema,
  twoFactorStartSchema,
} from "../schemas/auth";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { CROWDED } from "./parts";

/** Staff two-factor sign-in (decision 076): the code step, the own set-up, the super_admin's controls. */
export const twoFactorSchemas = endpointSchemas({
  signInCode: {
    summary:
      "The second step of a staff sign-in: a 6-digit code from the authenticator app, or a backup code (once); the session cookie is set",
    body: secondStepCodeSchema,
    answers: { 200: sessionSchema },
    errors: {
      400: "Invalid input",
      401: `${WRONG_TWO_FACTOR_CODE.message}, or ${SECOND_STEP_OVER.message} (no pending sign-in, expired, or 5 wrong codes), or ${TWO_FACTOR_CODE_USED.message} (the code's 30-second period already signed in: the step is spent)`,
      429: `${TWO_FACTOR_LOCKED.message} (10 wrong codes in a row), or too many attempts from this client; see Retry-After`,
    },
  },
  start: {
    summary:
      "Starts turning on two-factor sign-in for the signed-in staff user (password asked again): the authenticator's QR code (SVG), its secret and 10 backup codes; it is on once confirmed",
    body: twoFactorStartSchema,
    answers: { 200: twoFactorStartAnswerSchema },
    errors: {
      400: WRONG_CURRENT_PASSWORD.message,
      409: `${TWO_FACTOR_ALREADY_ON.message} (said before the password is checked)`,
      429: "Too many wrong passwords for this account (the sign-in's limits); see Retry-After",
      503: CROWDED,
    },
  },
  confirm: {
    summary:
      "Confirms the set-up with a first code: two-factor sign-in is on (a new session cookie is set) and the user's other sessions end",
    body: twoFactorConfirmSchema,
    answers: { 200: sessionSchema },
    errors: {
      400: `${WRONG_TWO_FACTOR_CODE.message}, or ${TWO_FACTOR_NOT_STARTED.message}`,
      401: `${TWO_FACTOR_CODE_USED.message} (the same code confirmed twice at once)`,
      409: TWO_FACTOR_ALREADY_ON.message,
      429: "Too many attempts from this client; see Retry-After",
    },
  },
  turnOff: {
    summary:
      "Turns off a staff user's two-factor sign-in (super_admin; a lost phone): recorded in the user's history; their role may ask them to set it up again",
    params: z.object({ id: z.string().min(1) }),
    answers: { 200: okSchema },
    errors: { 404: "No such staff user", 409: TWO_FACTOR_NOT_ON.message },
  },
  roleSettings: {
    summary:
      "Whether each role requires two-factor sign-in (super_admin), with the role's staff users and how many of them have not turned it on",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: roleTwoFactorListSchema },
  },
  setRoleSetting: {
    summary: `Requires (or not) two-factor sign-in of a role (super_admin); its users without it then get 403 ${TWO_FACTOR_SETUP_REQUIRED.code}`,
    params: z.object({ role: z.enum(STAFF_ROLES) }),
    body: roleTwoFactorBodySchema,
    answers: { 200: roleTwoFactorSchema },
    errors: { 400: "Invalid role or input" },
  },
});
