import { todayInLuanda } from "@app/shared/dates";
import { paymentExportQuerySchema, paymentFilterSchema, paymentListSchema } from "@app/shared/schemas/payments";
import { createRoute, z } from "@hono/zod-openapi";
import { requireScreen } from "../../auth/guards";
import { errorResponse, guardErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { listPayments, paymentList, paymentsCsv, paymentsXlsx } from "./payments.service";

const financeErrors = guardErrors("Not financeiro or super_admin");

const list = createRoute({
  method: "get",
  path: "/admin/payments",
  tags: ["payments"],
  summary:
    "Payments with student and course, newest payment date first, filtered by from/to (inclusive) and method; the four 'Financeiro' cards",
  middleware: [requireScreen("financial")] as const,
  request: { query: paymentFilterSchema },
  responses: {
    200: { description: "Payments", ...json(component("PaymentList", paymentListSchema)) },
    400: errorResponse("Invalid date"),
    ...financeErrors,
  },
});

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

const exportPayments = createRoute({
  method: "get",
  path: "/admin/payments/export",
  tags: ["payments"],
  summary: "The same payments as a download: CSV (';', UTF-8 with BOM, for Excel in Portuguese) or XLSX",
  middleware: [requireScreen("financial")] as const,
  request: { query: paymentExportQuerySchema },
  responses: {
    200: {
      description: "The file (Content-Disposition: attachment)",
      content: {
        "text/csv": { schema: z.string() },
        [XLSX_TYPE]: { schema: z.any().openapi({ type: "string", format: "binary" }) },
      },
    },
    400: errorResponse("Invalid date or format"),
    ...financeErrors,
  },
});

export const paymentRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await paymentList(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(exportPayments, async (c) => {
    const { format, ...filter } = c.req.valid("query");
    const rows = await listPayments(c.get("deps").db, filter);
    const name = `pagamentos-${todayInLuanda()}.${format}`;
    c.header("Cache-Control", "no-store");
    c.header("Content-Disposition", `attachment; filename="${name}"`);
    if (format === "xlsx") {
      c.header("Content-Type", XLSX_TYPE);
      return c.body(new Uint8Array(await paymentsXlsx(rows)), 200) as never;
    }
    c.header("Content-Type", "text/csv; charset=utf-8");
    return c.body(paymentsCsv(rows), 200) as never;
  });
