import { pluralize } from "@app/shared/text";
import type { DashboardFigures } from "../api/dashboard";

/** What the 'Inscrições pendentes' figure holds (decision 012), e.g. '2 pré-inscrições por analisar · 1 comprovante por validar'. */
export function pendingHint(f: Pick<DashboardFigures, "preEnrollmentsToReview" | "receiptsToValidate">): string {
  return [
    pluralize(f.preEnrollmentsToReview, "pré-inscrição por analisar", "pré-inscrições por analisar"),
    pluralize(f.receiptsToValidate, "comprovante por validar", "comprovantes por validar"),
  ].join(" · ");
}
