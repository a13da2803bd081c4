import { formatDateTime } from "@app/shared/dates";
import { ROLE_LABELS } from "@app/shared/enums";
import { NO_ROLE_LABEL } from "@app/shared/messages";
import { Button, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { feedback } from "../../../lib/mutation-feedback";
import { useTurnOffTwoFactor } from "../../two-factor/api/two-factor";
import { type StaffUser, usersQuery } from "../api/users";
import { TWO_FACTOR_STATE_LABELS, twoFactorState } from "./two-factor-badge";

/** A user as the list holds it now: read by id, so a role changed meanwhile shows in the open dialog. */
export function UserDetailsDialog({
  opened,
  userId,
  onClose,
}: {
  opened: boolean;
  userId: string | null;
  onClose: () => void;
}) {
  const { data: users } = useQuery({ ...usersQuery, enabled: userId !== null });
  const user = users?.find((u) => u.id === userId);
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes do usuário" centered>
      {user && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Nome" value={user.fullName} />
            <DetailField label="Email" value={user.email} />
            <DetailField label="Telefone" value={user.phone ?? "—"} />
            <DetailField label="Perfil" value={user.role ? ROLE_LABELS[user.role] : NO_ROLE_LABEL} />
            <DetailField label="Criado em" value={formatDateTime(user.createdAt)} />
            <DetailField label="Verificação em dois passos" value={TWO_FACTOR_STATE_LABELS[twoFactorState(user)]} />
          </SimpleGrid>
          {user.twoFactorEnabled && <TurnOffTwoFactor user={user} />}
          <UserHistory user={user} />
        </Stack>
      )}
    </Modal>
  );
}

/** For someone who lost their phone (decision 076): asked first; their role may ask them to set it up again. */
function TurnOffTwoFactor({ user }: { user: StaffUser }) {
  const [asking, setAsking] = useState(false);
  const turnOff = useTurnOffTwoFactor();
  return (
    <>
      <Button variant="light" color="red.8" onClick={() => setAsking(true)}>
        Desativar verificação em dois passos
      </Button>
      <ConfirmDialog
        opened={asking}
        title="Desativar verificação em dois passos"
        confirmLabel="Desativar"
        destructive={false}
        loading={turnOff.isPending}
        onClose={() => setAsking(false)}
        onConfirm={() =>
          turnOff.mutate(
            user.id,
            feedback({
              failure: "Erro ao desativar a verificação",
              success: "Verificação em dois passos desativada",
              done: () => setAsking(false),
            }),
          )
        }
      >
        {`${user.fullName} passa a entrar só com a senha, e as sessões abertas terminam. Se o perfil exigir a verificação, será pedido que a ative de novo na próxima entrada.`}
      </ConfirmDialog>
    </>
  );
}

function UserHistory({ user }: { user: StaffUser }) {
  if (user.history.length === 0) return null;
  return (
    <Stack gap={4} component="section" aria-labelledby={`historico-${user.id}`}>
      <Title order={3} size="h5" id={`historico-${user.id}`}>
        Histórico
      </Title>
      <List size="sm" spacing={2}>
        {user.history.map((event) => (
          <List.Item key={event.at}>
            <Text size="sm" span>
              {formatDateTime(event.at)}: verificação em dois passos desativada{" "}
              {event.byName ? `por ${event.byName}` : "no servidor (create-admin)"}
            </Text>
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}
