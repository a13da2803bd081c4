import { IconCheck, IconX } from "@tabler/icons-react";
import { NamedRowActions, type RowActionLook, VIEW_LOOK } from "../../../components/row-actions";
import type { ReceiptAction } from "../logic/receipt-review";

const LOOKS: Record<ReceiptAction, RowActionLook> = {
  view: VIEW_LOOK,
  approve: { name: (s) => `Aprovar ${s}`, icon: <IconCheck size={18} />, color: "teal.9" },
  reject: { name: (s) => `Rejeitar ${s}`, icon: <IconX size={18} />, color: "red.8" },
};

/** The buttons of one row of 'Comprovantes', named after the student (see logic/receipt-review). */
export function ReceiptRowActions({
  student,
  actions,
  onAction,
}: {
  student: string;
  actions: readonly ReceiptAction[];
  onAction: (action: ReceiptAction) => void;
}) {
  return <NamedRowActions name={student} actions={actions} looks={LOOKS} onAction={onAction} />;
}
