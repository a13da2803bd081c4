import { RECEIPT_NOT_FOUND } from "../messages";
import {
  adminReceiptListSchema,
  approveReceiptSchema,
  ownReceiptSchema,
  receiptListQuerySchema,
  rejectReceiptSchema,
  reviewedReceiptSchema,
} from "../schemas/receipts";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { fileField } from "./parts";

const idParam = z.object({ id: z.uuid({ message: RECEIPT_NOT_FOUND.message }) });

/** The multipart form of a receipt, as documented; the handler reads and checks it (submitReceiptSchema). */
const submissionForm = z
  .object({
    enrollmentId: z.string().meta({ format: "uuid" }),
    paidAmount: z.string().meta({ description: "The amount typed (e.g. 150 000,00) or a number; > 0" }),
    paymentDate: z.string().meta({ format: "date", description: "Not after today in Luanda" }),
    file: fileField(),
  })
  .partial();

export const receiptSchemas = endpointSchemas({
  submitOwn: {
    summary:
      "The student sends a payment receipt for an own enrolment that is approved or payment_pending (multipart); the enrolment becomes payment_pending",
    form: submissionForm,
    answers: { 201: ownReceiptSchema },
    errors: {
      400: "A field or the file is missing or invalid",
      409: "Not an own enrolment awaiting payment, or a receipt is already pending for it",
      413: "The file is larger than 5 MB",
      415: "The file is not JPEG, PNG or PDF (by its content)",
      503: "The file could not be stored (FILES_NOT_STORED, Retry-After); nothing was recorded",
    },
  },
  listOwn: {
    summary: "The student's own receipts, newest first",
    answers: { 200: z.array(ownReceiptSchema) },
  },
  list: {
    summary:
      "One page of the receipts with student, course, code, amounts, divergence and duplicate warnings (same file or same amount+date+code for another enrolment), searched (q: student's name or phone, course, reference code) and sorted (default: newest sent first); how many match; the cards over every receipt",
    query: receiptListQuerySchema,
    answers: { 200: adminReceiptListSchema },
    errors: { 400: "Invalid page, page size, search or sort" },
  },
  approve: {
    summary:
      "pending → approved: records a completed payment ('Transferência Bancária') and enrols the student, in one transaction; e-mails the student. An amount short of what the enrolment owes needs `difference` (decision 083): wait for the balance (partial_payment) or accept it with a reason",
    params: idParam,
    body: approveReceiptSchema,
    answers: { 200: reviewedReceiptSchema },
    errors: {
      400: "A difference choice without its reason",
      404: "No such receipt",
      409: "The receipt is not pending, the enrolment is paid, or the amount is short and no difference choice was given",
    },
  },
  reject: {
    summary: "pending → rejected with a required reason (notes); the student may send a new one; e-mails the student",
    params: idParam,
    body: rejectReceiptSchema,
    answers: { 200: reviewedReceiptSchema },
    errors: { 400: "Blank reason", 404: "No such receipt", 409: "The receipt is not pending" },
  },
});
