import { paymentReferenceEndpoints as endpoints } from "@app/shared/contract/payment-references";
import { paymentReferenceSchemas as schemas } from "@app/shared/contract/payment-references.schemas";
import { requireScreen, requireStudent } from "../../auth/guards";
import { route } from "../../http/contract";
import { guardErrors, studentErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { confirmer, reviewer } from "../enrollments/enrollment-guards";
import { listOwnReferences, liveReference, referencesOn, renewReference } from "./payment-references.service";
import { receivePayment } from "./provider-payments.service";
import { referenceSummary } from "./reference-summary";
import { signedWebhookBody } from "./signed-webhook-body";
import { applyUnmatched, archiveUnmatched, listUnmatched } from "./unmatched-payments.service";

const tags = ["payment-references"];
const finance = {
  middleware: [requireScreen("financial")],
  guardErrors: guardErrors("Not financeiro or super_admin"),
  tags,
};
const staff = { ...confirmer, tags };
const reviewers = { ...reviewer, tags };
const student = { middleware: [requireStudent()], guardErrors: studentErrors, tags };

export const paymentReferenceRoutes = createRouter()
  .openapi(route(endpoints.webhook, schemas.webhook, { middleware: [signedWebhookBody()], tags }), async (c) => {
    const deps = referencesOn(c.get("deps"));
    const outcome = await receivePayment(
      { ...deps, baseUrl: deps.config.baseUrl, log: c.get("log") },
      c.req.valid("json"),
    );
    return c.json({ outcome }, 200);
  })
  .openapi(route(endpoints.listOwn, schemas.listOwn, student), async (c) => {
    c.header("Cache-Control", "no-store");
    const deps = c.get("deps");
    const references = await listOwnReferences(deps.db, c.get("session").student!.id);
    // Off (decision 084): the student is told not to pay an issued reference, and how to pay instead.
    return c.json({ references, multicaixa: Boolean(deps.references) }, 200);
  })
  .openapi(route(endpoints.renewOwn, schemas.renewOwn, student), async (c) => {
    const studentAccountId = c.get("session").student!.id;
    const reference = await renewReference(c.get("deps"), c.req.valid("param").enrollmentId, { studentAccountId });
    return c.json({ reference }, 200);
  })
  .openapi(route(endpoints.renew, schemas.renew, staff), async (c) => {
    const { validDays } = c.req.valid("json");
    const reference = await renewReference(c.get("deps"), c.req.valid("param").enrollmentId, { validDays });
    return c.json({ reference }, 200);
  });

/** Finance's 'Pagamentos por referência' (decision 077) and the staff's read of a live reference. */
export const paymentReferenceAdminRoutes = createRouter()
  .openapi(route(endpoints.unmatched, schemas.unmatched, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listUnmatched(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.applyUnmatched, schemas.applyUnmatched, finance), async (c) => {
    const { db, mail, config, references, sms } = c.get("deps");
    const deps = { db, mail, baseUrl: config.baseUrl, references, sms };
    const { id } = c.req.valid("param");
    const notification = await applyUnmatched(deps, c.get("session").user!.id, id, c.req.valid("json"));
    return c.json({ notification }, 200);
  })
  .openapi(route(endpoints.archiveUnmatched, schemas.archiveUnmatched, finance), async (c) => {
    const { reason } = c.req.valid("json");
    const user = c.get("session").user!.id;
    const notification = await archiveUnmatched(c.get("deps").db, user, c.req.valid("param").id, reason);
    return c.json({ notification }, 200);
  })
  .openapi(route(endpoints.summary, schemas.summary, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await referenceSummary(c.get("deps")), 200);
  })
  // After '/unmatched' and '/summary', which this path would otherwise take.
  .openapi(route(endpoints.live, schemas.live, reviewers), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ reference: await liveReference(c.get("deps"), c.req.valid("param").enrollmentId) }, 200);
  });
