import { SMS_MESSAGE_NOT_FOUND } from "../messages";
import {
  smsCapsInputSchema,
  smsNoticesSchema,
  smsOverviewSchema,
  smsTestAnswerSchema,
  smsTestInputSchema,
} from "../schemas/sms";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

/** SMS to students (issue 36, decisions 092 and 094). */
export const smsSchemas = endpointSchemas({
  status: {
    summary:
      "The SMS provider's delivery status callback (public, no session): a form-encoded body signed with X-Twilio-Signature (base64 HMAC-SHA1 of the callback URL and the sorted fields with the Auth Token). Records sent, delivered or failed on the message",
    answers: { 204: null },
    errors: {
      401: "Missing, malformed or wrong signature (the shape checked before the body is read)",
      413: "Body above 16 KB",
      503: "SMS is off (SMS_PROVIDER unset): nothing can be checked, nothing is recorded",
    },
  },
  overview: {
    summary:
      "Configurações → SMS (super_admin): provider configured?, sender, today's count against the daily cap, held messages",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: smsOverviewSchema },
  },
  test: {
    summary:
      "'Enviar SMS de teste' (super_admin): queues one test SMS to an Angolan mobile (sent by the worker, never in the request); at most 5 an hour per user",
    body: smsTestInputSchema,
    answers: { 200: smsTestAnswerSchema },
    errors: {
      400: "Not an Angolan mobile",
      409: "SMS is not configured",
      429: "Too many test SMS: Retry-After says when",
    },
  },
  caps: {
    summary:
      "'Limites de SMS' (super_admin): the daily cap (0 pauses sending) and the cap per number per day; messages held by a cap the change lifts are sent now. Answers the overview",
    body: smsCapsInputSchema,
    answers: { 200: smsOverviewSchema },
    errors: { 400: "A cap that is not a whole number in its range" },
  },
  failures: {
    summary:
      "SMS the provider never took after every try, last 30 days, newest first; and whether today's daily cap was reached (super_admin)",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: smsNoticesSchema },
  },
  requeue: {
    summary:
      "'Tentar de novo' for a failed SMS (super_admin): queued again once (a second request finds it no longer failed and changes nothing); answers the notices",
    params: z.object({ id: z.uuid({ message: SMS_MESSAGE_NOT_FOUND.message }) }),
    answers: { 200: smsNoticesSchema },
    errors: { 404: "No such SMS", 409: "SMS is not configured" },
  },
});
