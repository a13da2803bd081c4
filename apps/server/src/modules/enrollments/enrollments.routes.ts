import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireStudent } from "../../auth/guards";
import { route } from "../../http/contract";
import { ApiError, studentErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { submitOwnEnrollment } from "./enrollments.service";
import { listOwnEnrollmentViews } from "./own-enrollments.service";
import { newApplicationStart, submitNewApplication } from "./returning-enrollment.service";

/** An enrolment form's body: three documents of at most 5 MB each, plus the form fields. */
export const documentsBodyLimit = () =>
  bodyLimit({
    maxSize: 3 * MAX_FILE_BYTES + 256 * 1024,
    onError: () => {
      throw ApiError.of(413, FILE_TOO_LARGE);
    },
  });

const tags = ["enrollments"];
const student = { middleware: [requireStudent()], guardErrors: studentErrors, tags };
const studentUpload = { middleware: [requireStudent(), documentsBodyLimit()], guardErrors: studentErrors, tags };

export const enrollmentRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.submit, schemas.submit, studentUpload), async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const who = { studentAccountId: session.student!.id, userId: session.user!.id };
    return c.json(await submitOwnEnrollment(db, storage, who, await c.req.parseBody()), 201);
  })
  .openapi(route(endpoints.mine, schemas.mine, student), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnEnrollmentViews(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(route(endpoints.newApplicationStart, schemas.newApplicationStart, student), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await newApplicationStart(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(route(endpoints.submitNewApplication, schemas.submitNewApplication, studentUpload), async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const who = { studentAccountId: session.student!.id, userId: session.user!.id };
    return c.json(await submitNewApplication(db, storage, who, await c.req.parseBody()), 201);
  });
