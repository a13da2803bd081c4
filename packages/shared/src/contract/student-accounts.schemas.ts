import { STUDENT_ACCOUNT_NOT_FOUND } from "../messages";
import { passwordSmsAnswerSchema } from "../schemas/sms";
import {
  adminStudentAccountPageSchema,
  adminStudentAccountSchema,
  changeStudentPasswordSchema,
  createStudentAccountSchema,
  editStudentCredentialsSchema,
  newStudentCredentialsSchema,
  ownStudentAccountSchema,
  passwordChangedSchema,
  resetStudentPasswordSchema,
  smsPreferenceAnswerSchema,
  smsPreferenceSchema,
  studentAccountListQuerySchema,
} from "../schemas/student-accounts";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { CROWDED, idempotencyHeaders } from "./parts";

const idParam = z.object({ id: z.uuid({ message: STUDENT_ACCOUNT_NOT_FOUND.message }) });

export const studentAccountSchemas = endpointSchemas({
  create: {
    summary: "Creates a student account; the generated code and password are shown once",
    body: createStudentAccountSchema,
    answers: { 201: newStudentCredentialsSchema },
    errors: { 400: "Invalid input", 429: "Too many accounts from this IP or phone", 503: CROWDED },
  },
  own: {
    summary: "The signed-in student's own account (open while the password is still temporary)",
    answers: { 200: ownStudentAccountSchema },
  },
  changeOwnPassword: {
    summary: "Changes the student's own password; ends their other sessions",
    body: changeStudentPasswordSchema,
    answers: { 200: passwordChangedSchema },
    errors: {
      400: "Invalid input, 'Senha atual incorreta' or 'Senha atual é obrigatória' on currentPassword (it may be left out only while the password is temporary, within 15 minutes of the sign-in that opened this session: decision 090), or a new password equal to the temporary one",
      429: "Too many wrong current passwords (this account, or the IP); see Retry-After",
      503: CROWDED,
    },
  },
  setOwnSms: {
    summary:
      "Turns the student's 'Receber SMS' on or off (decision 092, Lei 22/11): off, the institute's steps send no SMS (e-mail and WhatsApp only); the date of the change is kept",
    body: smsPreferenceSchema,
    answers: { 200: smsPreferenceAnswerSchema },
    errors: { 400: "Invalid input" },
  },
  list: {
    summary:
      "One page of the student accounts, searched and sorted (newest first by default), each with its enrolments and receipts (never a password), and the cards' counts over every account (decision 057)",
    query: studentAccountListQuerySchema,
    answers: { 200: adminStudentAccountPageSchema },
    errors: { 400: "A bad page, page size, search, sort or direction" },
  },
  editCredentials: {
    summary:
      "Changes the login code and optionally sets a new (temporary) password; the student's sessions end. 409 'Código já em uso'. Idempotent per Idempotency-Key",
    params: idParam,
    headers: idempotencyHeaders,
    body: editStudentCredentialsSchema,
    answers: { 200: adminStudentAccountSchema },
    errors: {
      400: "Invalid code or password, or no Idempotency-Key",
      404: "No such student account",
      409: "The code belongs to another student, or the Idempotency-Key was used for another request",
      503: CROWDED,
    },
  },
  resetPassword: {
    summary:
      "Generates a new temporary password, shown only in this answer; the student's sessions end. A repeated request with the same Idempotency-Key gets the same password and resets nothing",
    params: idParam,
    headers: idempotencyHeaders,
    answers: { 200: resetStudentPasswordSchema },
    errors: {
      400: "No Idempotency-Key",
      404: "No such student account",
      409: "The key was used for another request, or its answer is no longer kept",
      503: CROWDED,
    },
  },
  passwordSms: {
    summary:
      "'Enviar por SMS' (decision 094): queues one SMS with the password a reset just generated, named by that reset's Idempotency-Key (its answer is kept 10 minutes); the same key again sends no second SMS. Never sent without this request",
    params: idParam,
    headers: idempotencyHeaders,
    answers: { 200: passwordSmsAnswerSchema },
    errors: {
      400: "No Idempotency-Key",
      404: "No such student account",
      409: "SMS not configured, the phone is not an Angolan mobile, the student turned 'Receber SMS' off, or the password can no longer be sent (changed, or the reset's answer no longer kept)",
    },
  },
});
