import { privacyEndpoints as endpoints } from "@app/shared/contract/privacy";
import { privacySchemas as schemas } from "@app/shared/contract/privacy.schemas";
import { ENROLLMENT_REVIEWER_ROLES } from "@app/shared/enrollment-review";
import { PRIVACY_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/privacy";
import { stream } from "hono/streaming";
import { requireStaff, requireStudent } from "../../auth/guards";
import { route } from "../../http/contract";
import { guardErrors, studentErrors, superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { carryOutErasure, listErasureRequests, refuseErasure, requestErasure } from "./erasure.service";
import { acceptNotice, getPrivacyNotice, getPrivacySettings, updatePrivacySettings } from "./notice.service";
import { ownDataZip } from "./own-data";
import { getOwnPrivacy, listFileAccesses } from "./privacy.service";

const tags = ["privacy"];
/** The notice is shown and accepted while the password is still temporary (the first screen after sign-in). */
const student = { middleware: [requireStudent({ allowTemporaryPassword: true })], guardErrors: studentErrors, tags };
const superAdmin = {
  middleware: [requireStaff("super_admin", PRIVACY_SUPER_ADMIN_ONLY_MESSAGE)],
  guardErrors: superAdminErrors,
  tags,
};
const desk = {
  middleware: [requireStaff(ENROLLMENT_REVIEWER_ROLES)],
  guardErrors: guardErrors("Not super_admin, admin or secretaria"),
  tags,
};

const ownOf = (session: { user: { id: string } | null; student: { id: string } | null }) => ({
  userId: session.user!.id,
  studentAccountId: session.student!.id,
});

export const privacyRoutes = createRouter()
  .openapi(route(endpoints.notice, schemas.notice, { tags }), async (c) =>
    c.json(await getPrivacyNotice(c.get("deps").db), 200),
  )
  .openapi(route(endpoints.own, schemas.own, student), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getOwnPrivacy(c.get("deps").db, ownOf(c.get("session"))), 200);
  })
  .openapi(route(endpoints.accept, schemas.accept, student), async (c) => {
    const { db } = c.get("deps");
    const own = ownOf(c.get("session"));
    await acceptNotice(db, own.userId, c.req.valid("json").version);
    return c.json(await getOwnPrivacy(db, own), 200);
  })
  .openapi(route(endpoints.ownData, schemas.ownData, student), async (c) => {
    const deps = c.get("deps");
    const zip = await ownDataZip({ db: deps.db, storage: deps.storage, log: c.get("log") }, ownOf(c.get("session")));
    c.header("Content-Type", "application/zip");
    c.header("Content-Disposition", 'attachment; filename="meus-dados.zip"');
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "private, no-store");
    return stream(c, async (out) => {
      for await (const chunk of zip) await out.write(chunk as Uint8Array);
    }) as never;
  })
  .openapi(route(endpoints.requestErasure, schemas.requestErasure, student), async (c) => {
    const { db } = c.get("deps");
    const own = ownOf(c.get("session"));
    await requestErasure(db, own.studentAccountId, { userId: own.userId, channel: "portal" });
    return c.json(await getOwnPrivacy(db, own), 200);
  });

/** The staff's side: the notice and retention, who opened what, erasure requests. */
export const privacyAdminRoutes = createRouter()
  .openapi(route(endpoints.settings, schemas.settings, superAdmin), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getPrivacySettings(c.get("deps").db), 200);
  })
  .openapi(route(endpoints.updateSettings, schemas.updateSettings, superAdmin), async (c) =>
    c.json(await updatePrivacySettings(c.get("deps").db, c.get("session").user!.id, c.req.valid("json")), 200),
  )
  .openapi(route(endpoints.fileAccesses, schemas.fileAccesses, superAdmin), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listFileAccesses(c.get("deps").db, c.req.valid("param").id), 200);
  })
  .openapi(route(endpoints.erasureRequests, schemas.erasureRequests, superAdmin), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listErasureRequests(c.get("deps").db), 200);
  })
  .openapi(route(endpoints.recordErasureRequest, schemas.recordErasureRequest, desk), async (c) =>
    c.json(
      await requestErasure(c.get("deps").db, c.req.valid("param").id, {
        userId: c.get("session").user!.id,
        channel: "presencial",
      }),
      200,
    ),
  )
  .openapi(route(endpoints.carryOutErasure, schemas.carryOutErasure, superAdmin), async (c) =>
    c.json(
      await carryOutErasure(
        { db: c.get("deps").db, storage: c.get("deps").storage, log: c.get("log") },
        c.req.valid("param").id,
        c.get("session").user!.id,
      ),
      200,
    ),
  )
  .openapi(route(endpoints.refuseErasure, schemas.refuseErasure, superAdmin), async (c) =>
    c.json(
      await refuseErasure(
        c.get("deps").db,
        c.req.valid("param").id,
        c.get("session").user!.id,
        c.req.valid("json").reason,
      ),
      200,
    ),
  );
