import { formatDate } from "@app/shared/dates";
import { ROLE_LABELS } from "@app/shared/enums";
import { NO_ROLE_LABEL } from "@app/shared/messages";
import { ActionIcon, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconEye, IconShieldCheck, IconUserCheck, IconUserOff, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useRowDialog } from "../../../lib/row-dialog";
import { type StaffUser, usersQuery } from "../api/users";
import { UserDetailsDialog } from "../components/user-details-dialog";
import { UserRoleSelect } from "../components/user-role-select";

export function Component() {
  const { data, isPending } = useQuery(usersQuery);
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
      key: "created",
      title: "Criado em",
      text: (u) => u.createdAt,
      sortable: true,
      render: (u) => formatDate(u.createdAt),
    },
    {
      key: "actions",
      title: "Ações",
      render: (u) => (
        <ActionIcon variant="subtle" onClick={() => viewing.open(u.id)} aria-label={`Ver ${u.fullName}`}>
          <IconEye size={18} />
        </ActionIcon>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader title="Utilizadores" subtitle="Contas da equipa e os seus perfis de acesso" />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard label="Total de utilizadores" value={users.length} icon={<IconUsers size={20} />} />
        <StatCard label="Com perfil" value={withRole} icon={<IconUserCheck size={20} />} />
        <StatCard label={NO_ROLE_LABEL} value={users.length - withRole} icon={<IconUserOff size={20} />} />
        <StatCard
          label="Super Administradores"
          value={users.filter((u) => u.role === "super_admin").length}
          icon={<IconShieldCheck size={20} />}
        />
      </SimpleGrid>
      <DataTable
        caption="Utilizadores"
        records={data}
        loading={isPending}
        columns={columns}
        rowKey={(u) => u.id}
        searchPlaceholder="Pesquisar por nome, email ou perfil..."
      />
      <UserDetailsDialog opened={viewing.opened} userId={viewing.id} onClose={viewing.close} />
    </Stack>
  );
}
