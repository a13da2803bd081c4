import { paymentExportQuerySchema, paymentListQuerySchema, paymentListSchema } from "../schemas/payments";
import { endpointSchemas } from "./endpoint";

/** The export's spreadsheet type (XLSX). */
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export const paymentSchemas = endpointSchemas({
  list: {
    summary:
      "One page of the payments with student and course, filtered by from/to (inclusive) and method, searched (q: student's name or phone, course, reference code) and sorted (default: newest payment date first); how many match; the four 'Financeiro' cards over the filters",
    query: paymentListQuerySchema,
    answers: { 200: paymentListSchema },
    errors: { 400: "Invalid date, method, page, page size, search or sort" },
  },
  export: {
    summary:
      "Every payment the list's filters and search give, newest first, as a download: CSV (';', UTF-8 with BOM, for Excel in Portuguese) or XLSX",
    description:
      "The file comes as an attachment (Content-Disposition) named pagamentos-{today}.{format}, streamed as it is read from the database (decision 058).",
    query: paymentExportQuerySchema,
    answers: { 200: { file: ["text/csv", XLSX_TYPE] } },
    errors: { 400: "Invalid date, method, search or format" },
  },
});
