import { endpointSchemas } from "./endpoint";

/** SMS to students (issue 36, decision 092). */
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
});
