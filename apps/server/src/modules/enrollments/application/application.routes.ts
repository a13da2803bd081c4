import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { route } from "../../../http/contract";
import { createRouter } from "../../../http/router";
import { student, studentUpload } from "../enrollment-guards";
import { listOwnEnrollmentViews } from "../own-enrollments.service";
import { submitOwnEnrollment } from "./application.service";

/** The student's own enrolment form (the first one) and their list of enrolments. */
export const applicationRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.submit, schemas.submit, studentUpload), async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const who = { studentAccountId: session.student!.id, userId: session.user!.id };
    return c.json(await submitOwnEnrollment(db, storage, who, await c.req.parseBody()), 201);
  })
  .openapi(route(endpoints.mine, schemas.mine, student), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnEnrollmentViews(c.get("deps").db, c.get("session").student!.id), 200);
  });
