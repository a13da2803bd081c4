import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { enrollmentSubmittedSchema, newApplicationStartSchema } from "@app/shared/schemas/enrollments";
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { requireStudent } from "../../auth/guards";
import { ApiError, errorResponse, studentErrors } from "../../http/errors";
import { createRouter, json } from "../../http/router";
import { ownEnrollmentBody } from "./enrollment-documents.routes";
import { submitOwnEnrollment } from "./enrollments.service";
import { listOwnEnrollmentViews } from "./own-enrollments.service";
import { newApplicationStart, submitNewApplication } from "./returning-enrollment.service";

const binary = z.any().openapi({ type: "string", format: "binary" });

const submissionDoc = z
  .object({
    birthDate: z.string().openapi({ format: "date" }),
    motherName: z.string(),
    fatherName: z.string().optional(),
    nationality: z.string(),
    birthPlace: z.string(),
    province: z.string(),
    municipality: z.string(),
    neighborhood: z.string(),
    qualification: z.string(),
    trainingArea: z.string(),
    courseId: z.string(),
    schedulePreference: z.string(),
    idCardFront: binary,
    idCardBack: binary,
    certificate: binary,
  })
  .partial()
  .openapi("EnrollmentSubmission");

/** An enrolment form's body: three documents of at most 5 MB each, plus the form fields. */
export const documentsBodyLimit = () =>
  bodyLimit({
    maxSize: 3 * MAX_FILE_BYTES + 256 * 1024,
    onError: () => {
      throw ApiError.of(413, FILE_TOO_LARGE);
    },
  });

const submit = createRoute({
  method: "post",
  path: "/enrollments/mine",
  tags: ["enrollments"],
  summary: "The student submits the enrolment form with the three documents (multipart)",
  middleware: [requireStudent(), documentsBodyLimit()] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: submissionDoc } } } },
  responses: {
    201: {
      description: "Pre-enrolment created",
      ...json(enrollmentSubmittedSchema),
    },
    400: errorResponse("A field or a document is missing or invalid"),
    ...studentErrors,
    409: errorResponse("Already submitted"),
    413: errorResponse("A file is larger than 5 MB"),
    415: errorResponse("A file is not JPEG, PNG, WEBP or PDF (by its content)"),
  },
});

const listMine = createRoute({
  method: "get",
  path: "/enrollments/mine",
  tags: ["enrollments"],
  summary: "The student's own enrolments",
  middleware: [requireStudent()] as const,
  responses: {
    200: { description: "Own enrolments, newest first", ...json(z.array(ownEnrollmentBody)) },
    ...studentErrors,
  },
});

const newApplicationStartRoute = createRoute({
  method: "get",
  path: "/enrollments/mine/new-application",
  tags: ["enrollments"],
  summary:
    "What the returning student's 'Nova inscrição' starts from: the latest data, the documents on file, the courses held",
  middleware: [requireStudent()] as const,
  responses: {
    200: { description: "The form's starting point", ...json(newApplicationStartSchema) },
    ...studentErrors,
  },
});

const submitNewApplicationRoute = createRoute({
  method: "post",
  path: "/enrollments/mine/new-application",
  tags: ["enrollments"],
  summary:
    "A returning student applies for another course (multipart); an empty document field keeps the document on file",
  middleware: [requireStudent(), documentsBodyLimit()] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: submissionDoc } } } },
  responses: {
    201: { description: "Pre-enrolment created", ...json(enrollmentSubmittedSchema) },
    400: errorResponse("A field is invalid, or a document is missing with none on file"),
    ...studentErrors,
    409: errorResponse("The account already holds this course (an open application or the course in progress)"),
    413: errorResponse("A file is larger than 5 MB"),
    415: errorResponse("A file is not JPEG, PNG, WEBP or PDF (by its content)"),
  },
});

export const enrollmentRoutes = createRouter()
  .openapi(submit, async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const form = await c.req.parseBody();
    const result = await submitOwnEnrollment(
      db,
      storage,
      { studentAccountId: session.student!.id, userId: session.user!.id },
      form,
    );
    return c.json({ ...result, status: "pre_inscrito" as const }, 201);
  })
  .openapi(listMine, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnEnrollmentViews(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(newApplicationStartRoute, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await newApplicationStart(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(submitNewApplicationRoute, async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const result = await submitNewApplication(
      db,
      storage,
      { studentAccountId: session.student!.id, userId: session.user!.id },
      await c.req.parseBody(),
    );
    return c.json(result, 201);
  });
