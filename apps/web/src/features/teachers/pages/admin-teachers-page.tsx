import { canManageCatalog } from "@app/shared/enums";
import { pluralize } from "@app/shared/text";
import { Badge, Text } from "@mantine/core";
import { IconAward, IconUserCheck, IconUserOff, IconUsersGroup } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { AdminListPage, catalogActionsColumn } from "../../../components/admin-list-page";
import type { Column } from "../../../components/data-table";
import { useDeletion } from "../../../components/delete-confirmation";
import { useRowDialog } from "../../../lib/row-dialog";
import { useSession } from "../../../lib/session";
import { type Teacher, teachersQuery, useDeleteTeacher } from "../api/teachers";
import { TeacherDetailsDialog } from "../components/teacher-details-dialog";
import { TEACHER_STATUS_LABELS, TeacherFormDialog } from "../components/teacher-form-dialog";
import { teacherStats } from "../logic/teacher-stats";

/** /admin/teachers: 'Professores' (SPEC §2 'Admin teachers'). */
export function Component() {
  const list = useQuery(teachersQuery);
  const { data } = list;
  const editing = useRowDialog();
  const viewing = useRowDialog();
  const deleting = useDeletion<Teacher>({
    noun: "professor",
    what: (t) => `o professor «${t.teacherName}»`,
    consequence: "As turmas dele ficam sem professor.",
    mutation: useDeleteTeacher(),
    success: "Professor excluído com sucesso!",
    failure: "Erro ao excluir professor",
  });
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
      title: "Contato",
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
    catalogActionsColumn<Teacher>((t) => t.teacherName, { viewing, editing, deleting }, canManage),
  ];

  return (
    <AdminListPage
      title="Professores"
      subtitle="Os formadores do instituto"
      create={canManage && { label: "Novo professor", onClick: () => editing.open(null) }}
      stats={[
        { label: "Total de professores", value: stats.total, icon: <IconUsersGroup size={20} /> },
        { label: "Ativos", value: stats.active, icon: <IconUserCheck size={20} /> },
        { label: "Inativos", value: stats.inactive, icon: <IconUserOff size={20} /> },
        {
          label: "Experiência média",
          value: pluralize(stats.averageYears, "ano", "anos"),
          icon: <IconAward size={20} />,
        },
      ]}
      list={list}
      caption="Professores"
      columns={columns}
      searchPlaceholder="Pesquisar por nome, especialização ou contato..."
      deletion={deleting}
    >
      <TeacherFormDialog key={editing.key} opened={editing.opened} teacherId={editing.id} onClose={editing.close} />
      <TeacherDetailsDialog opened={viewing.opened} teacherId={viewing.id} onClose={viewing.close} />
    </AdminListPage>
  );
}
