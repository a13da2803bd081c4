import { formatCertificateNumber } from "@app/shared/certificate-number";
import { certificateEndpoints as endpoints } from "@app/shared/contract/certificates";
import { certificateSchemas as schemas } from "@app/shared/contract/certificates.schemas";
import { SERVER_CONFIG_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import { CERTIFICATE_MANAGER_MESSAGE, CERTIFICATE_MANAGER_ROLES } from "@app/shared/schemas/certificates";
import type { Context } from "hono";
import { NOT_SIGNED_IN, refuseUnreadyStaff, requireStaff, requireStudent } from "../../auth/guards";
import { readSession } from "../../auth/session";
import { isLoopbackBaseUrl } from "../../config";
import { route } from "../../http/contract";
import type { AppEnv } from "../../http/env";
import { guardErrors, studentErrors, superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { sendFile } from "../../http/send-file";
import {
  certificatePdf,
  credentialFile,
  listOwnCertificates,
  readableCertificate,
  reissueCertificate,
  revokeCertificate,
} from "./certificates.service";

const tags = ["certificates"];

/**
 * Who may read a certificate: its student (own only) or staff with a role; null means staff. The PDF
 * and the credential keep one path for both, so ownership is checked here rather than by a prefix.
 */
async function certificateReader(c: Context<AppEnv>): Promise<string | null> {
  const session = await readSession(c);
  if (!session.user) throw NOT_SIGNED_IN();
  if (session.staff) refuseUnreadyStaff(session.staff);
  return session.student?.id ?? null;
}

export const certificateRoutes = createRouter()
  .openapi(
    route(endpoints.listOwn, schemas.listOwn, { middleware: [requireStudent()], guardErrors: studentErrors, tags }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listOwnCertificates(c.get("deps").db, c.get("session").student!.id), 200);
    },
  )
  .openapi(route(endpoints.pdf, schemas.pdf, { tags }), async (c) => {
    const pdf = await certificatePdf(c.get("deps"), c.req.valid("param").id, await certificateReader(c));
    const download = c.req.valid("query").download !== undefined;
    return sendFile(c, { ...pdf, contentType: "application/pdf", download }) as never;
  })
  .openapi(route(endpoints.credential, schemas.credential, { tags }), async (c) => {
    const { db, config } = c.get("deps");
    const cert = await readableCertificate(db, c.req.valid("param").id, await certificateReader(c));
    const file = await credentialFile({ db, config }, cert);
    const name = `certificado-${formatCertificateNumber(cert.certificateNumber)}.json`;
    c.header("Content-Disposition", `attachment; filename="${name}"`);
    c.header("Cache-Control", "private, no-store");
    return c.json(file, 200);
  });

/* Revocation and re-issue: admin, secretaria (super_admin passes). */

const manager = {
  middleware: [requireStaff(CERTIFICATE_MANAGER_ROLES, CERTIFICATE_MANAGER_MESSAGE)],
  guardErrors: guardErrors("Not super_admin, admin or secretaria"),
  tags,
};

export const certificateAdminRoutes = createRouter()
  .openapi(
    route(endpoints.baseUrl, schemas.baseUrl, {
      middleware: [requireStaff("super_admin", SERVER_CONFIG_SUPER_ADMIN_ONLY_MESSAGE)],
      guardErrors: superAdminErrors,
      tags,
    }),
    (c) => {
      const { config } = c.get("deps");
      c.header("Cache-Control", "no-store");
      return c.json({ baseUrl: config.baseUrl, loopback: isLoopbackBaseUrl(config) }, 200);
    },
  )
  .openapi(route(endpoints.revoke, schemas.revoke, manager), async (c) => {
    const revoked = await revokeCertificate(
      c.get("deps").db,
      c.get("session").user!.id,
      c.req.valid("param").id,
      c.req.valid("json").reason,
    );
    return c.json(revoked, 200);
  })
  .openapi(route(endpoints.reissue, schemas.reissue, manager), async (c) => {
    const { db, storage, config } = c.get("deps");
    const fresh = await reissueCertificate({ db, storage, config }, c.get("session").user!.id, c.req.valid("param").id);
    return c.json(fresh, 201);
  });
