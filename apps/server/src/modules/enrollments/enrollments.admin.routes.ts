import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import {
  ENROLLMENT_REVIEWER_MESSAGE,
  ENROLLMENT_REVIEWER_ROLES,
  ENROLLMENT_VIEWER_MESSAGE,
  ENROLLMENT_VIEWER_ROLES,
  PAYMENT_CONFIRMER_MESSAGE,
  PAYMENT_CONFIRMER_ROLES,
} from "@app/shared/enrollment-review";
import { requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { getEnrollmentDetail, listEnrollments } from "./enrollment-admin.queries";
import { deleteEnrollment } from "./enrollment-deletion.service";
import { assignClass, confirmPayment, listEnrollableClasses } from "./enrollment-payment.service";
import {
  approveEnrollment,
  recordWhatsappSent,
  rejectEnrollment,
  requestCorrection,
} from "./enrollment-review.service";
import { listPhoneAccounts } from "./enrollment-staff.service";
import { requireEditor } from "./enrollments.staff.routes";
import { proposeReferenceCode } from "./reference-code";

/** Roles (decision 018): viewers see; reviewers approve, reject, ask corrections, delete; confirmers take payments. */
const tags = ["enrollments"];
const viewer = {
  middleware: [requireStaff(ENROLLMENT_VIEWER_ROLES, ENROLLMENT_VIEWER_MESSAGE)],
  guardErrors: guardErrors("Not super_admin, admin, secretaria or financeiro"),
  tags,
};
const reviewerErrors = guardErrors("Not super_admin, admin or secretaria");
const reviewer = {
  middleware: [requireStaff(ENROLLMENT_REVIEWER_ROLES, ENROLLMENT_REVIEWER_MESSAGE)],
  guardErrors: reviewerErrors,
  tags,
};
const confirmer = {
  middleware: [requireStaff(PAYMENT_CONFIRMER_ROLES, PAYMENT_CONFIRMER_MESSAGE)],
  guardErrors: viewer.guardErrors,
  tags,
};
// Those who record enrolments (decision 018).
const editor = { middleware: [requireEditor()], guardErrors: reviewerErrors, tags };

/** Typed as a plain router: the chain of thirteen routes is too complex a type for app.ts to merge. */
export const enrollmentAdminRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.list, schemas.list, viewer), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listEnrollments(c.get("deps").db), 200);
  })
  .openapi(route(endpoints.referenceCode, schemas.referenceCode, reviewer), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ referenceCode: await proposeReferenceCode(c.get("deps").db) }, 200);
  })
  .openapi(route(endpoints.phoneAccounts, schemas.phoneAccounts, editor), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listPhoneAccounts(c.get("deps").db, c.req.valid("query").phone), 200);
  })
  .openapi(route(endpoints.detail, schemas.detail, viewer), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getEnrollmentDetail(c.get("deps").db, c.req.valid("param").id), 200);
  })
  .openapi(route(endpoints.classes, schemas.classes, confirmer), async (c) =>
    c.json(await listEnrollableClasses(c.get("deps").db, c.req.valid("param").id), 200),
  )
  .openapi(route(endpoints.approve, schemas.approve, reviewer), async (c) => {
    const { db, mailer } = c.get("deps");
    const actor = c.get("session").user!.id;
    const deps = { db, mailer, log: c.get("log") };
    return c.json(await approveEnrollment(deps, actor, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(route(endpoints.whatsappSent, schemas.whatsappSent, reviewer), async (c) =>
    c.json(await recordWhatsappSent(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id), 200),
  )
  .openapi(route(endpoints.reject, schemas.reject, reviewer), async (c) =>
    c.json(
      await rejectEnrollment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(route(endpoints.requestCorrection, schemas.requestCorrection, reviewer), async (c) =>
    c.json(
      await requestCorrection(
        c.get("deps").db,
        c.get("session").user!.id,
        c.req.valid("param").id,
        c.req.valid("json"),
      ),
      200,
    ),
  )
  .openapi(route(endpoints.confirmPayment, schemas.confirmPayment, confirmer), async (c) =>
    c.json(
      await confirmPayment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(route(endpoints.assignClass, schemas.assignClass, reviewer), async (c) =>
    c.json(
      await assignClass(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(route(endpoints.remove, schemas.remove, reviewer), async (c) => {
    const { db, storage } = c.get("deps");
    await deleteEnrollment(db, storage, c.req.valid("param").id);
    return c.body(null, 204);
  });
