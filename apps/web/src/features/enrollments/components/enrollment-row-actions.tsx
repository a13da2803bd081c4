import { IconCash, IconCheck, IconEye, IconPencil, IconTrash, IconUsersPlus, IconX } from "@tabler/icons-react";
import { NamedRowActions, type RowActionLook } from "../../../components/row-actions";
import type { RowAction } from "../logic/enrollment-actions";

const LOOKS: Record<RowAction, RowActionLook> = {
  view: { name: (s) => `Ver ${s}`, icon: <IconEye size={18} /> },
  edit: { name: (s) => `Editar ${s}`, icon: <IconPencil size={18} /> },
  approve: { name: (s) => `Aprovar ${s}`, icon: <IconCheck size={18} />, color: "teal.9" },
  reject: { name: (s) => `Rejeitar ${s}`, icon: <IconX size={18} />, color: "red.8" },
  confirmPayment: { name: (s) => `Confirmar pagamento de ${s}`, icon: <IconCash size={18} />, color: "green.9" },
  assignClass: { name: (s) => `Atribuir turma a ${s}`, icon: <IconUsersPlus size={18} />, color: "indigo.9" },
  delete: { name: (s) => `Excluir ${s}`, icon: <IconTrash size={18} />, color: "red.8" },
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
