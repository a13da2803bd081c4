import { canManageCatalog } from "@app/shared/enums";
import { pluralize } from "@app/shared/text";
import { Badge, Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconAward, IconPlus, IconUserCheck, IconUserOff, IconUsersGroup } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmDialog } from "../../../components/confirm-dialog";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { rowActionsColumn } from "../../../components/row-actions";
import { StatCard } from "../../../components/stat-card";
import { errorMessage } from "../../../lib/form-errors";
import { useRowDialog } from "../../../lib/row-dialog";
import { useSession } from "../../../lib/session";
import { toastError, toastSuccess } from "../../../lib/toast";
import { type Teacher, teachersQuery, useDeleteTeacher } from "../api/teachers";
import { TeacherDetailsDialog } from "../components/teacher-details-dialog";
import { TEACHER_STATUS_LABELS, TeacherFormDialog } from "../components/teacher-form-dialog";
import { teacherStats } from "../logic/teacher-stats";

/** /admin/teachers: 'Professores' (SPEC §2 'Admin teachers'). */
export function Component() {
  const { data, isPending } = useQuery(teachersQuery);
  const editing = useRowDialog();
  const viewing = useRowDialog();
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
      canManage
        ? { view: (t) => viewing.open(t.id), edit: (t) => editing.open(t.id), delete: setDeleting }
        : { view: (t) => viewing.open(t.id) },
    ),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Professores"
        subtitle="Os formadores do instituto"
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => editing.open(null)}>
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
      <TeacherFormDialog key={editing.key} opened={editing.opened} teacherId={editing.id} onClose={editing.close} />
      <TeacherDetailsDialog opened={viewing.opened} teacherId={viewing.id} onClose={viewing.close} />
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
