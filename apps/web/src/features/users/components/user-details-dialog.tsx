import { formatDateTime } from "@app/shared/dates";
import { NO_ROLE_LIST_LABEL, ROLE_LABELS } from "@app/shared/enums";
import { Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import type { StaffUser } from "../api/users";

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </Stack>
  );
}

export function UserDetailsDialog({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title="Detalhes do utilizador" centered>
      {user && (
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <Field label="Nome" value={user.fullName} />
          <Field label="Email" value={user.email} />
          <Field label="Telefone" value={user.phone ?? "—"} />
          <Field label="Perfil" value={user.role ? ROLE_LABELS[user.role] : NO_ROLE_LIST_LABEL} />
          <Field label="Criado em" value={formatDateTime(user.createdAt)} />
        </SimpleGrid>
      )}
    </Modal>
  );
}
