import { smsEndpoints as endpoints } from "@app/shared/contract/sms";
import { smsSchemas as schemas } from "@app/shared/contract/sms.schemas";
import { SMS_SUPER_ADMIN_ONLY_MESSAGE } from "@app/shared/messages";
import { requireStaff } from "../../auth/guards";
import { COUNTERS, takeAttempt } from "../../auth/rate-limit";
import { route } from "../../http/contract";
import { superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { signedSmsStatusBody } from "./signed-status-body";
import { queueTestSms, requeueSms, smsNotices, smsOverview, updateSmsCaps } from "./sms-admin.service";
import { recordSmsStatus } from "./sms-status";

const tags = ["sms"];
/** Configurações → SMS and the Painel's SMS notices: super_admin only (decision 094). */
const superAdmin = {
  middleware: [requireStaff("super_admin", SMS_SUPER_ADMIN_ONLY_MESSAGE)],
  guardErrors: superAdminErrors,
  tags,
};

export const smsRoutes = createRouter()
  .openapi(route(endpoints.status, schemas.status, { middleware: [signedSmsStatusBody()], tags }), async (c) => {
    const { db, sms } = c.get("deps");
    const report = sms!.provider.readStatus(new URLSearchParams(await c.req.text()));
    if (report) {
      const outcome = await recordSmsStatus({ db, sms: sms!, log: c.get("log") }, report);
      c.get("log").info({ provider: report.providerId, state: report.state, outcome }, "sms status");
    }
    return c.body(null, 204);
  })
  .openapi(route(endpoints.overview, schemas.overview, superAdmin), async (c) => {
    const { db, config } = c.get("deps");
    c.header("Cache-Control", "no-store");
    return c.json(await smsOverview(db, config.sms), 200);
  })
  .openapi(route(endpoints.test, schemas.test, superAdmin), async (c) => {
    const { db, sms } = c.get("deps");
    await takeAttempt(db, COUNTERS.smsTest(c.get("session").user!.id));
    return c.json(await queueTestSms(db, sms, c.req.valid("json").phone), 200);
  })
  .openapi(route(endpoints.caps, schemas.caps, superAdmin), async (c) => {
    const { db, sms, config } = c.get("deps");
    c.header("Cache-Control", "no-store");
    return c.json(await updateSmsCaps(db, sms, config.sms, c.req.valid("json")), 200);
  })
  .openapi(route(endpoints.failures, schemas.failures, superAdmin), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await smsNotices(c.get("deps").db), 200);
  })
  .openapi(route(endpoints.requeue, schemas.requeue, superAdmin), async (c) => {
    const { db, sms } = c.get("deps");
    return c.json(await requeueSms(db, sms, c.req.valid("param").id), 200);
  });
