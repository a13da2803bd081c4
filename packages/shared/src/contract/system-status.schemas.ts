import { systemStatusSchema } from "../schemas/system-status";
import { endpointSchemas } from "./endpoint";

/** 'Estado do sistema' (decision 098). */
export const systemStatusSchemas = endpointSchemas({
  status: {
    summary:
      "The operators' figures: requests, queues, ProxyPay's poll, the last backup, PostgreSQL, disk (super_admin)",
    description: "Computed when asked (nothing runs while nobody looks). Sent with `Cache-Control: no-store`.",
    answers: { 200: systemStatusSchema },
  },
});
