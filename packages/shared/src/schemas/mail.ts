import { z } from "../zod";

/** An outgoing e-mail that failed for good, or is still being retried after several tries (decision 056). */
export const mailFailureSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  /** Tries made so far. */
  tries: z.number().int(),
  /** failed: no more tries unless 'Tentar de novo'; retrying: the queue tries again at nextTryAt. */
  state: z.enum(["failed", "retrying"]),
  /** What went wrong with the last try, in a director's words. */
  error: z.string(),
  /** What the technician changes, when there is a setting to change (behind 'Detalhes para o técnico'). */
  technicalDetail: z.string().nullable(),
  lastTryAt: z.string().nullable(),
  nextTryAt: z.string().nullable(),
});
export type MailFailure = z.infer<typeof mailFailureSchema>;

/** GET /admin/mail/failures and the answer of a re-queue: newest first, at most 100. */
export const mailFailuresSchema = z.object({ failures: z.array(mailFailureSchema) });
