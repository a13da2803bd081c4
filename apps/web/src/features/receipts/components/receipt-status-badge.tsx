import type { ReceiptStatus } from "@app/shared/enums";
import { Badge } from "@mantine/core";
import { receiptStatusLabel } from "../logic/receipt-review";

/** Filled, dark shades (white small text above 4.5:1), the same as the enrolment badges. */
const COLORS: Record<ReceiptStatus, string> = {
  pending: "violet.8",
  approved: "#1f6b30",
  rejected: "red.8",
};

/** A receipt's status: Pendente, Aprovado or Rejeitado (SPEC §4 'Receipt status'). */
export function ReceiptStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="filled" color={COLORS[status as ReceiptStatus] ?? "gray.7"} style={{ textTransform: "none" }}>
      {receiptStatusLabel(status)}
    </Badge>
  );
}
