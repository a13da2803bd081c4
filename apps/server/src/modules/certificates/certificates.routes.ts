import { formatCertificateNumber } from "@app/shared/certificate-number";
import {
  CERTIFICATE_NOT_FOUND,
  CERTIFICATE_PDF_NOT_READY,
  NO_ROLE,
  SERVER_CONFIG_SUPER_ADMIN_ONLY_MESSAGE,
} from "@app/shared/messages";
import {
  adminCertificateSchema,
  baseUrlStatusSchema,
  CERTIFICATE_MANAGER_MESSAGE,
  CERTIFICATE_MANAGER_ROLES,
  ownCertificatesSchema,
  revokeCertificateSchema,
} from "@app/shared/schemas/certificates";
import { createRoute, z } from "@hono/zod-openapi";
import { eq } from "drizzle-orm";
import type { Context } from "hono";
import { stream } from "hono/streaming";
import { NOT_SIGNED_IN, requireStaff, requireStudent } from "../../auth/guards";
import { readSession } from "../../auth/session";
import { isLoopbackBaseUrl } from "../../config";
import { storedFiles } from "../../db/schema";
import type { AppEnv } from "../../http/env";
import { ApiError, errorResponse, guardErrors, studentErrors, superAdminErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { FileMissingError } from "../../storage/storage";
import {
  credentialFile,
  listOwnCertificates,
  readableCertificate,
  refuseRevokedDocument,
  reissueCertificate,
  revokeCertificate,
} from "./certificates.service";

const idParam = z.object({ id: z.uuid({ message: CERTIFICATE_NOT_FOUND.message }) });
const readErrors = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Staff without a role"),
  404: errorResponse("No such certificate, or another student's"),
  410: errorResponse("Revoked: 'Este certificado foi revogado: {motivo}'"),
};

const mine = createRoute({
  method: "get",
  path: "/certificates/mine",
  tags: ["certificates"],
  summary: "The student's certificates (newest first, revoked ones marked) and courses in progress with their progress",
  middleware: [requireStudent()] as const,
  responses: {
    200: {
      description: "Certificates and courses in progress",
      ...json(component("OwnCertificates", ownCertificatesSchema)),
    },
    ...studentErrors,
  },
});

const pdf = createRoute({
  method: "get",
  path: "/certificates/{id}/pdf",
  tags: ["certificates"],
  summary:
    "The certificate's PDF (inline, or as the download certificado-{number}.pdf with ?download=1): the owner student or staff with a role; once revoked, staff only (the student gets 410 with the reason)",
  request: { params: idParam, query: z.object({ download: z.string().optional() }) },
  responses: {
    200: {
      description: "The PDF",
      content: { "application/pdf": { schema: z.any().openapi({ type: "string", format: "binary" }) } },
    },
    ...readErrors,
  },
});

const credential = createRoute({
  method: "get",
  path: "/certificates/{id}/credential",
  tags: ["certificates"],
  summary:
    "The certificate as an Open Badges 3.0 credential signed by the institute (certificado-{number}.json: the credential and its VC-JWT); a revoked one to nobody (410)",
  request: { params: idParam },
  responses: {
    200: { description: "The credential file", content: { "application/json": { schema: z.any() } } },
    ...readErrors,
  },
});

/** Who may read a certificate: its student (own only) or staff with a role; null means staff. */
async function certificateReader(c: Context<AppEnv>): Promise<string | null> {
  const session = await readSession(c);
  if (!session.user) throw NOT_SIGNED_IN();
  if (session.staff && !session.staff.role) throw ApiError.of(403, NO_ROLE);
  return session.student?.id ?? null;
}

export const certificateRoutes = createRouter()
  .openapi(mine, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnCertificates(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(pdf, async (c) => {
    const { db, storage } = c.get("deps");
    const reader = await certificateReader(c);
    const cert = await readableCertificate(db, c.req.valid("param").id, reader);
    if (reader !== null) refuseRevokedDocument(cert);
    if (!cert.fileId) throw ApiError.of(404, CERTIFICATE_PDF_NOT_READY);
    const [file] = await db.select().from(storedFiles).where(eq(storedFiles.id, cert.fileId));
    let body: NodeJS.ReadableStream;
    try {
      body = await storage.getStream(file!.storageKey);
    } catch (err) {
      if (err instanceof FileMissingError) throw ApiError.of(404, CERTIFICATE_PDF_NOT_READY);
      throw err;
    }
    const name = `certificado-${formatCertificateNumber(cert.certificateNumber)}.pdf`;
    const download = c.req.valid("query").download !== undefined;
    c.header("Content-Type", "application/pdf");
    c.header("Content-Length", String(file!.size));
    c.header("Content-Disposition", `${download ? "attachment" : "inline"}; filename="${name}"`);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "private, no-store");
    return stream(c, async (out) => {
      for await (const chunk of body) await out.write(chunk as Uint8Array);
    }) as never;
  })
  .openapi(credential, async (c) => {
    const { db, config } = c.get("deps");
    const cert = await readableCertificate(db, c.req.valid("param").id, await certificateReader(c));
    const file = await credentialFile({ db, config }, cert);
    const name = `certificado-${formatCertificateNumber(cert.certificateNumber)}.json`;
    c.header("Content-Disposition", `attachment; filename="${name}"`);
    c.header("Cache-Control", "private, no-store");
    return c.json(file, 200);
  });

/* Revocation and re-issue: admin, secretaria (super_admin passes). */

const managerErrors = guardErrors("Not super_admin, admin or secretaria");
const adminCertificateBody = component("AdminCertificate", adminCertificateSchema);

const revoke = createRoute({
  method: "post",
  path: "/admin/certificates/{id}/revoke",
  tags: ["certificates"],
  summary: "Revokes a certificate with a reason (kept, marked revoked; History event); verification then says Revogado",
  middleware: [requireStaff(CERTIFICATE_MANAGER_ROLES, CERTIFICATE_MANAGER_MESSAGE)] as const,
  request: { params: idParam, body: { required: true, ...json(revokeCertificateSchema) } },
  responses: {
    200: { description: "The revoked certificate", ...json(adminCertificateBody) },
    400: errorResponse("Blank reason"),
    ...managerErrors,
    404: errorResponse("No such certificate"),
    409: errorResponse("Already revoked"),
  },
});

const reissue = createRoute({
  method: "post",
  path: "/admin/certificates/{id}/reissue",
  tags: ["certificates"],
  summary:
    "Re-issues a certificate: a new one (new number and PDF) replaces it; the old one stays, revoked. Only the newest of a completed enrolment",
  middleware: [requireStaff(CERTIFICATE_MANAGER_ROLES, CERTIFICATE_MANAGER_MESSAGE)] as const,
  request: { params: idParam },
  responses: {
    201: { description: "The new certificate", ...json(adminCertificateBody) },
    ...managerErrors,
    404: errorResponse("No such certificate"),
    409: errorResponse("Already replaced, or the enrolment is not completed"),
  },
});

const baseUrl = createRoute({
  method: "get",
  path: "/admin/base-url",
  tags: ["certificates"],
  summary:
    "The public address (BASE_URL) certificates, QR codes and credentials carry, and whether it is a loopback address (super_admin; the dashboard's notice)",
  middleware: [requireStaff("super_admin", SERVER_CONFIG_SUPER_ADMIN_ONLY_MESSAGE)] as const,
  responses: {
    200: {
      description: "BASE_URL and whether it is loopback",
      ...json(component("BaseUrlStatus", baseUrlStatusSchema)),
    },
    ...superAdminErrors,
  },
});

export const certificateAdminRoutes = createRouter()
  .openapi(baseUrl, (c) => {
    const { config } = c.get("deps");
    c.header("Cache-Control", "no-store");
    return c.json({ baseUrl: config.baseUrl, loopback: isLoopbackBaseUrl(config) }, 200);
  })
  .openapi(revoke, async (c) => {
    const revoked = await revokeCertificate(
      c.get("deps").db,
      c.get("session").user!.id,
      c.req.valid("param").id,
      c.req.valid("json").reason,
    );
    return c.json(revoked, 200);
  })
  .openapi(reissue, async (c) => {
    const { db, storage, config } = c.get("deps");
    const fresh = await reissueCertificate({ db, storage, config }, c.get("session").user!.id, c.req.valid("param").id);
    return c.json(fresh, 201);
  });
