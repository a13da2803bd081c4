import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { route } from "../../../http/contract";
import { createRouter } from "../../../http/router";
import { getEnrollmentDetail, listEnrollments } from "../enrollment-admin.queries";
import { reviewer, viewer } from "../enrollment-guards";
import { deleteEnrollment } from "./deletion.service";
import { proposeReferenceCode } from "./reference-code";
import { approveEnrollment, recordWhatsappSent, rejectEnrollment, requestCorrection } from "./review.service";

/** 'Inscrições': the list, one enrolment, and the steps that decide on it (SPEC §4, decision 018). */
export const reviewRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.list, schemas.list, viewer), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listEnrollments(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.referenceCode, schemas.referenceCode, reviewer), async (c) => {
    c.header("Cache-Control", "no-store");
    const { db, references } = c.get("deps");
    return c.json({ referenceCode: await proposeReferenceCode(db), multicaixa: Boolean(references) }, 200);
  })
  .openapi(route(endpoints.detail, schemas.detail, viewer), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getEnrollmentDetail(c.get("deps").db, c.req.valid("param").id), 200);
  })
  .openapi(route(endpoints.approve, schemas.approve, reviewer), async (c) => {
    const actor = c.get("session").user!.id;
    return c.json(await approveEnrollment(c.get("deps"), actor, c.req.valid("param").id, c.req.valid("json")), 200);
  })
  .openapi(route(endpoints.whatsappSent, schemas.whatsappSent, reviewer), async (c) =>
    c.json(await recordWhatsappSent(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id), 200),
  )
  .openapi(route(endpoints.reject, schemas.reject, reviewer), async (c) =>
    c.json(
      await rejectEnrollment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(route(endpoints.requestCorrection, schemas.requestCorrection, reviewer), async (c) =>
    c.json(
      await requestCorrection(c.get("deps"), c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  )
  .openapi(route(endpoints.remove, schemas.remove, reviewer), async (c) => {
    const { db, storage, references } = c.get("deps");
    await deleteEnrollment(db, storage, c.req.valid("param").id, references);
    return c.body(null, 204);
  });
