import { createRouter } from "../../http/router";
import { applicationRoutes } from "./application/application.routes";
import { documentRoutes } from "./documents/documents.routes";
import { paymentRoutes } from "./payment/payment.routes";
import { returningRoutes } from "./returning/returning.routes";
import { reviewRoutes } from "./review/review.routes";
import { staffEntryRoutes } from "./staff-entry/staff-entry.routes";

/**
 * Every enrolment route, by sub-module: the student's own (application, returning, documents) under
 * /me/enrollments, and staff's (staff entry, review, payment) under /admin/enrollments. Order matters:
 * GET /admin/enrollments/phone-accounts (staff entry) and /reference-code (review, before its own
 * /{id}) are matched before GET /admin/enrollments/{id}.
 */
export const enrollmentRoutes: ReturnType<typeof createRouter> = createRouter()
  .route("/", applicationRoutes)
  .route("/", returningRoutes)
  .route("/", documentRoutes)
  .route("/", staffEntryRoutes)
  .route("/", reviewRoutes)
  .route("/", paymentRoutes);
