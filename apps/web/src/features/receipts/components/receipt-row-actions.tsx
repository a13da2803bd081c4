import { ActionIcon, Group } from "@mantine/core";
import { IconCheck, IconEye, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ReceiptAction } from "../logic/receipt-review";

const ACTION_UI: Record<ReceiptAction, { name: (student: string) => string; icon: ReactNode; color?: string }> = {
  view: { name: (s) => `Ver ${s}`, icon: <IconEye size={18} /> },
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
