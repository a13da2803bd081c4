import { formatDate, todayInLuanda } from "@app/shared/dates";
import { canManageCatalog } from "@app/shared/enums";
import { classWindowLabel, occupancyPercent } from "@app/shared/rules";
import { Button, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCalendarEvent, IconChartPie, IconDoorEnter, IconPlus, IconUsers } from "@tabler/icons-react";
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
import { classesQuery, type SchoolClass, useDeleteClass } from "../api/classes";
import { ClassWindowBadge, SeatBadge } from "../components/class-badges";
import { ClassDetailsDialog } from "../components/class-details-dialog";
import { ClassFormDialog } from "../components/class-form-dialog";
import { classStats } from "../logic/class-stats";

/** /admin/classes: 'Gestão de Turmas' (SPEC §2 'Admin classes'). */
export function Component() {
  const { data, isPending } = useQuery(classesQuery);
  const editing = useRowDialog();
  const viewing = useRowDialog();
  const [deleting, setDeleting] = useState<SchoolClass | null>(null);
  const remove = useDeleteClass();
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
    rowActionsColumn<SchoolClass>(
      (c) => c.name,
      canManage
        ? { view: (c) => viewing.open(c.id), edit: (c) => editing.open(c.id), delete: setDeleting }
        : { view: (c) => viewing.open(c.id) },
    ),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestão de Turmas"
        subtitle="Turmas, datas de inscrição e vagas"
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => editing.open(null)}>
              Nova turma
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard label="Total de turmas" value={stats.total} icon={<IconCalendarEvent size={20} />} />
        <StatCard label="Inscrições abertas" value={stats.open} icon={<IconDoorEnter size={20} />} />
        <StatCard label="Alunos matriculados" value={stats.enrolled} icon={<IconUsers size={20} />} />
        <StatCard label="Ocupação média" value={`${stats.occupancy}%`} icon={<IconChartPie size={20} />} />
      </SimpleGrid>
      <DataTable
        caption="Turmas"
        records={data}
        loading={isPending}
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Pesquisar por turma, curso ou professor..."
      />
      <ClassFormDialog key={editing.key} opened={editing.opened} classId={editing.id} onClose={editing.close} />
      <ClassDetailsDialog opened={viewing.opened} classId={viewing.id} onClose={viewing.close} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Eliminar turma"
        confirmLabel="Eliminar"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toastSuccess("Turma eliminada com sucesso!");
              setDeleting(null);
            },
            onError: (e) => toastError("Erro ao eliminar turma", errorMessage(e)),
          })
        }
      >
        Tem a certeza de que quer eliminar a turma «{deleting?.name}»? O currículo dela também é apagado.
      </ConfirmDialog>
    </Stack>
  );
}
