import { DOCUMENT_MIME_TYPES } from "../limits";
import { DOCUMENT_NOT_AVAILABLE } from "../messages";
import { FILE_ACCESS_SCREEN_PARAM, FILE_ACCESS_SCREENS } from "../privacy";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

export const fileSchemas = endpointSchemas({
  read: {
    summary:
      "A stored document: only its owner (student) or a staff user with a role may read it (applicants' documents and receipts: the roles of 'Inscrições' only)",
    params: z.object({ id: z.uuid({ message: DOCUMENT_NOT_AVAILABLE.message }) }),
    query: z.object({
      [FILE_ACCESS_SCREEN_PARAM]: z
        .string()
        .optional()
        .meta({
          description: `The staff screen it is opened from (${FILE_ACCESS_SCREENS.join(", ")}); recorded for applicants' documents (decision 099)`,
        }),
    }),
    answers: { 200: { file: DOCUMENT_MIME_TYPES } },
    errors: {
      404: "No such file, or not yours",
      410: "The PDF of a revoked certificate, asked by its student: 'Este certificado foi revogado: {motivo}'; or a document deleted by retention or erasure (document_deleted)",
      503: "The storage cannot be read now (FILE_NOT_READABLE, Retry-After)",
    },
  },
});
