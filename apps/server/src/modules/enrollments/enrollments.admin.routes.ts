import {
  ENROLLMENT_REVIEWER_MESSAGE,
  ENROLLMENT_REVIEWER_ROLES,
  ENROLLMENT_VIEWER_MESSAGE,
  ENROLLMENT_VIEWER_ROLES,
  PAYMENT_CONFIRMER_MESSAGE,
  PAYMENT_CONFIRMER_ROLES,
} from "@app/shared/enrollment-review";
import { ENROLLMENT_NOT_FOUND } from "@app/shared/messages";
import {
  adminEnrollmentDetailSchema,
  adminEnrollmentRowSchema,
  approvedEnrollmentSchema,
  approveEnrollmentSchema,
  assignClassSchema,
  confirmPaymentSchema,
  enrollableClassSchema,
  proposedReferenceCodeSchema,
  rejectEnrollmentSchema,
  requestCorrectionSchema,
} from "@app/shared/schemas/enrollment-review";
import { phoneAccountsQuerySchema, phoneStudentAccountSchema } from "@app/shared/schemas/enrollment-staff";
import { createRoute, z } from "@hono/zod-openapi";
import { requireStaff } from "../../auth/guards";
import { errorResponse, guardErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
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
const requireViewer = () => requireStaff(ENROLLMENT_VIEWER_ROLES, ENROLLMENT_VIEWER_MESSAGE);
const requireReviewer = () => requireStaff(ENROLLMENT_REVIEWER_ROLES, ENROLLMENT_REVIEWER_MESSAGE);
const requireConfirmer = () => requireStaff(PAYMENT_CONFIRMER_ROLES, PAYMENT_CONFIRMER_MESSAGE);
const viewerErrors = guardErrors("Not super_admin, admin, secretaria or financeiro");
const reviewerErrors = guardErrors("Not super_admin, admin or secretaria");

const detailBody = component("AdminEnrollment", adminEnrollmentDetailSchema);
const idParam = z.object({ id: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }) });
const notFound = { 404: errorResponse("No such enrolment") };
const wrongStatus = (description = "The enrolment's status does not allow it (the message names the status)") => ({
  409: errorResponse(description),
});

const list = createRoute({
  method: "get",
  path: "/admin/enrollments",
  tags: ["enrollments"],
  summary:
    "Every enrolment with course name and price and class name, newest application first; the summary cards are counted from it (enrollmentCounts)",
  middleware: [requireViewer()] as const,
  responses: {
    200: { description: "Enrolments", ...json(z.array(component("AdminEnrollmentRow", adminEnrollmentRowSchema))) },
    ...viewerErrors,
  },
});

const referenceCode = createRoute({
  method: "get",
  path: "/admin/enrollments/reference-code",
  tags: ["enrollments"],
  summary: "Proposes an unused payment reference code (8 characters without 0/O, 1/I/L)",
  middleware: [requireReviewer()] as const,
  responses: { 200: { description: "A proposal", ...json(proposedReferenceCodeSchema) }, ...reviewerErrors },
});

const phoneAccounts = createRoute({
  method: "get",
  path: "/admin/enrollments/phone-accounts",
  tags: ["enrollments"],
  summary:
    "The student accounts with a phone (id, code, name, created date; nothing else), oldest first: 'Nova inscrição' shows them so staff choose one or a new account (decision 024)",
  // Those who record enrolments (decision 018).
  middleware: [requireEditor()] as const,
  request: { query: phoneAccountsQuerySchema },
  responses: {
    200: { description: "Accounts", ...json(z.array(component("PhoneStudentAccount", phoneStudentAccountSchema))) },
    400: errorResponse("The phone is not an Angolan mobile"),
    ...reviewerErrors,
  },
});

const detail = createRoute({
  method: "get",
  path: "/admin/enrollments/{id}",
  tags: ["enrollments"],
  summary: "One enrolment: every field, its three documents, correction requests and history",
  middleware: [requireViewer()] as const,
  request: { params: idParam },
  responses: { 200: { description: "The enrolment", ...json(detailBody) }, ...viewerErrors, ...notFound },
});

const classesOf = createRoute({
  method: "get",
  path: "/admin/enrollments/{id}/classes",
  tags: ["enrollments"],
  summary: "The classes of the enrolment's course that are active and have a free seat, earliest start first",
  middleware: [requireConfirmer()] as const,
  request: { params: idParam },
  responses: {
    200: { description: "Classes", ...json(z.array(component("EnrollableClass", enrollableClassSchema))) },
    ...viewerErrors,
    ...notFound,
  },
});

const approve = createRoute({
  method: "post",
  path: "/admin/enrollments/{id}/approve",
  tags: ["enrollments"],
  summary:
    "pre_inscrito → approved with both checklist boxes, a unique reference code and optional notes; e-mails the code when the student has an e-mail",
  middleware: [requireReviewer()] as const,
  request: { params: idParam, body: { required: true, ...json(approveEnrollmentSchema) } },
  responses: {
    200: { description: "Approved", ...json(approvedEnrollmentSchema) },
    400: errorResponse("A box unticked, or the code blank or invalid"),
    ...reviewerErrors,
    ...notFound,
    ...wrongStatus("Not pre_inscrito, or the code is already used"),
  },
});

const whatsappSent = createRoute({
  method: "post",
  path: "/admin/enrollments/{id}/whatsapp-sent",
  tags: ["enrollments"],
  summary: "Records in History that staff sent the code by WhatsApp (approved or payment_pending)",
  middleware: [requireReviewer()] as const,
  request: { params: idParam },
  responses: {
    200: { description: "Recorded", ...json(detailBody) },
    ...reviewerErrors,
    ...notFound,
    ...wrongStatus(),
  },
});

const reject = createRoute({
  method: "post",
  path: "/admin/enrollments/{id}/reject",
  tags: ["enrollments"],
  summary: "pre_inscrito or correction_requested → rejected with a required reason (stored in notes)",
  middleware: [requireReviewer()] as const,
  request: { params: idParam, body: { required: true, ...json(rejectEnrollmentSchema) } },
  responses: {
    200: { description: "Rejected", ...json(detailBody) },
    400: errorResponse("Blank reason"),
    ...reviewerErrors,
    ...notFound,
    ...wrongStatus(),
  },
});

const correction = createRoute({
  method: "post",
  path: "/admin/enrollments/{id}/request-correction",
  tags: ["enrollments"],
  summary: "pre_inscrito → correction_requested: the documents to replace, each with a reason (and a note for 'outro')",
  middleware: [requireReviewer()] as const,
  request: { params: idParam, body: { required: true, ...json(requestCorrectionSchema) } },
  responses: {
    200: { description: "Correction requested", ...json(detailBody) },
    400: errorResponse("No document, or 'outro' without a note"),
    ...reviewerErrors,
    ...notFound,
    ...wrongStatus(),
  },
});

const payment = createRoute({
  method: "post",
  path: "/admin/enrollments/{id}/confirm-payment",
  tags: ["enrollments"],
  summary: "approved → enrolled: records a confirmed payment and takes a seat in the chosen class, in one transaction",
  middleware: [requireConfirmer()] as const,
  request: { params: idParam, body: { required: true, ...json(confirmPaymentSchema) } },
  responses: {
    200: { description: "Enrolled", ...json(detailBody) },
    400: errorResponse("Invalid amount, date, method, or no class of the enrolment's course"),
    ...viewerErrors,
    ...notFound,
    ...wrongStatus("Not approved, or the class is full or not active"),
  },
});

const classAssignment = createRoute({
  method: "post",
  path: "/admin/enrollments/{id}/assign-class",
  tags: ["enrollments"],
  summary:
    "Gives an enrolled enrolment without a class (approved through a receipt) a seat in an active class of its course, in one transaction",
  middleware: [requireReviewer()] as const,
  request: { params: idParam, body: { required: true, ...json(assignClassSchema) } },
  responses: {
    200: { description: "Class assigned", ...json(detailBody) },
    400: errorResponse("No class, or a class of another course"),
    ...reviewerErrors,
    ...notFound,
    ...wrongStatus("Not enrolled, already has a class, or the class is full or not active"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/admin/enrollments/{id}",
  tags: ["enrollments"],
  summary:
    "Deletes an enrolment with its history, requests and documents, giving back a class seat; refused while payments, receipts or certificates exist",
  middleware: [requireReviewer()] as const,
  request: { params: idParam },
  responses: {
    204: { description: "Deleted" },
    ...reviewerErrors,
    ...notFound,
    ...wrongStatus("Payments, receipts or certificates point at it"),
  },
});

export const enrollmentAdminRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listEnrollments(c.get("deps").db), 200);
  })
  .openapi(referenceCode, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ referenceCode: await proposeReferenceCode(c.get("deps").db) }, 200);
  })
  .openapi(phoneAccounts, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listPhoneAccounts(c.get("deps").db, c.req.valid("query").phone), 200);
  })
  .openapi(detail, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getEnrollmentDetail(c.get("deps").db, c.req.valid("param").id), 200);
  })
  .openapi(classesOf, async (c) => c.json(await listEnrollableClasses(c.get("deps").db, c.req.valid("param").id), 200))
  .openapi(approve, async (c) => {
    const { db, mailer } = c.get("deps");
    const actor = c.get("session").user!.id;
    const result = await approveEnrollment(
      { db, mailer, log: c.get("log") },
      actor,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(result, 200);
  })
  .openapi(whatsappSent, async (c) =>
    c.json(await recordWhatsappSent(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id), 200),
  )
  .openapi(reject, async (c) =>
    c.json(
      await rejectEnrollment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(correction, async (c) =>
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
  .openapi(payment, async (c) =>
    c.json(
      await confirmPayment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(classAssignment, async (c) =>
    c.json(
      await assignClass(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(remove, async (c) => {
    const { db, storage } = c.get("deps");
    await deleteEnrollment(db, storage, c.req.valid("param").id);
    return c.body(null, 204);
  });
