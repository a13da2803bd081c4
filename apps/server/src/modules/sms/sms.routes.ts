import { smsEndpoints as endpoints } from "@app/shared/contract/sms";
import { smsSchemas as schemas } from "@app/shared/contract/sms.schemas";
import { route } from "../../http/contract";
import { createRouter } from "../../http/router";
import { signedSmsStatusBody } from "./signed-status-body";
import { recordSmsStatus } from "./sms-status";

const tags = ["sms"];

export const smsRoutes = createRouter().openapi(
  route(endpoints.status, schemas.status, { middleware: [signedSmsStatusBody()], tags }),
  async (c) => {
    const { db, sms } = c.get("deps");
    const report = sms!.provider.readStatus(new URLSearchParams(await c.req.text()));
    if (report) {
      const outcome = await recordSmsStatus({ db, sms: sms!, log: c.get("log") }, report);
      c.get("log").info({ provider: report.providerId, state: report.state, outcome }, "sms status");
    }
    return c.body(null, 204);
  },
);
