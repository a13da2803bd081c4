import { Button, Group, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { Modal } from "./modal";

/**
 * The one word for deleting on every screen (issue 22, decision 055): row buttons, confirmation titles
 * and buttons. The SPEC's toasts keep their own texts ('Turma eliminada com sucesso!').
 */
export const DELETE_LABEL = "Excluir";

/**
 * Asks before a destructive action, saying it cannot be undone. With `destructive={false}` it asks
 * before a weighty change that can be reverted (a role change): no red button, no 'cannot be undone'.
 * `notice` goes below the question (warnings such as alerts, which a paragraph may not hold).
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  notice,
  confirmLabel = DELETE_LABEL,
  destructive = true,
  loading,
  onConfirm,
  onClose,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  notice?: ReactNode;
  confirmLabel?: string;
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text>{children}</Text>
        {notice}
        {destructive && (
          <Text size="sm" c="dimmed">
            Esta ação não pode ser desfeita.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancelar
          </Button>
          <Button color={destructive ? "red.8" : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
