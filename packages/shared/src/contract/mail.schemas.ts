import { MAIL_NOT_FOUND } from "../messages";
import { mailFailuresSchema } from "../schemas/mail";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

/** Outgoing e-mail that keeps failing (decision 056): the super_admin's dashboard notice. */
export const mailSchemas = endpointSchemas({
  failures: {
    summary: "E-mails that failed for good or are still being retried after 3 tries, newest first (super_admin)",
    description: "Sent with `Cache-Control: no-store`.",
    answers: { 200: mailFailuresSchema },
  },
  requeue: {
    summary:
      "One more try now for an e-mail that failed, or no more waiting for a retrying one (super_admin); answers the list",
    params: z.object({ id: z.uuid({ message: MAIL_NOT_FOUND.message }) }),
    answers: { 200: mailFailuresSchema },
    errors: { 404: "No such e-mail (deleted from the queue)", 409: "The e-mail was sent already" },
  },
});
