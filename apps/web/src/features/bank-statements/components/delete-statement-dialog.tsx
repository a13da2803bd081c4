import { Button, Group, Stack, Text } from "@mantine/core";
import { useRef } from "react";
import { ConfirmDialog, DELETE_LABEL } from "../../../components/confirm-dialog";
import { Modal } from "../../../components/modal";
import { feedback } from "../../../lib/mutation-feedback";
import { type Statement, useDeleteStatement } from "../api/bank-statements";

/**
 * 'Excluir extrato' (issue 34): a wrong import (columns mapped wrongly) is deleted with its lines, which may
 * then be imported again; the decisions taken on them go too. Once a line is confirmed the payment it
 * recorded stays, and so does the statement: the dialog says so instead of asking.
 */
export function DeleteStatementDialog({
  statement,
  opened,
  onClose,
  onDeleted,
}: {
  statement: Statement;
  opened: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const remove = useDeleteStatement();
  const sending = useRef(false);
  const { counts } = statement;
  const lines = Object.values(counts).reduce((sum, n) => sum + n, 0);
  const title = `${DELETE_LABEL} extrato`;

  if (counts.confirmed > 0) {
    return (
      <Modal opened={opened} onClose={onClose} title={title} centered>
        <Stack gap="md">
          <Text>
            Este extrato não pode ser excluído:{" "}
            {counts.confirmed === 1
              ? "1 linha já foi confirmada como pagamento."
              : `${counts.confirmed} linhas já foram confirmadas como pagamento.`}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Fechar
            </Button>
          </Group>
        </Stack>
      </Modal>
    );
  }
  const confirm = () => {
    if (sending.current) return;
    sending.current = true;
    remove.mutate(statement.id, {
      ...feedback({ success: "Extrato excluído", failure: "Erro ao excluir extrato", done: onDeleted }),
      onSettled: () => {
        sending.current = false;
      },
    });
  };
  return (
    <ConfirmDialog opened={opened} title={title} loading={remove.isPending} onClose={onClose} onConfirm={confirm}>
      Tem certeza de que deseja excluir o extrato «{statement.fileName}» ({statement.bankName})?{" "}
      {lines === 0
        ? "Ele não tem linhas novas."
        : `Suas linhas (${lines}) poderão ser importadas de novo; as atribuições e as linhas ignoradas se perdem.`}
    </ConfirmDialog>
  );
}
