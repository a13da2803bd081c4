import { CLASS_NOT_FOUND } from "@app/shared/messages";
import {
  CERTIFICATE_MANAGER_ROLES,
  correctResultSchema,
  RESULT_CORRECTION_MESSAGE,
  recordResultsSchema,
  teachingClassDetailSchema,
  teachingClassSchema,
} from "@app/shared/schemas/certificates";
import { createRoute, z } from "@hono/zod-openapi";
import { requireScreen, requireStaff } from "../../auth/guards";
import { errorResponse, guardErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { ENROLLMENT_NOT_FOUND } from "../enrollments/enrollment-admin.queries";
import { correctResult, getTeachingClass, listTeachingClasses, recordResults } from "./teaching.service";

/** 'As minhas turmas' / 'Turmas e resultados' (decision 042): professor (own classes), admin, secretaria. */
const teachingErrors = guardErrors("Not professor, admin, secretaria or super_admin");
const classParam = z.object({ classId: z.uuid({ message: CLASS_NOT_FOUND.message }) });
const detailBody = component("TeachingClassDetail", teachingClassDetailSchema);

const list = createRoute({
  method: "get",
  path: "/teaching/classes",
  tags: ["teaching"],
  summary:
    "The classes the caller may grade: a professor's own (their teacher record's classes); every class for admin, secretaria and super_admin",
  middleware: [requireScreen("teaching")] as const,
  responses: {
    200: { description: "Classes", ...json(z.array(component("TeachingClass", teachingClassSchema))) },
    ...teachingErrors,
  },
});

const students = createRoute({
  method: "get",
  path: "/teaching/classes/{classId}/students",
  tags: ["teaching"],
  summary: "A class and its students (enrolled, completed, not completed) with grade and current certificate",
  middleware: [requireScreen("teaching")] as const,
  request: { params: classParam },
  responses: {
    200: { description: "The class and its students", ...json(detailBody) },
    401: errorResponse("Not signed in"),
    403: errorResponse("Not a teaching role, or another teacher's class (professor)"),
    404: errorResponse("No such class"),
  },
});

const results = createRoute({
  method: "post",
  path: "/teaching/classes/{classId}/results",
  tags: ["teaching"],
  summary:
    "Records results (one or many, all or nothing): enrolled → completed (issues the certificate: number, PDF) or not_completed, with an optional grade 0–20",
  middleware: [requireScreen("teaching")] as const,
  request: { params: classParam, body: { required: true, ...json(recordResultsSchema) } },
  responses: {
    200: { description: "The class and its students, after the results", ...json(detailBody) },
    400: errorResponse("Invalid input (no result, a repeated student, a grade outside 0–20)"),
    401: errorResponse("Not signed in"),
    403: errorResponse("Not a teaching role, or another teacher's class (professor)"),
    404: errorResponse("No such class"),
    409: errorResponse("A student is not enrolled in this class (any more), or the class has not started"),
  },
});

const correction = createRoute({
  method: "post",
  path: "/teaching/enrollments/{enrollmentId}/result-correction",
  tags: ["teaching"],
  summary:
    "Corrects a recorded result (completed or not_completed) once no certificate of the enrolment is in force: outcome, grade and a reason kept in History; 'Concluído' issues a new certificate (super_admin, admin, secretaria)",
  middleware: [requireStaff(CERTIFICATE_MANAGER_ROLES, RESULT_CORRECTION_MESSAGE)] as const,
  request: {
    params: z.object({ enrollmentId: z.uuid({ message: ENROLLMENT_NOT_FOUND().message }) }),
    body: { required: true, ...json(correctResultSchema) },
  },
  responses: {
    200: { description: "The enrolment's class and its students, after the correction", ...json(detailBody) },
    400: errorResponse("Invalid input (no reason, a grade outside 0–20)"),
    ...guardErrors("Not super_admin, admin or secretaria"),
    404: errorResponse("No such enrolment"),
    409: errorResponse("No result recorded yet, a certificate still valid, or the same result"),
  },
});

export const teachingRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listTeachingClasses(c.get("deps").db, c.get("session")), 200);
  })
  .openapi(students, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getTeachingClass(c.get("deps"), c.get("session"), c.req.valid("param").classId), 200);
  })
  .openapi(results, async (c) => {
    const { db, storage, config, mailer } = c.get("deps");
    const detail = await recordResults(
      { db, storage, config, mailer, log: c.get("log") },
      c.get("session"),
      c.req.valid("param").classId,
      c.req.valid("json"),
    );
    return c.json(detail, 200);
  })
  .openapi(correction, async (c) => {
    const { db, storage, config, mailer } = c.get("deps");
    const detail = await correctResult(
      { db, storage, config, mailer, log: c.get("log") },
      c.get("session").user!.id,
      c.req.valid("param").enrollmentId,
      c.req.valid("json"),
    );
    return c.json(detail, 200);
  });
