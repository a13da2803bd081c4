import { IMPORT_KINDS, IMPORT_OUTCOMES } from "../data-import/kinds";
import { REQUIRED_FIELDS } from "../messages";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { fileField } from "./parts";
import { XLSX_TYPE } from "./payments.schemas";

export const DATA_IMPORT_MESSAGES = {
  kind: "Escolha o que importar: cursos, professores, turmas ou alunos",
  file: "Anexe a planilha (CSV ou XLSX)",
  format: "Envie a planilha em CSV ou XLSX",
  mapping: "Indique, para cada coluna, a coluna da planilha que a contém",
  hasErrors: (n: number) => ({
    code: "import_has_errors",
    message: `${n === 1 ? "1 linha tem erro" : `${n} linhas têm erro`}: nada foi importado. Corrija a planilha, ou escolha importar só as linhas válidas`,
  }),
} as const;

/** Rows per page of the preview (the server pages it: a sheet may hold thousands). */
export const IMPORT_PREVIEW_PAGE_SIZE = 50;

const kindField = z
  .enum(IMPORT_KINDS, { message: DATA_IMPORT_MESSAGES.kind })
  .meta({ description: "cursos, professores, turmas or alunos" });
const mappingField = z.string().meta({ description: "JSON: column key → the sheet's column index (0-based) or null" });
const previewForm = z
  .object({
    kind: kindField,
    file: fileField(),
    mapping: mappingField,
    page: z.string(),
    outcome: z.enum(IMPORT_OUTCOMES),
  })
  .partial();
const importForm = z
  .object({
    kind: kindField,
    file: fileField(),
    mapping: mappingField,
    onErrors: z
      .enum(["nothing", "skip"])
      .meta({ description: "nothing (default): a row in error imports nothing; skip: the valid rows" }),
    sendSms: z
      .enum(["true", "false"])
      .meta({ description: "true: each new account's access also by SMS, where SMS is configured" }),
  })
  .partial();

const counts = z.object(
  Object.fromEntries(IMPORT_OUTCOMES.map((o) => [o, z.number().int()])) as Record<
    (typeof IMPORT_OUTCOMES)[number],
    z.ZodNumber
  >,
);
const plannedRow = z.object({
  line: z.number().int(),
  key: z.string(),
  outcome: z.enum(IMPORT_OUTCOMES),
  reason: z.string().nullable(),
});
const mapping = z.record(z.string(), z.number().int().nullable());

export const importPreviewSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  header: z.array(z.string()).nullable(),
  mapping,
  counts,
  total: z.number().int(),
  page: z.number().int(),
  rows: z.array(plannedRow),
  /** Whether this installation sends SMS: the screen offers to send each new student's access only then. */
  smsConfigured: z.boolean(),
});
export const importResultSchema = z.object({
  kind: z.enum(IMPORT_KINDS),
  counts,
  errors: z.array(plannedRow),
  credentials: z.array(
    z.object({
      studentCode: z.string(),
      studentName: z.string(),
      studentPhone: z.string(),
      studentPassword: z.string(),
    }),
  ),
});

const errors = {
  400: `${REQUIRED_FIELDS.message}: kind, file or mapping; or the reason the file cannot be read (the bank statements' reader and limits, decision 078)`,
  413: "The file is larger than 5 MB",
} as const;

export const dataImportSchemas = endpointSchemas({
  template: {
    summary:
      "The template of a kind: an XLSX with the columns in Portuguese, one example row and, on a second sheet, each list column's allowed values",
    params: z.object({ kind: z.enum(IMPORT_KINDS, { message: DATA_IMPORT_MESSAGES.kind }) }),
    answers: { 200: { file: [XLSX_TYPE] } },
    errors: { 400: "Unknown kind" },
  },
  preview: {
    summary:
      "Reads a sheet of a kind and answers, without writing anything, the mapping (sent, else proposed from the header or kept for the kind), the counts per outcome and a page of the rows with their outcome ('nova', 'atualizada', 'igual', 'erro' with the reason naming the column)",
    form: previewForm,
    answers: { 200: importPreviewSchema },
    errors,
  },
  import: {
    summary:
      "Imports a sheet in one transaction: every row, or with onErrors=skip the valid ones; the accounts created with their temporary passwords, once",
    form: importForm,
    answers: { 201: importResultSchema },
    errors: { ...errors, 409: "Rows in error and onErrors is not skip: nothing was imported" },
  },
});
