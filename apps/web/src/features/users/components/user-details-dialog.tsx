import { formatDateTime } from "@app/shared/dates";
import { NO_ROLE_LIST_LABEL, ROLE_LABELS } from "@app/shared/enums";
import { Modal, SimpleGrid } from "@mantine/core";
import { DetailField } from "../../../components/detail-field";
import type { StaffUser } from "../api/users";

export function UserDetailsDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Detalhes do utilizador" centered>
      {user && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <DetailField label="Nome" value={user.fullName} />
          <DetailField label="Email" value={user.email} />
          <DetailField label="Telefone" value={user.phone ?? "—"} />
          <DetailField label="Perfil" value={user.role ? ROLE_LABELS[user.role] : NO_ROLE_LIST_LABEL} />
          <DetailField label="Criado em" value={formatDateTime(user.createdAt)} />
        </SimpleGrid>
      )}
    </Modal>
  );
}
