import { dataImportEndpoints as endpoints } from "@app/shared/contract/data-import";
import type { ImportKind, ImportMapping, ImportOutcome } from "@app/shared/data-import/kinds";
import { useMutation } from "@tanstack/react-query";
import { type AnswerOf, api, apiUrl } from "../../../lib/api";

export type ImportPreview = AnswerOf<typeof endpoints.preview>;
export type ImportResult = AnswerOf<typeof endpoints.import>;
export type ImportCredential = ImportResult["credentials"][number];

/** The XLSX template of a kind (a link: the browser downloads it). */
export const templateUrl = (kind: ImportKind) => apiUrl(endpoints.template, { kind });

type SheetCall = { kind: ImportKind; file: File; mapping?: ImportMapping };

const sheetForm = ({ kind, file, mapping }: SheetCall, extra: Record<string, string> = {}) => {
  const body = new FormData();
  body.append("kind", kind);
  body.append("file", file);
  if (mapping) body.append("mapping", JSON.stringify(mapping));
  for (const [k, v] of Object.entries(extra)) body.append(k, v);
  return body;
};

/** Reads the sheet and plans each row; nothing is written. */
export function usePreview() {
  return useMutation({
    mutationFn: ({ page = 1, outcome, ...call }: SheetCall & { page?: number; outcome?: ImportOutcome | null }) =>
      api(endpoints.preview, { body: sheetForm(call, { page: String(page), ...(outcome ? { outcome } : {}) }) }),
  });
}

/** Imports the sheet in one transaction: every row, or only the valid ones (`skip`); new access by SMS too. */
export function useImport() {
  return useMutation({
    mutationFn: ({ skip, sendSms, ...call }: SheetCall & { skip: boolean; sendSms: boolean }) =>
      api(endpoints.import, {
        body: sheetForm(call, { onErrors: skip ? "skip" : "nothing", sendSms: String(sendSms) }),
      }),
  });
}
