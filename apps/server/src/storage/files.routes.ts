import { ENROLLMENT_VIEWER_ROLES } from "@app/shared/enrollment-review";
import { type FileKind, roleSatisfies } from "@app/shared/enums";
import { DOCUMENT_NOT_AVAILABLE, NO_ROLE } from "@app/shared/messages";
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import { stream } from "hono/streaming";
import { NOT_SIGNED_IN } from "../auth/guards";
import { readSession } from "../auth/session";
import { storedFiles } from "../db/schema";
import { ApiError, errorResponse, guardErrors } from "../http/errors";
import { createRouter } from "../http/router";
import { refuseRevokedCertificateFile } from "../modules/certificates/certificates.service";
import { FileMissingError } from "./storage";

const NOT_FOUND = () => ApiError.of(404, DOCUMENT_NOT_AVAILABLE);

/** Staff may read every file except applicants' documents and receipts, which only the roles of 'Inscrições' see. */
const ENROLMENT_FILE_KINDS: readonly FileKind[] = ["id_card_front", "id_card_back", "certificate", "receipt"];

const getFile = createRoute({
  method: "get",
  path: "/files/{id}",
  tags: ["files"],
  summary: "A stored document: only its owner (student) or a staff user with a role may read it",
  request: { params: z.object({ id: z.uuid({ message: DOCUMENT_NOT_AVAILABLE.message }) }) },
  responses: {
    200: {
      description: "The file",
      content: { "application/octet-stream": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
    },
    ...guardErrors("Staff without a role"),
    404: errorResponse("No such file, or not yours"),
    410: errorResponse(
      "The PDF of a revoked certificate, asked by its student: 'Este certificado foi revogado: {motivo}'",
    ),
  },
});

export const fileRoutes = createRouter().openapi(getFile, async (c) => {
  const session = await readSession(c);
  if (!session.user) throw NOT_SIGNED_IN();
  if (session.staff && !session.staff.role) {
    throw ApiError.of(403, NO_ROLE);
  }
  const { db, storage } = c.get("deps");
  const [file] = await db
    .select()
    .from(storedFiles)
    .where(eq(storedFiles.id, c.req.valid("param").id));
  // Another student's file answers exactly like a missing one.
  if (!file || (session.student && file.ownerUserId !== session.user.id)) throw NOT_FOUND();
  if (
    session.staff &&
    ENROLMENT_FILE_KINDS.includes(file.kind) &&
    !roleSatisfies(session.staff.role, ENROLLMENT_VIEWER_ROLES)
  ) {
    throw NOT_FOUND();
  }
  // A revoked certificate's PDF reaches staff only, as on GET /certificates/{id}/pdf (decision 027).
  if (file.kind === "certificate_pdf" && !session.staff) await refuseRevokedCertificateFile(db, file.id);
  let body: NodeJS.ReadableStream;
  try {
    body = await storage.getStream(file.storageKey);
  } catch (err) {
    if (err instanceof FileMissingError) throw NOT_FOUND();
    throw err;
  }
  const extension = file.storageKey.split(".").at(-1);
  c.header("Content-Type", file.contentType);
  c.header("Content-Length", String(file.size));
  c.header("Content-Disposition", `inline; filename="documento.${extension}"`);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cache-Control", "private, no-store");
  return stream(c, async (out) => {
    for await (const chunk of body) await out.write(chunk as Uint8Array);
  }) as never;
});
