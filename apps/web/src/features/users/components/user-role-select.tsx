import { ROLE_DESCRIPTIONS, ROLE_LABELS, STAFF_ROLES, type StaffRole } from "@app/shared/enums";
import { NO_ROLE_LABEL } from "@app/shared/messages";
import { Select } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { feedback } from "../../../lib/mutation-feedback";
import { type StaffUser, useChangeRole } from "../api/users";

/** The selector's value for 'Sem perfil' (a Select option needs a string). */
const NO_ROLE = "none";
const OPTIONS = [
  { value: NO_ROLE, label: NO_ROLE_LABEL },
  ...STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] })),
];
const labelOf = (role: StaffRole | null) => (role ? ROLE_LABELS[role] : NO_ROLE_LABEL);
/** 200 px in the table; on a phone (below sm, where rows are cards) the card's width, which is narrower. */
const PHONE_CARD_FIT = { base: "100%", sm: 200 };

/**
 * The inline role selector of a users-list row. Choosing another role (or 'Sem perfil') asks for
 * confirmation first; until it is confirmed the selector keeps the current role.
 */
export function UserRoleSelect({ user }: { user: StaffUser }) {
  const change = useChangeRole();
  // Kept while the dialog closes, so its text does not change as it fades out.
  const [asked, setAsked] = useState<{ from: StaffRole | null; to: StaffRole | null }>({ from: null, to: null });
  const [opened, setOpened] = useState(false);

  const confirm = () =>
    change.mutate(
      { id: user.id, role: asked.to },
      feedback({
        success: "Perfil atualizado com sucesso!",
        failure: "Erro ao atualizar perfil",
        done: () => setOpened(false),
      }),
    );

  return (
    <>
      <Select
        aria-label={`Perfil de ${user.fullName}`}
        data={OPTIONS}
        value={user.role ?? NO_ROLE}
        allowDeselect={false}
        size="xs"
        w={PHONE_CARD_FIT}
        maw={200}
        disabled={change.isPending}
        onChange={(value) => {
          const role = value === NO_ROLE ? null : (value as StaffRole | null);
          if (value === null || role === user.role) return;
          setAsked({ from: user.role, to: role });
          setOpened(true);
        }}
      />
      <ConfirmDialog
        opened={opened}
        title="Alterar perfil"
        confirmLabel="Confirmar"
        destructive={false}
        loading={change.isPending}
        onClose={() => setOpened(false)}
        onConfirm={confirm}
      >
        Alterar o perfil de «{user.fullName}» de {labelOf(asked.from)} para {labelOf(asked.to)}?{" "}
        {asked.to
          ? `${ROLE_LABELS[asked.to]}: ${ROLE_DESCRIPTIONS[asked.to]}.`
          : "Deixa de acessar as áreas de gestão e as sessões abertas desta conta terminam."}
      </ConfirmDialog>
    </>
  );
}
