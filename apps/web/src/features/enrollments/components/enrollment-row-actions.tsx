import { IconCash, IconCheck, IconPencil, IconUsersPlus, IconX } from "@tabler/icons-react";
import { DELETE_LOOK, NamedRowActions, type RowActionLook, VIEW_LOOK } from "../../../components/row-actions";
import type { RowAction } from "../logic/enrollment-actions";

const LOOKS: Record<RowAction, RowActionLook> = {
  view: VIEW_LOOK,
  edit: { name: (s) => `Editar ${s}`, icon: <IconPencil size={18} /> },
  approve: { name: (s) => `Aprovar ${s}`, icon: <IconCheck size={18} />, color: "teal.9" },
  reject: { name: (s) => `Rejeitar ${s}`, icon: <IconX size={18} />, color: "red.8" },
  confirmPayment: { name: (s) => `Confirmar pagamento de ${s}`, icon: <IconCash size={18} />, color: "green.9" },
  assignClass: { name: (s) => `Atribuir turma a ${s}`, icon: <IconUsersPlus size={18} />, color: "indigo.9" },
  delete: DELETE_LOOK,
};

/** The buttons of one row of 'Inscrições', in the order `actions` gives (see logic/enrollment-actions). */
export function EnrollmentRowActions({
  student,
  actions,
  onAction,
}: {
  student: string;
  actions: readonly RowAction[];
  onAction: (action: RowAction) => void;
}) {
  return <NamedRowActions name={student} actions={actions} looks={LOOKS} onAction={onAction} />;
}
