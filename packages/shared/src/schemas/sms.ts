import { studentPhoneSchema } from "../phones";
import { wholeNumberSchema } from "../whole-number-input";
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

export const SMS_DAILY_CAP_MAX = 100_000;
export const SMS_PER_NUMBER_CAP_MAX = 50;

/** PUT /admin/sms/caps: 'Limites de SMS'. A daily cap of 0 pauses sending; held messages wait. */
export const smsCapsInputSchema = z.object({
  dailyCap: wholeNumberSchema({
    empty: "Indique o limite diário de SMS",
    min: 0,
    belowMin: "O limite diário não pode ser negativo",
    max: SMS_DAILY_CAP_MAX,
    aboveMax: `O limite diário pode ir até ${SMS_DAILY_CAP_MAX.toLocaleString("pt-AO")}`,
  }),
  perStudentDailyCap: wholeNumberSchema({
    empty: "Indique o limite por número",
    min: 1,
    belowMin: "O limite por número deve ser pelo menos 1",
    max: SMS_PER_NUMBER_CAP_MAX,
    aboveMax: `O limite por número pode ir até ${SMS_PER_NUMBER_CAP_MAX}`,
  }),
});
export type SmsCapsInput = z.input<typeof smsCapsInputSchema>;

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
