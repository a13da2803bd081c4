import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { ENROLLMENT_DOCUMENT_LABELS } from "@app/shared/enrollment-review";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE, ofDocument } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireStudent } from "../../../auth/guards";
import { route } from "../../../http/contract";
import { ApiError, studentErrors } from "../../../http/errors";
import { createRouter } from "../../../http/router";
import { replaceOwnDocument } from "./documents.service";

/** One document of at most 5 MB; a larger one is refused naming the document. */
const documentBodyLimit = () =>
  bodyLimit({
    maxSize: MAX_FILE_BYTES + 64 * 1024,
    onError: (c) => {
      const label = ENROLLMENT_DOCUMENT_LABELS[c.req.param("document") as keyof typeof ENROLLMENT_DOCUMENT_LABELS];
      throw ApiError.onField(413, label ? ofDocument(label, FILE_TOO_LARGE) : FILE_TOO_LARGE, "file");
    },
  });

/** The student replaces a document staff refused (a correction request, decision 018). */
export const documentRoutes: ReturnType<typeof createRouter> = createRouter().openapi(
  route(endpoints.replaceDocument, schemas.replaceDocument, {
    middleware: [requireStudent(), documentBodyLimit()],
    guardErrors: studentErrors,
    tags: ["enrollments"],
  }),
  async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const { id, document } = c.req.valid("param");
    const who = { studentAccountId: session.student!.id, userId: session.user!.id };
    const form = await c.req.parseBody();
    return c.json(await replaceOwnDocument(db, storage, who, id, document, form.file), 200);
  },
);
