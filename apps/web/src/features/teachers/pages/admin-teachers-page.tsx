import { formatDateTime } from "@app/shared/dates";
import { canManageCatalog } from "@app/shared/enums";
import { pluralize } from "@app/shared/text";
import { Badge, Button, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAward, IconPlus, IconUserCheck, IconUserOff, IconUsersGroup } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { type Column, DataTable } from "../../../components/data-table";
import { DetailField } from "../../../components/detail-field";
import { PageHeader } from "../../../components/page-header";
import { rowActionsColumn } from "../../../components/row-actions";
import { StatCard } from "../../../components/stat-card";
import { errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { toastError, toastSuccess } from "../../../lib/toast";
import { type Teacher, teachersQuery, useDeleteTeacher } from "../api/teachers";
import { TEACHER_STATUS_LABELS, TeacherFormDialog } from "../components/teacher-form-dialog";
import { teacherStats } from "../logic/teacher-stats";

/** /admin/teachers: 'Professores' (SPEC §2 'Admin teachers'). */
export function Component() {
  const { data, isPending } = useQuery(teachersQuery);
  const [editing, setEditing] = useState<Teacher | null | undefined>(undefined);
  const [viewing, setViewing] = useState<Teacher | null>(null);
  const [deleting, setDeleting] = useState<Teacher | null>(null);
  const remove = useDeleteTeacher();
  const canManage = canManageCatalog(useSession().data?.staff?.role);
  const stats = teacherStats(data ?? []);

  const columns: Column<Teacher>[] = [
    {
      key: "name",
      title: "Nome",
      text: (t) => t.teacherName,
      sortable: true,
      render: (t) => <Text fw={600}>{t.teacherName}</Text>,
    },
    {
      key: "spec",
      title: "Especialização",
      text: (t) => t.specialization,
      sortable: true,
      render: (t) => t.specialization,
    },
    { key: "qual", title: "Qualificação", text: (t) => t.qualification, render: (t) => t.qualification },
    {
      key: "years",
      title: "Experiência",
      text: (t) => t.yearsOfExperience,
      sortable: true,
      render: (t) => pluralize(t.yearsOfExperience, "ano", "anos"),
    },
    {
      key: "contact",
      title: "Contacto",
      text: (t) => `${t.teacherPhone ?? ""} ${t.teacherEmail ?? ""}`,
      render: (t) => t.teacherEmail ?? t.teacherPhone ?? "—",
    },
    {
      key: "status",
      title: "Estado",
      text: (t) => TEACHER_STATUS_LABELS[t.status],
      render: (t) => (
        <Badge variant="filled" color={t.status === "active" ? "teal.9" : "gray.7"}>
          {TEACHER_STATUS_LABELS[t.status]}
        </Badge>
      ),
    },
    rowActionsColumn<Teacher>(
      (t) => t.teacherName,
      canManage ? { view: setViewing, edit: setEditing, delete: setDeleting } : { view: setViewing },
    ),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Professores"
        subtitle="Os formadores do instituto"
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
              Novo professor
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard label="Total de professores" value={stats.total} icon={<IconUsersGroup size={20} />} />
        <StatCard label="Ativos" value={stats.active} icon={<IconUserCheck size={20} />} />
        <StatCard label="Inativos" value={stats.inactive} icon={<IconUserOff size={20} />} />
        <StatCard
          label="Experiência média"
          value={pluralize(stats.averageYears, "ano", "anos")}
          icon={<IconAward size={20} />}
        />
      </SimpleGrid>
      <DataTable
        caption="Professores"
        records={data}
        loading={isPending}
        columns={columns}
        rowKey={(t) => t.id}
        searchPlaceholder="Pesquisar por nome, especialização ou contacto..."
      />
      <TeacherFormDialog
        opened={editing !== undefined}
        teacher={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        title="Detalhes do professor"
        size="lg"
        centered
      >
        {viewing && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Nome" value={viewing.teacherName} />
            <DetailField label="Especialização" value={viewing.specialization} />
            <DetailField label="Qualificação" value={viewing.qualification} />
            <DetailField label="Anos de experiência" value={String(viewing.yearsOfExperience)} />
            <DetailField label="Telefone" value={viewing.teacherPhone ?? "—"} />
            <DetailField label="Email" value={viewing.teacherEmail ?? "—"} />
            <DetailField label="Estado" value={TEACHER_STATUS_LABELS[viewing.status]} />
            <DetailField label="Criado em" value={formatDateTime(viewing.createdAt)} />
            <DetailField label="Biografia" value={viewing.bio ?? "—"} />
          </SimpleGrid>
        )}
      </Modal>
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir professor"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toastSuccess("Professor excluído com sucesso!");
              setDeleting(null);
            },
            onError: (e) => toastError("Erro ao excluir professor", errorMessage(e)),
          })
        }
      >
        Tem a certeza de que quer excluir o professor «{deleting?.teacherName}»? As turmas dele ficam sem professor.
      </ConfirmDialog>
    </Stack>
  );
}
