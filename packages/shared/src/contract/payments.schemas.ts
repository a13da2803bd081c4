import { paymentExportQuerySchema, paymentFilterSchema, paymentListSchema } from "../schemas/payments";
import { endpointSchemas } from "./endpoint";

/** The export's spreadsheet type (XLSX). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const paymentSchemas = endpointSchemas({
  list: {
    summary:
      "Payments with student and course, newest payment date first, filtered by from/to (inclusive) and method; the four 'Financeiro' cards",
    query: paymentFilterSchema,
    answers: { 200: paymentListSchema },
    errors: { 400: "Invalid date" },
  },
  export: {
    summary: "The same payments as a download: CSV (';', UTF-8 with BOM, for Excel in Portuguese) or XLSX",
    description: "The file comes as an attachment (Content-Disposition) named pagamentos-{today}.{format}.",
    query: paymentExportQuerySchema,
    answers: { 200: { file: ["text/csv", XLSX_TYPE] } },
    errors: { 400: "Invalid date or format" },
  },
});
