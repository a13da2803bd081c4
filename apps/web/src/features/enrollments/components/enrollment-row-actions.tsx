import { ActionIcon, Group } from "@mantine/core";
import { IconCash, IconCheck, IconEye, IconPencil, IconTrash, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { RowAction } from "../logic/enrollment-actions";

/** How each row action shows: its accessible name after the student, icon and colour. */
const ACTION_UI: Record<RowAction, { name: (student: string) => string; icon: ReactNode; color?: string }> = {
  view: { name: (s) => `Ver ${s}`, icon: <IconEye size={18} /> },
  edit: { name: (s) => `Editar ${s}`, icon: <IconPencil size={18} /> },
  approve: { name: (s) => `Aprovar ${s}`, icon: <IconCheck size={18} />, color: "teal.9" },
  reject: { name: (s) => `Rejeitar ${s}`, icon: <IconX size={18} />, color: "red.8" },
  confirmPayment: { name: (s) => `Confirmar pagamento de ${s}`, icon: <IconCash size={18} />, color: "green.9" },
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
  return (
    <Group gap={4} wrap="nowrap">
      {actions.map((action) => {
        const ui = ACTION_UI[action];
        const name = ui.name(student);
        return (
          <ActionIcon
            key={action}
            variant="subtle"
            color={ui.color}
            aria-label={name}
            title={name}
            onClick={() => onAction(action)}
          >
            {ui.icon}
          </ActionIcon>
        );
      })}
    </Group>
  );
}
