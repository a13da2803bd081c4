import { RECEIPT_STATEMENT_LABELS } from "@app/shared/bank-statements/receipt-links";
import { formatDate } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { Alert, Badge } from "@mantine/core";
import { IconBuildingBank, IconFileAlert } from "@tabler/icons-react";
import type { AdminReceiptRow } from "../api/admin-receipts";

/** What the bank statements say of a receipt (decision 074): 'Confirmado pelo extrato' or 'Sem linha no extrato'. */
export function ReceiptStatementBadge({ statement }: { statement: AdminReceiptRow["statement"] }) {
  if (!statement) return null;
  const linked = statement === "linked";
  return (
    // Outlined beside the filled status badge; dark shades keep the small text above 4.5:1 on white,
    // and the label may wrap inside a phone card's narrow value column.
    <Badge
      color={linked ? "teal.9" : "#a33d07"}
      variant="outline"
      leftSection={linked ? <IconBuildingBank size={12} aria-hidden /> : <IconFileAlert size={12} aria-hidden />}
      styles={{
        root: { textTransform: "none", height: "auto", maxWidth: "100%" },
        label: { whiteSpace: "normal" },
      }}
    >
      {RECEIPT_STATEMENT_LABELS[statement]}
    </Badge>
  );
}

/** The view dialog's note: the linked statement line, or why the receipt is flagged. */
export function ReceiptStatementNote({ receipt: r }: { receipt: AdminReceiptRow }) {
  if (r.statement === "linked" && r.statementLine) {
    const l = r.statementLine;
    return (
      <Alert
        color="teal"
        variant="light"
        icon={<IconBuildingBank aria-hidden />}
        title={RECEIPT_STATEMENT_LABELS.linked}
      >
        Linha {l.lineNumber} do extrato {l.fileName} ({l.bankName}): {formatKz(l.amount)} em {formatDate(l.date)}.
      </Alert>
    );
  }
  if (r.statement === "missing") {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconFileAlert aria-hidden />}
        title={RECEIPT_STATEMENT_LABELS.missing}
      >
        Um extrato que cobre {formatDate(r.paymentDate)} foi importado depois deste envio e não tem uma linha de{" "}
        {formatKz(r.paidAmount)} para esta inscrição.{" "}
        {r.status === "pending" ? "Verifique o comprovante antes de o aprovar." : "Verifique este pagamento."}
      </Alert>
    );
  }
  return null;
}
