import { formatDateTime } from "@app/shared/dates";
import { ROLE_LABELS } from "@app/shared/enums";
import { NO_ROLE_LABEL } from "@app/shared/messages";
import { Modal, SimpleGrid } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { DetailField } from "../../../components/detail-field";
import { usersQuery } from "../api/users";

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
    <Modal opened={opened} onClose={onClose} title="Detalhes do utilizador" centered>
      {user && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DetailField label="Nome" value={user.fullName} />
          <DetailField label="Email" value={user.email} />
          <DetailField label="Telefone" value={user.phone ?? "—"} />
          <DetailField label="Perfil" value={user.role ? ROLE_LABELS[user.role] : NO_ROLE_LABEL} />
          <DetailField label="Criado em" value={formatDateTime(user.createdAt)} />
        </SimpleGrid>
      )}
    </Modal>
  );
}
