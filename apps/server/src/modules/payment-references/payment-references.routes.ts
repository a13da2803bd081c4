import { paymentReferenceEndpoints as endpoints } from "@app/shared/contract/payment-references";
import { paymentReferenceSchemas as schemas } from "@app/shared/contract/payment-references.schemas";
import { MALFORMED_REQUEST, REFERENCE_SIGNATURE_INVALID } from "@app/shared/messages";
import type { MiddlewareHandler } from "hono";
import { requireScreen, requireStudent } from "../../auth/guards";
import { route } from "../../http/contract";
import type { AppEnv } from "../../http/env";
import { ApiError, guardErrors, studentErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { readPayment } from "../../payment-references/provider";
import { confirmer, reviewer } from "../enrollments/enrollment-guards";
import {
  applyNotification,
  applyUnmatched,
  archiveUnmatched,
  listOwnReferences,
  listUnmatched,
  liveReference,
  referencesOn,
  renewReference,
} from "./payment-references.service";

const tags = ["payment-references"];
const finance = {
  middleware: [requireScreen("financial")],
  guardErrors: guardErrors("Not financeiro or super_admin"),
  tags,
};
const staff = { ...confirmer, tags };
const reviewers = { ...reviewer, tags };
const student = { middleware: [requireStudent()], guardErrors: studentErrors, tags };

/**
 * The provider's notification is public (no session; no cookie, so the origin check lets it pass): its
 * signature over the RAW body is checked before anything is parsed. A bad one: 401, logged, nothing changes.
 */
const signedByProvider = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const { references } = referencesOn(c.get("deps"));
  const raw = await c.req.text();
  if (!references.provider.verifySignature(raw, c.req.header("x-signature"))) {
    c.get("log").warn({ bytes: raw.length }, "reference payment notification refused: bad signature");
    throw ApiError.of(401, REFERENCE_SIGNATURE_INVALID);
  }
  await next();
};

export const paymentReferenceRoutes = createRouter()
  .openapi(route(endpoints.webhook, schemas.webhook, { middleware: [signedByProvider()], tags }), async (c) => {
    const deps = referencesOn(c.get("deps"));
    const body = c.req.valid("json");
    const payment = readPayment(body);
    if (!payment) throw ApiError.of(400, MALFORMED_REQUEST);
    const outcome = await applyNotification(
      { ...deps, baseUrl: deps.config.baseUrl, log: c.get("log") },
      payment,
      body,
    );
    return c.json({ outcome }, 200);
  })
  .openapi(route(endpoints.listOwn, schemas.listOwn, student), async (c) => {
    c.header("Cache-Control", "no-store");
    const references = await listOwnReferences(c.get("deps").db, c.get("session").student!.id);
    return c.json({ references }, 200);
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
    const { db, mail, config, references } = c.get("deps");
    const deps = { db, mail, baseUrl: config.baseUrl, references };
    const { id } = c.req.valid("param");
    const notification = await applyUnmatched(deps, c.get("session").user!.id, id, c.req.valid("json").enrollmentId);
    return c.json({ notification }, 200);
  })
  .openapi(route(endpoints.archiveUnmatched, schemas.archiveUnmatched, finance), async (c) => {
    const { reason } = c.req.valid("json");
    const user = c.get("session").user!.id;
    const notification = await archiveUnmatched(c.get("deps").db, user, c.req.valid("param").id, reason);
    return c.json({ notification }, 200);
  })
  // After '/unmatched', which this path would otherwise take.
  .openapi(route(endpoints.live, schemas.live, reviewers), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ reference: await liveReference(c.get("deps"), c.req.valid("param").enrollmentId) }, 200);
  });
