import { formatDate } from "@app/shared/dates";
import { ROLE_LABELS } from "@app/shared/enums";
import { NO_ROLE_LABEL } from "@app/shared/messages";
import { Text } from "@mantine/core";
import { IconShieldCheck, IconUserCheck, IconUserOff, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { AdminListPage } from "../../../components/admin-list-page";
import type { Column } from "../../../components/data-table";
import { rowActionsColumn } from "../../../components/row-actions";
import { useRowDialog } from "../../../lib/row-dialog";
import { type StaffUser, usersQuery } from "../api/users";
import { TWO_FACTOR_STATE_LABELS, TwoFactorBadge, twoFactorState } from "../components/two-factor-badge";
import { UserDetailsDialog } from "../components/user-details-dialog";
import { UserRoleSelect } from "../components/user-role-select";

/** /admin/users: 'Utilizadores' (SPEC §2; super_admin only): each staff account and its role. */
export function Component() {
  const list = useQuery(usersQuery);
  const { data } = list;
  const viewing = useRowDialog();
  const users = data ?? [];
  const withRole = users.filter((u) => u.role).length;

  const columns: Column<StaffUser>[] = [
    {
      key: "name",
      title: "Nome",
      text: (u) => u.fullName,
      sortable: true,
      render: (u) => <Text fw={600}>{u.fullName}</Text>,
    },
    { key: "email", title: "Email", text: (u) => u.email, sortable: true, render: (u) => u.email },
    { key: "phone", title: "Telefone", text: (u) => u.phone, render: (u) => u.phone ?? "—" },
    {
      key: "role",
      title: "Perfil",
      text: (u) => (u.role ? ROLE_LABELS[u.role] : NO_ROLE_LABEL),
      sortable: true,
      render: (u) => <UserRoleSelect user={u} />,
    },
    {
      key: "twoFactor",
      title: "Verificação em dois passos",
      text: (u) => TWO_FACTOR_STATE_LABELS[twoFactorState(u)],
      sortable: true,
      render: (u) => <TwoFactorBadge user={u} />,
    },
    {
      key: "created",
      title: "Criado em",
      text: (u) => u.createdAt,
      sortable: true,
      render: (u) => formatDate(u.createdAt),
    },
    rowActionsColumn<StaffUser>((u) => u.fullName, { view: (u) => viewing.open(u.id) }),
  ];

  return (
    <AdminListPage
      title="Utilizadores"
      subtitle="Contas da equipe e os seus perfis de acesso"
      stats={[
        { label: "Total de usuários", value: users.length, icon: <IconUsers size={20} /> },
        { label: "Com perfil", value: withRole, icon: <IconUserCheck size={20} /> },
        { label: NO_ROLE_LABEL, value: users.length - withRole, icon: <IconUserOff size={20} /> },
        {
          label: "Super Administradores",
          value: users.filter((u) => u.role === "super_admin").length,
          icon: <IconShieldCheck size={20} />,
        },
      ]}
      list={list}
      caption="Utilizadores"
      columns={columns}
      searchPlaceholder="Pesquisar por nome, email ou perfil..."
    >
      <UserDetailsDialog opened={viewing.opened} userId={viewing.id} onClose={viewing.close} />
    </AdminListPage>
  );
}
