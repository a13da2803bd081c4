import { ENROLLMENT_REVIEWER_ROLES } from "@app/shared/enrollment-review";
import { roleSatisfies } from "@app/shared/enums";
import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { feedback } from "../../../lib/mutation-feedback";
import { useSession } from "../../../lib/session";
import { useRecordErasureRequest } from "../../privacy/api/privacy";

/**
 * 'Registrar pedido de exclusão' (Lei n.º 22/11, decision 099): a student who asks in person at the desk
 * that their data be erased. Staff only record it; a super_admin carries it out in Configurações →
 * Privacidade. Asking twice gives one request (the server keeps the pending one).
 */
export function RecordErasureRequestButton({ accountId, studentName }: { accountId: string; studentName: string }) {
  const role = useSession().data?.staff?.role;
  const [asking, setAsking] = useState(false);
  const record = useRecordErasureRequest();
  if (!roleSatisfies(role, ENROLLMENT_REVIEWER_ROLES)) return null;
  return (
    <>
      <Group justify="flex-end">
        <Button variant="default" color="red.8" onClick={() => setAsking(true)}>
          Registrar pedido de exclusão
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title="Registrar pedido de exclusão"
        destructive={false}
        confirmLabel="Registrar pedido"
        loading={record.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          record.mutate(
            accountId,
            feedback({
              success: {
                title: "Pedido de exclusão registrado",
                message: "Um Super Administrador o executa em Configurações → Privacidade.",
              },
              failure: "Erro ao registrar o pedido de exclusão",
              done: () => setAsking(false),
            }),
          )
        }
      >
        {studentName} pediu pessoalmente que seus dados pessoais sejam excluídos? O pedido fica registrado para um Super
        Administrador executar; os pagamentos e os certificados emitidos são mantidos.
      </ConfirmDialog>
    </>
  );
}
