import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE, RECEIPT_NOT_FOUND } from "@app/shared/messages";
import {
  adminReceiptListSchema,
  ownReceiptSchema,
  rejectReceiptSchema,
  reviewedReceiptSchema,
} from "@app/shared/schemas/receipts";
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { requireScreen, requireStudent } from "../../auth/guards";
import { ApiError, errorResponse, guardErrors, studentErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import {
  approveReceipt,
  listAdminReceipts,
  listOwnReceipts,
  rejectReceipt,
  submitOwnReceipt,
} from "./receipts.service";

const binary = z.any().openapi({ type: "string", format: "binary" });
const submissionDoc = z
  .object({
    enrollmentId: z.string().openapi({ format: "uuid" }),
    paidAmount: z.string().openapi({ description: "The amount typed (e.g. 150 000,00) or a number; > 0" }),
    paymentDate: z.string().openapi({ format: "date", description: "Not after today in Luanda" }),
    file: binary,
  })
  .partial()
  .openapi("ReceiptSubmission");

/** One receipt of at most 5 MB plus the form fields; the file's own check answers 413 above 5 MB. */
const receiptBodyLimit = () =>
  bodyLimit({
    maxSize: MAX_FILE_BYTES + 256 * 1024,
    onError: () => {
      throw ApiError.of(413, FILE_TOO_LARGE);
    },
  });

const ownReceiptBody = component("OwnReceipt", ownReceiptSchema);

const submit = createRoute({
  method: "post",
  path: "/receipts/mine",
  tags: ["receipts"],
  summary:
    "The student sends a payment receipt for an own enrolment that is approved or payment_pending (multipart); the enrolment becomes payment_pending",
  middleware: [requireStudent(), receiptBodyLimit()] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: submissionDoc } } } },
  responses: {
    201: { description: "Receipt sent, pending validation", ...json(ownReceiptBody) },
    400: errorResponse("A field or the file is missing or invalid"),
    ...studentErrors,
    409: errorResponse("Not an own enrolment awaiting payment, or a receipt is already pending for it"),
    413: errorResponse("The file is larger than 5 MB"),
    415: errorResponse("The file is not JPEG, PNG or PDF (by its content)"),
  },
});

const listMine = createRoute({
  method: "get",
  path: "/receipts/mine",
  tags: ["receipts"],
  summary: "The student's own receipts, newest first",
  middleware: [requireStudent()] as const,
  responses: {
    200: { description: "Own receipts", ...json(z.array(ownReceiptBody)) },
    ...studentErrors,
  },
});

export const receiptRoutes = createRouter()
  .openapi(submit, async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const form = await c.req.parseBody();
    const receipt = await submitOwnReceipt(
      db,
      storage,
      { studentAccountId: session.student!.id, userId: session.user!.id },
      form,
    );
    return c.json(receipt, 201);
  })
  .openapi(listMine, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listOwnReceipts(c.get("deps").db, c.get("session").student!.id), 200);
  });

/* Finance: 'Gestão de Comprovantes de Pagamento' (financeiro; super_admin passes). */

const financeErrors = guardErrors("Not financeiro or super_admin");
const idParam = z.object({ id: z.uuid({ message: RECEIPT_NOT_FOUND.message }) });
const notFound = { 404: errorResponse("No such receipt") };

const list = createRoute({
  method: "get",
  path: "/admin/receipts",
  tags: ["receipts"],
  summary:
    "Every receipt, newest first, with student, course, code, amounts, divergence and duplicate warnings (same file or same amount+date+code for another enrolment), and the cards",
  middleware: [requireScreen("paymentReceipts")] as const,
  responses: {
    200: { description: "Receipts", ...json(component("AdminReceiptList", adminReceiptListSchema)) },
    ...financeErrors,
  },
});

const approve = createRoute({
  method: "post",
  path: "/admin/receipts/{id}/approve",
  tags: ["receipts"],
  summary:
    "pending → approved: records a completed payment ('Transferência Bancária') and enrols the student, in one transaction; e-mails the student",
  middleware: [requireScreen("paymentReceipts")] as const,
  request: { params: idParam },
  responses: {
    200: { description: "Approved", ...json(component("ReviewedReceipt", reviewedReceiptSchema)) },
    ...financeErrors,
    ...notFound,
    409: errorResponse("The receipt is not pending"),
  },
});

const reject = createRoute({
  method: "post",
  path: "/admin/receipts/{id}/reject",
  tags: ["receipts"],
  summary: "pending → rejected with a required reason (notes); the student may send a new one; e-mails the student",
  middleware: [requireScreen("paymentReceipts")] as const,
  request: { params: idParam, body: { required: true, ...json(rejectReceiptSchema) } },
  responses: {
    200: { description: "Rejected", ...json(reviewedReceiptSchema) },
    400: errorResponse("Blank reason"),
    ...financeErrors,
    ...notFound,
    409: errorResponse("The receipt is not pending"),
  },
});

export const receiptAdminRoutes = createRouter()
  .openapi(list, async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listAdminReceipts(c.get("deps").db), 200);
  })
  .openapi(approve, async (c) => {
    const { db, mailer, config } = c.get("deps");
    const result = await approveReceipt(
      { db, mailer, log: c.get("log"), baseUrl: config.baseUrl },
      c.get("session").user!.id,
      c.req.valid("param").id,
    );
    return c.json(result, 200);
  })
  .openapi(reject, async (c) => {
    const { db, mailer, config } = c.get("deps");
    const result = await rejectReceipt(
      { db, mailer, log: c.get("log"), baseUrl: config.baseUrl },
      c.get("session").user!.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(result, 200);
  });
