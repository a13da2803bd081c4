import { mailEndpoints as endpoints } from "@app/shared/contract/mail";
import { mailSchemas as schemas } from "@app/shared/contract/mail.schemas";
import { MAIL_FAILURES_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import { requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { listMailFailures, requeueMail } from "./mail.service";

const superAdmin = {
  middleware: [requireStaff("super_admin", MAIL_FAILURES_SUPER_ADMIN_ONLY_MESSAGE)],
  guardErrors: superAdminErrors,
  tags: ["mail"],
};

/** E-mails that keep failing, on the super_admin's dashboard (decision 056). */
export const mailRoutes = createRouter()
  .openapi(route(endpoints.failures, schemas.failures, superAdmin), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listMailFailures(c.get("deps").mail), 200);
  })
  .openapi(route(endpoints.requeue, schemas.requeue, superAdmin), async (c) =>
    c.json(await requeueMail(c.get("deps").mail, c.req.valid("param").id), 200),
  );
