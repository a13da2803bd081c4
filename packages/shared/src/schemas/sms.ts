import { studentPhoneSchema } from "../phones";
import { z } from "../zod";

/** GET /admin/sms: Configurações → SMS (super_admin; decision 094). */
export const smsOverviewSchema = z.object({
  /** SMS_PROVIDER is set: messages are sent. */
  configured: z.boolean(),
  /** 'twilio', or null when not configured. */
  provider: z.string().nullable(),
  /** TWILIO_FROM: the sender ID, number or Messaging Service the students see. */
  sender: z.string().nullable(),
  /** Messages handed to the provider since Luanda's midnight (counted against the cap). */
  sentToday: z.number().int(),
  dailyCap: z.number().int(),
  perStudentDailyCap: z.number().int(),
  /** Messages waiting for tomorrow (a cap reached). */
  held: z.number().int(),
});
export type SmsOverview = z.infer<typeof smsOverviewSchema>;

/** POST /admin/sms/test: 'Enviar SMS de teste' to one Angolan mobile. */
export const smsTestInputSchema = z.object({ phone: studentPhoneSchema });
export const smsTestAnswerSchema = z.object({ to: z.string() });

/** An SMS the provider never took after every try (or refused), on the super_admin's Painel. */
export const smsFailureSchema = z.object({
  id: z.uuid(),
  /** +244 9xx xxx xxx */
  to: z.string(),
  /** Whose it was: the enrolment's student, or null (a test, credentials). */
  studentName: z.string().nullable(),
  /** What it said, in a few words ('Aprovação', 'Certificado'…). */
  what: z.string(),
  error: z.string(),
  tries: z.number().int(),
  failedAt: z.string().nullable(),
});
export type SmsFailure = z.infer<typeof smsFailureSchema>;

/** GET /admin/sms/failures and the answer of a re-queue: the failures, newest first, and today's cap. */
export const smsNoticesSchema = z.object({
  failures: z.array(smsFailureSchema),
  /** The daily cap was reached today: `held` messages wait for tomorrow. */
  capReached: z.boolean(),
  held: z.number().int(),
  dailyCap: z.number().int(),
});
export type SmsNotices = z.infer<typeof smsNoticesSchema>;

/** POST /admin/student-accounts/{id}/password-sms: where the SMS goes. */
export const passwordSmsAnswerSchema = z.object({ to: z.string() });
