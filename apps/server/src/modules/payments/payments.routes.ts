import { paymentEndpoints as endpoints } from "@app/shared/contract/payments";
import { paymentSchemas as schemas, XLSX_TYPE } from "@app/shared/contract/payments.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { PAYMENT_CONFIRMER_MESSAGE, PAYMENT_CONFIRMER_ROLES } from "@app/shared/enrollment-review";
import { requireScreen, requireStaff } from "../../auth/guards";
import { route } from "../../http/contract";
import { guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { acceptDifference, readBalance } from "../payment-recording/accept-difference";
import { balancePage } from "./balances.service";
import { firstBatchRead, paymentsCsvStream, paymentsXlsxStream } from "./payments.export";
import { paymentBatches, paymentPage } from "./payments.service";

const finance = {
  middleware: [requireScreen("financial")],
  guardErrors: guardErrors("Not financeiro or super_admin"),
  tags: ["payments"],
};

/** An enrolment's balance is read by everyone who takes payments, the desk too (decision 088). */
const confirmers = {
  middleware: [requireStaff(PAYMENT_CONFIRMER_ROLES, PAYMENT_CONFIRMER_MESSAGE)],
  guardErrors: guardErrors("Not super_admin, admin, secretaria or financeiro"),
  tags: ["payments"],
};

export const paymentRoutes = createRouter()
  .openapi(route(endpoints.list, schemas.list, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await paymentPage(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.export, schemas.export, finance), async (c) => {
    const { format, ...filter } = c.req.valid("query");
    const batches = await firstBatchRead(paymentBatches(c.get("deps").db, filter));
    const name = `pagamentos-${todayInLuanda()}.${format}`;
    c.header("Cache-Control", "no-store");
    c.header("Content-Disposition", `attachment; filename="${name}"`);
    if (format === "xlsx") {
      c.header("Content-Type", XLSX_TYPE);
      return c.body(paymentsXlsxStream(batches), 200) as never;
    }
    c.header("Content-Type", "text/csv; charset=utf-8");
    return c.body(paymentsCsvStream(batches), 200) as never;
  })
  .openapi(route(endpoints.balances, schemas.balances, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await balancePage(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.balance, schemas.balance, confirmers), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await readBalance(c.get("deps").db, c.req.valid("param").enrollmentId), 200);
  })
  .openapi(route(endpoints.acceptDifference, schemas.acceptDifference, finance), async (c) => {
    const { db, mail, config, references, sms } = c.get("deps");
    const result = await acceptDifference(
      { db, mail, baseUrl: config.baseUrl, references, sms },
      c.get("session").user!.id,
      c.req.valid("param").enrollmentId,
      c.req.valid("json").reason,
    );
    return c.json(result, 200);
  });
