import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@app/shared/enums";
import { Select } from "@mantine/core";
import { errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { type StaffUser, useChangeRole } from "../api/users";

const OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The inline role selector of a users-list row: choosing a role replaces the user's role. */
export function UserRoleSelect({ user }: { user: StaffUser }) {
  const change = useChangeRole();
  return (
    <Select
      aria-label={`Perfil de ${user.fullName}`}
      data={OPTIONS}
      value={user.role}
      placeholder="Sem perfil"
      allowDeselect={false}
      size="xs"
      w={200}
      disabled={change.isPending}
      onChange={(value) => {
        if (!value || value === user.role) return;
        change.mutate(
          { id: user.id, role: value as StaffRole },
          {
            onSuccess: () => toastSuccess("Perfil atualizado com sucesso!"),
            onError: (e) => toastError("Erro ao atualizar perfil", errorMessage(e)),
          },
        );
      }}
    />
  );
}
