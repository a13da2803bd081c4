import { pluralize } from "@app/shared/text";
import type { DashboardFigures } from "../api/dashboard";

/** What the 'Inscrições pendentes' figure holds (decision 012), e.g. '2 pré-inscrições aguardando análise · 1 comprovante aguardando validação'. */
export function pendingHint(f: Pick<DashboardFigures, "preEnrollmentsToReview" | "receiptsToValidate">): string {
  return [
    pluralize(f.preEnrollmentsToReview, "pré-inscrição aguardando análise", "pré-inscrições aguardando análise"),
    pluralize(f.receiptsToValidate, "comprovante aguardando validação", "comprovantes aguardando validação"),
  ].join(" · ");
}
