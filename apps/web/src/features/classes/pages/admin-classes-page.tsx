import { formatDate, todayInLuanda } from "@app/shared/dates";
import { canManageCatalog } from "@app/shared/enums";
import { classWindowLabel, occupancyPercent } from "@app/shared/rules";
import { Stack, Text } from "@mantine/core";
import { IconCalendarEvent, IconChartPie, IconDoorEnter, IconUsers } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { AdminListPage, catalogActionsColumn } from "../../../components/admin-list-page";
import type { Column } from "../../../components/data-table";
import { useDeletion } from "../../../components/delete-confirmation";
import { lazyDialog, OpenedOnce } from "../../../components/lazy-dialog";
import { useRowDialog } from "../../../lib/row-dialog";
import { useSession } from "../../../lib/session";
import { classesQuery, type SchoolClass, useDeleteClass } from "../api/classes";
import { ClassWindowBadge, SeatBadge } from "../components/class-badges";
import { ClassDetailsDialog } from "../components/class-details-dialog";
import { classStats } from "../logic/class-stats";

// The form comes at its first opening: the list loads no form schema (decision 100).
const ClassFormDialog = lazyDialog(() => import("../components/class-form-dialog").then((m) => m.ClassFormDialog));

/** /admin/classes: 'Gestão de Turmas' (SPEC §2 'Admin classes'). */
export function Component() {
  const list = useQuery(classesQuery);
  const { data } = list;
  const editing = useRowDialog();
  const viewing = useRowDialog();
  const deleting = useDeletion<SchoolClass>({
    noun: "turma",
    what: (c) => `a turma «${c.name}»`,
    consequence: "O currículo dela também é apagado.",
    mutation: useDeleteClass(),
    // The SPEC's toasts for classes say 'eliminar' (decision 055).
    success: "Turma eliminada com sucesso!",
    failure: "Erro ao eliminar turma",
  });
  const canManage = canManageCatalog(useSession().data?.staff?.role);
  const today = todayInLuanda();
  const stats = classStats(data ?? [], today);

  const columns: Column<SchoolClass>[] = [
    {
      key: "name",
      title: "Turma",
      text: (c) => c.name,
      sortable: true,
      render: (c) => (
        <Stack gap={0}>
          <Text fw={600}>{c.name}</Text>
          <Text size="xs" c="dimmed">
            {c.schedule}
          </Text>
        </Stack>
      ),
    },
    { key: "course", title: "Curso", text: (c) => c.courseName, sortable: true, render: (c) => c.courseName },
    {
      key: "teacher",
      title: "Professor",
      text: (c) => c.teacherName,
      sortable: true,
      render: (c) => c.teacherName ?? "—",
    },
    {
      key: "window",
      title: "Inscrições",
      text: (c) => classWindowLabel(c, today),
      sortable: true,
      render: (c) => <ClassWindowBadge cls={c} today={today} />,
    },
    {
      key: "seats",
      title: "Alunos",
      text: (c) => occupancyPercent(c.currentStudents, c.maxStudents),
      sortable: true,
      render: (c) => <SeatBadge cls={c} />,
    },
    {
      key: "occupancy",
      title: "Ocupação",
      text: (c) => `${occupancyPercent(c.currentStudents, c.maxStudents)}%`,
      render: (c) => `${occupancyPercent(c.currentStudents, c.maxStudents)}%`,
    },
    {
      key: "start",
      title: "Início",
      text: (c) => c.startDate,
      sortable: true,
      render: (c) => formatDate(c.startDate),
    },
    catalogActionsColumn<SchoolClass>((c) => c.name, { viewing, editing, deleting }, canManage),
  ];

  return (
    <AdminListPage
      title="Gestão de Turmas"
      subtitle="Turmas, datas de inscrição e vagas"
      create={canManage && { label: "Nova turma", onClick: () => editing.open(null) }}
      stats={[
        { label: "Total de turmas", value: stats.total, icon: <IconCalendarEvent size={20} /> },
        { label: "Inscrições abertas", value: stats.open, icon: <IconDoorEnter size={20} /> },
        { label: "Alunos matriculados", value: stats.enrolled, icon: <IconUsers size={20} /> },
        { label: "Ocupação média", value: `${stats.occupancy}%`, icon: <IconChartPie size={20} /> },
      ]}
      list={list}
      caption="Turmas"
      columns={columns}
      searchPlaceholder="Pesquisar por turma, curso ou professor..."
      deletion={deleting}
    >
      <OpenedOnce opened={editing.opened}>
        <ClassFormDialog key={editing.key} opened={editing.opened} classId={editing.id} onClose={editing.close} />
      </OpenedOnce>
      <ClassDetailsDialog opened={viewing.opened} classId={viewing.id} onClose={viewing.close} />
    </AdminListPage>
  );
}
