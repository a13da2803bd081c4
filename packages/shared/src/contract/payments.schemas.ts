import { ENROLLMENT_NOT_FOUND } from "../messages";
import { acceptDifferenceSchema } from "../payment-balance-schema";
import {
  balanceListQuerySchema,
  balanceListSchema,
  enrollmentBalanceSchema,
  paymentExportQuerySchema,
  paymentListQuerySchema,
  paymentListSchema,
} from "../schemas/payments";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

const enrollmentParam = z.object({ enrollmentId: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }) });

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
  balances: {
    summary:
      "'Saldos em falta' (decision 083): one page of the enrolments awaiting a balance (partial_payment), with what is due, paid and still owed, searched (q: student's name or phone, course, reference code) and sorted (default: the largest balance first)",
    query: balanceListQuerySchema,
    answers: { 200: balanceListSchema },
    errors: { 400: "Invalid page, page size, search or sort" },
  },
  balance: {
    summary:
      "What an enrolment owes (decision 083): due (its course's price), paid (its payments' sum, each listed) and the balance; what the payment dialogs show before finance chooses. Read by every role that takes payments, the desk's 'Confirmar pagamento' too (decision 088)",
    params: enrollmentParam,
    answers: { 200: enrollmentBalanceSchema },
    errors: { 404: "No such enrolment" },
  },
  acceptDifference: {
    summary:
      "Finance accepts the balance an enrolment awaits (partial_payment) as paid, with a reason kept on its latest payment and in History: the enrolment is enrolled, its live Multicaixa reference deleted, the student e-mailed; once",
    params: enrollmentParam,
    body: acceptDifferenceSchema,
    answers: { 200: z.object({ balance: enrollmentBalanceSchema, studentEmail: z.enum(["queued", "no_email"]) }) },
    errors: {
      400: "Blank reason",
      404: "No such enrolment",
      409: "The enrolment does not await a balance (paid, accepted meanwhile, or not partly paid)",
    },
  },
});
