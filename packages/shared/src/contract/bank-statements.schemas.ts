import { MAPPING_WARNING_CODES } from "../bank-statements/mapping-warnings";
import { STATEMENT_LINE_OUTCOMES } from "../bank-statements/outcomes";
import { CONFIRM_MAX_LINES } from "../limits";
import { BANK_MAPPING_NOT_FOUND, REQUIRED_FIELDS, STATEMENT_LINE_NOT_FOUND, STATEMENT_NOT_FOUND } from "../messages";
import { DIFFERENCE_CHOICES } from "../payment-balance";
import { differenceChoiceSchema } from "../payment-balance-schema";
import { listPageSchema, listQuerySchema } from "../schemas/lists";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { fileField } from "./parts";

export { CONFIRM_MAX_LINES } from "../limits";

export const BANK_STATEMENT_MESSAGES = {
  bankName: "Indique o nome do banco",
  file: "Anexe o arquivo do extrato (CSV, XLSX, MT940 ou CAMT.053)",
  mapping: "Indique as colunas da data, do valor (ou crédito/débito) e do descritivo",
  enrollmentId: "Escolha a inscrição",
  reason: "Indique o motivo",
  lineIds: "Escolha as linhas a confirmar",
} as const;

const column = z.number().int().min(0).max(200);

/** Which column (0-based) holds what: one amount column, or separate credit/debit columns. */
export const columnMappingSchema = z
  .object({
    dateColumn: column,
    amountColumn: column.nullable().default(null),
    creditColumn: column.nullable().default(null),
    debitColumn: column.nullable().default(null),
    referenceColumn: column,
    payerColumn: column.nullable().default(null),
  })
  .refine((m) => (m.amountColumn === null) !== (m.creditColumn === null && m.debitColumn === null), {
    message: BANK_STATEMENT_MESSAGES.mapping,
  });
export type ColumnMapping = z.output<typeof columnMappingSchema>;

export const bankNameSchema = z
  .string({ message: BANK_STATEMENT_MESSAGES.bankName })
  .trim()
  .min(1, BANK_STATEMENT_MESSAGES.bankName)
  .max(100, BANK_STATEMENT_MESSAGES.bankName);

const mappingField = z.string().meta({ description: "JSON of the column mapping (dateColumn, amountColumn …)" });
const previewForm = z.object({ bankName: z.string(), file: fileField(), mapping: mappingField }).partial();
const importForm = z.object({ bankName: z.string(), file: fileField(), mapping: mappingField }).partial();

/** How many of the file's lines the preview shows read with the mapping. */
export const PREVIEW_READ_LINES = 10;

/** A line of the file read with a mapping (issue 34): a credit, a debit, or why it cannot be read. */
const readLineSchema = z.object({
  line: z.number().int(),
  kind: z.enum(["credit", "debit", "unreadable"]),
  date: z.string().nullable(),
  reference: z.string(),
  payer: z.string(),
  /** Kwanzas, positive for a credit and negative for a debit; null when unreadable. */
  amount: z.number().nullable(),
  reason: z.string().nullable(),
});
const linesTotalSchema = z.object({ count: z.number().int(), total: z.number() });

/** The whole file read with a mapping, as the import would read it (issue 34), and what looks wrong. */
const mappingReadSchema = z.object({
  /** The mapping these lines were read with. */
  mapping: columnMappingSchema,
  /** The file's first lines (PREVIEW_READ_LINES), in file order. */
  lines: z.array(readLineSchema),
  credits: linesTotalSchema,
  debits: linesTotalSchema,
  unreadable: z.number().int(),
  warnings: z.array(z.object({ code: z.enum(MAPPING_WARNING_CODES), message: z.string() })),
});

const previewSchema = z.object({
  delimiter: z.string(),
  header: z.array(z.string()).nullable(),
  preamble: z.array(z.string()),
  rows: z.array(z.array(z.string())),
  /** The mapping proposed: the fixed one of MT940 and CAMT.053, else the bank's remembered one. */
  mapping: columnMappingSchema.nullable(),
  /** The bank's remembered mapping when it is the one proposed (to forget it). */
  remembered: z.object({ id: z.uuid(), updatedAt: z.string() }).nullable(),
  /** The file read with the mapping sent, else with the one proposed; null when there is neither. */
  read: mappingReadSchema.nullable(),
});

const unreadableSchema = z.object({ line: z.number().int(), reason: z.string() });
const importAnswerSchema = z.object({
  statementId: z.uuid(),
  counts: z.object({
    matched: z.number().int(),
    divergent: z.number().int(),
    alreadyPaid: z.number().int(),
    unmatched: z.number().int(),
    alreadyImported: z.number().int(),
    debits: z.number().int(),
  }),
  unreadable: z.array(unreadableSchema),
});

export const statementLineSchema = z.object({
  id: z.uuid(),
  lineNumber: z.number().int(),
  date: z.string(),
  amount: z.number(),
  reference: z.string(),
  payer: z.string(),
  outcome: z.enum(STATEMENT_LINE_OUTCOMES),
  proposed: z.boolean(),
  assignedByHand: z.boolean(),
  enrollment: z
    .object({
      id: z.uuid(),
      studentName: z.string(),
      paymentReferenceCode: z.string().nullable(),
      /** What the enrolment still owes (its price less its payments, decision 083). */
      amountDue: z.number(),
    })
    .nullable(),
  /** Finance's choice for a line short of what its enrolment owes, made when assigning it (decision 083). */
  difference: z.enum(DIFFERENCE_CHOICES).nullable(),
  differenceReason: z.string().nullable(),
  ignoreReason: z.string().nullable(),
  paymentId: z.uuid().nullable(),
  decidedAt: z.string().nullable(),
});

/** How many lines of a statement have each outcome (the screen's filter chips and the list's columns). */
const outcomeCountsSchema = z.record(z.enum(STATEMENT_LINE_OUTCOMES), z.number().int());

/** The statements list (decision 072): newest import first; no sort keys besides it. */
export const STATEMENT_SORT_KEYS = ["importedAt"] as const;
const statementListQuery = listQuerySchema(STATEMENT_SORT_KEYS);

const statementSummarySchema = z.object({
  id: z.uuid(),
  bankName: z.string(),
  fileName: z.string(),
  importedAt: z.string(),
  importedBy: z.string().nullable(),
  periodStart: z.string().nullable(),
  periodEnd: z.string().nullable(),
  counts: outcomeCountsSchema,
});
const statementListSchema = listPageSchema(statementSummarySchema).extend({
  /** The banks whose column mapping is remembered (offered when importing). */
  banks: z.array(z.string()),
});

/** A page of a statement's lines, optionally of one outcome (decision 072). */
const statementLinesQuery = listQuerySchema(["lineNumber"] as const).extend({
  outcome: z.enum(STATEMENT_LINE_OUTCOMES, { message: "Resultado inválido" }).optional(),
});

const statementSchema = statementSummarySchema.extend({
  /** The page of lines asked for (file order), within the outcome filter. */
  lines: z.array(statementLineSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Every line that may be confirmed now ('Corresponde', or assigned by hand and open), on any page. */
  confirmableIds: z.array(z.uuid()),
});

const statementParam = z.object({ id: z.uuid({ message: STATEMENT_NOT_FOUND.message }) });
const mappingParam = z.object({ mappingId: z.uuid({ message: BANK_MAPPING_NOT_FOUND.message }) });
const lineParams = statementParam.extend({ lineId: z.uuid({ message: STATEMENT_LINE_NOT_FOUND.message }) });

export const assignLineSchema = z.object({
  enrollmentId: z.uuid({ message: BANK_STATEMENT_MESSAGES.enrollmentId }),
  /** Finance's choice when the line is short of what the enrolment owes, applied at confirmation (decision 083). */
  difference: differenceChoiceSchema.optional(),
});
export const ignoreLineSchema = z.object({
  reason: z.string({ message: BANK_STATEMENT_MESSAGES.reason }).trim().min(1, BANK_STATEMENT_MESSAGES.reason).max(500),
});
/** Lines per confirmation: 1 000 UUIDs stay well inside the 64 KB JSON body limit (decision 048). */
export const confirmLinesSchema = z.object({
  lineIds: z
    .array(z.uuid({ message: BANK_STATEMENT_MESSAGES.lineIds }))
    .min(1, BANK_STATEMENT_MESSAGES.lineIds)
    .max(CONFIRM_MAX_LINES, `No máximo ${CONFIRM_MAX_LINES} linhas de cada vez`),
});

const confirmAnswerSchema = z.object({
  confirmed: z.array(z.uuid()),
  refused: z.array(z.object({ lineId: z.uuid(), message: z.string() })),
  /** Of the confirmed lines, those whose enrolment still awaits a balance, and how much (decision 083). */
  awaitingBalance: z.array(z.object({ lineId: z.uuid(), balance: z.number() })),
});

const importErrors = {
  400: `${REQUIRED_FIELDS.message}: bank name, file, or the mapping; or 'statement_file_invalid', whose message (also on the file field) says why the file cannot be read: no table, a format not read, past a limit, or past the reader's memory or time (decision 078)`,
  413: "The file is larger than 5 MB",
} as const;

export const bankStatementSchemas = endpointSchemas({
  preview: {
    summary:
      "Reads a statement without storing it: header cells, the first rows, the mapping proposed (fixed or the bank's remembered one), and the whole file read with the mapping sent (else the one proposed) as the import would read it: its first lines, the credits, debits and unreadable lines, and warnings when the mapping looks wrong",
    form: previewForm,
    answers: { 200: previewSchema },
    errors: importErrors,
  },
  import: {
    summary:
      "Imports a CSV statement with a column mapping (remembered for the bank): credit lines not imported before are stored and matched to enrolments by reference code; debits ignored; unreadable lines listed",
    form: importForm,
    answers: { 201: importAnswerSchema },
    errors: importErrors,
  },
  remove: {
    summary:
      "Deletes an import and its lines (they may be imported again) while none of its lines is confirmed; History of the enrolments it assigned lines to by hand",
    params: statementParam,
    answers: { 204: null },
    errors: { 404: "No such statement", 409: "A line of the statement is confirmed (a payment was recorded from it)" },
  },
  forgetMapping: {
    summary: "Forgets a bank's remembered column mapping: its next statement is mapped from nothing",
    params: mappingParam,
    answers: { 204: null },
    errors: { 404: "No such remembered mapping" },
  },
  list: {
    summary:
      "The imported statements, newest first, a page at a time, searched (q: bank or file name): bank, file, who imported it and when, the period and how many lines have each outcome; and the banks whose mapping is remembered",
    query: statementListQuery,
    answers: { 200: statementListSchema },
    errors: { 400: "Invalid page or page size" },
  },
  get: {
    summary:
      "A statement, how many of its lines have each outcome, the ids of the lines that may be confirmed, and a page of its lines (file order, optionally of one outcome, searched by q in the reference and payer) with their matched enrolments",
    params: statementParam,
    query: statementLinesQuery,
    answers: { 200: statementSchema },
    errors: { 400: "Invalid page, page size or outcome", 404: "No such statement" },
  },
  assign: {
    summary:
      "Finance assigns a line to an enrolment by hand; it may then be confirmed whatever its amount. A line short of what the enrolment owes keeps `difference` (wait for the balance, or accept with a reason; decision 083) for its confirmation",
    params: lineParams,
    body: assignLineSchema,
    answers: { 200: statementLineSchema },
    errors: {
      400: "No enrolment chosen",
      404: "No such line or enrolment",
      409: "The line was confirmed or ignored, or the enrolment does not await payment",
    },
  },
  ignore: {
    summary: "Finance ignores a line, with a reason",
    params: lineParams,
    body: ignoreLineSchema,
    answers: { 200: statementLineSchema },
    errors: { 400: "Blank reason", 404: "No such line", 409: "The line was confirmed or ignored" },
  },
  confirm: {
    summary:
      "Confirms lines ('Corresponde' or assigned by hand): each records the payment and enrols the student as a receipt approval does, exactly once; the others are answered as refused with the reason",
    params: statementParam,
    body: confirmLinesSchema,
    answers: { 200: confirmAnswerSchema },
    errors: { 400: "No line chosen", 404: "No such statement" },
  },
});
