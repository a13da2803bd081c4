import type { StatementLineOutcome } from "@app/shared/bank-statements/outcomes";
import { bankStatementEndpoints as endpoints } from "@app/shared/contract/bank-statements";
import type { ColumnMapping } from "@app/shared/contract/bank-statements.schemas";
import { enrollmentEndpoints } from "@app/shared/contract/enrollments";
import { CONFIRM_MAX_LINES } from "@app/shared/limits";
import type { DifferenceChoiceInput } from "@app/shared/payment-balance-schema";
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { type AnswerOf, api } from "../../../lib/api";
import { refreshAfterChange, type ServerListParams } from "../../../lib/server-list";
import { inChunks } from "../logic/selection";

export type StatementPreview = AnswerOf<typeof endpoints.preview>;
export type MappingRead = NonNullable<StatementPreview["read"]>;
export type ImportAnswer = AnswerOf<typeof endpoints.import>;
export type StatementSummary = AnswerOf<typeof endpoints.list>["rows"][number];
export type Statement = AnswerOf<typeof endpoints.get>;
export type StatementLine = Statement["lines"][number];
export type ConfirmAnswer = AnswerOf<typeof endpoints.confirm>;
export type EnrollmentMatch = AnswerOf<typeof enrollmentEndpoints.list>["rows"][number];

/** Every query of this screen starts with this key. */
const BANK_STATEMENTS_KEY = ["bank-statements"] as const;
const LIST_KEY = [...BANK_STATEMENTS_KEY, "list"] as const;

/** The landing's list of imports (newest first, decision 072) and the remembered banks. */
export const statementsQuery = (params: ServerListParams<"importedAt", object>) =>
  queryOptions({
    queryKey: [...LIST_KEY, params],
    queryFn: ({ signal }) => api(endpoints.list, { query: params, signal }),
  });

/** The remembered banks (the first page's answer carries them). */
export const banksQuery = queryOptions({
  queryKey: [...LIST_KEY, "banks"],
  queryFn: async ({ signal }) => (await api(endpoints.list, { query: { pageSize: 1 }, signal })).banks,
});

export type LineFilters = { outcome: StatementLineOutcome | null };

/** One page of a statement's lines (of one outcome), as a server list's page (`rows`) with the statement. */
export const statementQuery = (id: string) => (params: ServerListParams<"lineNumber", LineFilters>) =>
  queryOptions({
    queryKey: [...BANK_STATEMENTS_KEY, id, params],
    queryFn: async ({ signal }) => {
      const { outcome, ...paging } = params;
      const statement = await api(endpoints.get, {
        params: { id },
        query: { ...paging, outcome: outcome ?? undefined },
        signal,
      });
      return { ...statement, rows: statement.lines };
    },
  });

/** Enrolments found by name, reference code or phone ('Inscrições' search), for assigning a line. */
export const enrollmentSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...BANK_STATEMENTS_KEY, "enrollments", q],
    queryFn: ({ signal }) => api(enrollmentEndpoints.list, { query: { q, pageSize: 10 }, signal }),
    enabled: q.length >= 2,
  });

const statementForm = (bankName: string, file: File, mapping?: ColumnMapping) => {
  const body = new FormData();
  body.append("bankName", bankName);
  body.append("file", file);
  if (mapping) body.append("mapping", JSON.stringify(mapping));
  return body;
};

/** Reads the file (nothing stored): header, first rows, the bank's remembered mapping read with it. */
export function usePreview() {
  return useMutation({
    mutationFn: ({ bankName, file }: { bankName: string; file: File }) =>
      api(endpoints.preview, { body: statementForm(bankName, file) }),
  });
}

/** A file chosen, known by what the browser says of it (a File cannot be a query key). */
const fileKey = (file: File) => `${file.name}:${file.size}:${file.lastModified}`;

/**
 * The file read again by the server with another mapping (issue 34): the amounts as the import would read
 * them and the warnings. Nothing is stored; the file is sent again, as the server keeps nothing between requests.
 */
export const mappingReadQuery = (bankName: string, file: File, mapping: ColumnMapping | null) =>
  queryOptions({
    queryKey: [...BANK_STATEMENTS_KEY, "read", bankName, fileKey(file), mapping],
    queryFn: async ({ signal }) =>
      (await api(endpoints.preview, { body: statementForm(bankName, file, mapping!), signal })).read!,
    enabled: mapping !== null,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

/** After a change every page of this screen reads again. */
function useRefresh() {
  const client = useQueryClient();
  return () => refreshAfterChange(client, [BANK_STATEMENTS_KEY]);
}

export function useImport() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ bankName, file, mapping }: { bankName: string; file: File; mapping: ColumnMapping }) =>
      api(endpoints.import, { body: statementForm(bankName, file, mapping) }),
    onSuccess: refresh,
  });
}

/**
 * Deletes an import none of whose lines is confirmed (the server refuses otherwise). Its own page is
 * forgotten rather than read again (it would answer 404); the list of imports reads again.
 */
export function useDeleteStatement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(endpoints.remove, { params: { id } }),
    onSuccess: (_, id) => {
      client.removeQueries({ queryKey: [...BANK_STATEMENTS_KEY, id] });
      return refreshAfterChange(client, [LIST_KEY]);
    },
  });
}

/** Forgets a bank's remembered columns: its next statement is mapped from nothing. */
export function useForgetMapping() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (mappingId: string) => api(endpoints.forgetMapping, { params: { mappingId } }),
    onSuccess: refresh,
  });
}

/** 'Atribuir': the line given to an enrolment, with finance's choice when it is short of what is owed (decision 083). */
export function useAssign(statementId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({
      lineId,
      enrollmentId,
      difference,
    }: {
      lineId: string;
      enrollmentId: string;
      difference?: DifferenceChoiceInput;
    }) => api(endpoints.assign, { params: { id: statementId, lineId }, body: { enrollmentId, difference } }),
    onSuccess: refresh,
  });
}

export function useIgnore(statementId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ lineId, reason }: { lineId: string; reason: string }) =>
      api(endpoints.ignore, { params: { id: statementId, lineId }, body: { reason } }),
    onSuccess: refresh,
  });
}

/** Confirms the lines, at most CONFIRM_MAX_LINES a request, one request after the other. */
export function useConfirm(statementId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (lineIds: string[]): Promise<ConfirmAnswer> => {
      const all: ConfirmAnswer = { confirmed: [], refused: [], awaitingBalance: [] };
      for (const chunk of inChunks(lineIds, CONFIRM_MAX_LINES)) {
        const answer = await api(endpoints.confirm, { params: { id: statementId }, body: { lineIds: chunk } });
        all.confirmed.push(...answer.confirmed);
        all.refused.push(...answer.refused);
        all.awaitingBalance.push(...answer.awaitingBalance);
      }
      return all;
    },
    onSettled: refresh,
  });
}
