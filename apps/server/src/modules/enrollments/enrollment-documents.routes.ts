import { ENROLLMENT_DOCUMENT_KINDS, ENROLLMENT_DOCUMENT_LABELS } from "@app/shared/enrollment-review";
import { INVALID_DOCUMENT } from "@app/shared/field-messages";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { ENROLLMENT_NOT_FOUND, FILE_TOO_LARGE, ofDocument } from "@app/shared/messages";
import { studentEnrollmentViewSchema } from "@app/shared/schemas/enrollment-review";
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { requireStudent } from "../../auth/guards";
import { ApiError, errorResponse, studentErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { replaceOwnDocument } from "./document-replacement.service";
import { listOwnEnrollmentViews } from "./own-enrollments.service";

/** GET /enrollments/mine and the replacement answer: the student's view of an enrolment. */
export const ownEnrollmentBody = component("OwnEnrollment", studentEnrollmentViewSchema);

const params = z.object({
  id: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }),
  document: z.enum(ENROLLMENT_DOCUMENT_KINDS, { message: INVALID_DOCUMENT }),
});

const replace = createRoute({
  method: "put",
  path: "/enrollments/mine/{id}/documents/{document}",
  tags: ["enrollments"],
  summary:
    "The student replaces a document staff refused (multipart field `file`: JPEG, PNG, WEBP or PDF by content, at most 5 MB); the last one sends the enrolment back to review",
  middleware: [
    requireStudent(),
    bodyLimit({
      maxSize: MAX_FILE_BYTES + 64 * 1024,
      onError: (c) => {
        const label = ENROLLMENT_DOCUMENT_LABELS[c.req.param("document") as keyof typeof ENROLLMENT_DOCUMENT_LABELS];
        throw ApiError.onField(413, label ? ofDocument(label, FILE_TOO_LARGE) : FILE_TOO_LARGE, "file");
      },
    }),
  ] as const,
  request: {
    params,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }).partial(),
        },
      },
    },
  },
  responses: {
    200: {
      description: "The student's enrolment after the replacement",
      ...json(ownEnrollmentBody),
    },
    400: errorResponse("No file sent, or an empty file"),
    ...studentErrors,
    404: errorResponse("No such enrolment of this student"),
    409: errorResponse("This document has no open correction request"),
    413: errorResponse("Larger than 5 MB"),
    415: errorResponse("Not JPEG, PNG, WEBP or PDF (by its content)"),
  },
});

export const enrollmentDocumentRoutes = createRouter().openapi(replace, async (c) => {
  const session = c.get("session");
  const { db, storage } = c.get("deps");
  const { id, document } = c.req.valid("param");
  const form = await c.req.parseBody();
  const who = { studentAccountId: session.student!.id, userId: session.user!.id };
  await replaceOwnDocument(db, storage, who, id, document, form.file);
  const views = await listOwnEnrollmentViews(db, who.studentAccountId);
  return c.json(views.find((v) => v.id === id)!, 200);
});
