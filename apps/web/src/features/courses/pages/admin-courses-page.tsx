import { COURSE_STATUS_LABELS, canManageCatalog, MODALITY_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { durationLabel } from "@app/shared/rules";
import { Badge, Group, Text } from "@mantine/core";
import { IconBook, IconCash, IconCircleCheck, IconClock } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { AdminListPage, catalogActionsColumn } from "../../../components/admin-list-page";
import type { Column } from "../../../components/data-table";
import { useDeletion } from "../../../components/delete-confirmation";
import { lazyDialog, OpenedOnce } from "../../../components/lazy-dialog";
import { useRowDialog } from "../../../lib/row-dialog";
import { useSession } from "../../../lib/session";
import { type Course, coursesQuery, useDeleteCourse } from "../api/admin-courses";
import { CourseDetailsDialog } from "../components/course-details-dialog";
import { courseStats } from "../logic/course-stats";

// The form comes at its first opening: the list loads no form schema (decision 100).
const CourseFormDialog = lazyDialog(() => import("../components/course-form-dialog").then((m) => m.CourseFormDialog));

/** /admin/courses: 'Cursos' (SPEC §2 'Admin courses'). */
export function Component() {
  const list = useQuery(coursesQuery);
  const { data } = list;
  const editing = useRowDialog();
  const viewing = useRowDialog();
  const deleting = useDeletion<Course>({
    noun: "curso",
    what: (c) => `o curso «${c.name}»`,
    mutation: useDeleteCourse(),
    success: "Curso excluído com sucesso!",
    failure: "Erro ao excluir curso",
  });
  const canManage = canManageCatalog(useSession().data?.staff?.role);
  const stats = courseStats(data ?? []);

  const columns: Column<Course>[] = [
    {
      key: "name",
      title: "Nome",
      text: (c) => c.name,
      sortable: true,
      render: (c) => (
        <Group gap={6}>
          <Text fw={600}>{c.name}</Text>
          {c.featured && (
            <Badge variant="filled" color="grape.9" title="Mostrado na página inicial">
              Destaque
            </Badge>
          )}
        </Group>
      ),
    },
    { key: "area", title: "Área", text: (c) => c.area, sortable: true, render: (c) => c.area ?? "—" },
    {
      key: "modality",
      title: "Modalidade",
      text: (c) => (c.modality ? MODALITY_LABELS[c.modality] : ""),
      render: (c) => (c.modality ? MODALITY_LABELS[c.modality] : "—"),
    },
    {
      key: "duration",
      title: "Duração",
      text: (c) => c.durationMonths,
      sortable: true,
      render: (c) => durationLabel(c.durationMonths),
    },
    { key: "price", title: "Preço", text: (c) => c.price, sortable: true, render: (c) => formatKz(c.price) },
    {
      key: "status",
      title: "Estado",
      text: (c) => COURSE_STATUS_LABELS[c.status],
      render: (c) => (
        <Badge variant="filled" color={c.status === "active" ? "teal.9" : "gray.7"}>
          {COURSE_STATUS_LABELS[c.status]}
        </Badge>
      ),
    },
    catalogActionsColumn<Course>((c) => c.name, { viewing, editing, deleting }, canManage),
  ];

  return (
    <AdminListPage
      title="Cursos"
      subtitle="Os cursos que o instituto oferece"
      create={canManage && { label: "Novo curso", onClick: () => editing.open(null) }}
      stats={[
        { label: "Total de cursos", value: stats.total, icon: <IconBook size={20} /> },
        { label: "Cursos ativos", value: stats.active, icon: <IconCircleCheck size={20} /> },
        { label: "Receita potencial", value: formatKz(stats.potentialRevenue), icon: <IconCash size={20} /> },
        { label: "Duração média", value: durationLabel(stats.averageDuration), icon: <IconClock size={20} /> },
      ]}
      list={list}
      caption="Cursos"
      columns={columns}
      searchPlaceholder="Pesquisar por nome, área ou estado..."
      deletion={deleting}
    >
      <OpenedOnce opened={editing.opened}>
        <CourseFormDialog key={editing.key} opened={editing.opened} courseId={editing.id} onClose={editing.close} />
      </OpenedOnce>
      <CourseDetailsDialog opened={viewing.opened} courseId={viewing.id} onClose={viewing.close} />
    </AdminListPage>
  );
}
