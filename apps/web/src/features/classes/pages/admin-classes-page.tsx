import { formatDate, formatDateTime, todayInLuanda } from "@app/shared/dates";
import { CLASS_STATUS_LABELS, canManageCatalog, MODALITY_LABELS } from "@app/shared/enums";
import { classWindowLabel, occupancyPercent } from "@app/shared/rules";
import { Anchor, Button, Modal, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCalendarEvent, IconChartPie, IconDoorEnter, IconPlus, IconUsers } from "@tabler/icons-react";
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
import { classesQuery, curriculumUrl, type SchoolClass, useDeleteClass } from "../api/classes";
import { ClassWindowBadge, SeatBadge } from "../components/class-badges";
import { ClassFormDialog } from "../components/class-form-dialog";
import { classStats } from "../logic/class-stats";

/** /admin/classes: 'Gestão de Turmas' (SPEC §2 'Admin classes'). */
export function Component() {
  const { data, isPending } = useQuery(classesQuery);
  const [editing, setEditing] = useState<SchoolClass | null | undefined>(undefined);
  const [viewing, setViewing] = useState<SchoolClass | null>(null);
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
      canManage ? { view: setViewing, edit: setEditing, delete: setDeleting } : { view: setViewing },
    ),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Gestão de Turmas"
        subtitle="Turmas, datas de inscrição e vagas"
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing(null)}>
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
      <ClassFormDialog opened={editing !== undefined} cls={editing ?? null} onClose={() => setEditing(undefined)} />
      <Modal opened={viewing !== null} onClose={() => setViewing(null)} title="Detalhes da turma" size="lg" centered>
        {viewing && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Turma" value={viewing.name} />
            <DetailField label="Curso" value={viewing.courseName} />
            <DetailField label="Professor" value={viewing.teacherName ?? "—"} />
            <DetailField label="Tipo" value={MODALITY_LABELS[viewing.classType]} />
            <DetailField label="Local" value={viewing.location ?? "—"} />
            <DetailField label="Horário" value={viewing.schedule} />
            <DetailField
              label="Inscrições"
              value={`${formatDate(viewing.enrollmentStartDate)} a ${formatDate(viewing.enrollmentEndDate)} (${classWindowLabel(viewing, today)})`}
            />
            <DetailField
              label="Curso decorre"
              value={`${formatDate(viewing.startDate)} a ${formatDate(viewing.endDate)}`}
            />
            <DetailField
              label="Alunos"
              value={`${viewing.currentStudents} de ${viewing.maxStudents} (${occupancyPercent(viewing.currentStudents, viewing.maxStudents)}%)`}
            />
            <DetailField label="Estado" value={CLASS_STATUS_LABELS[viewing.status]} />
            <DetailField label="Criada em" value={formatDateTime(viewing.createdAt)} />
            <Stack gap={0}>
              <Text size="xs" c="dimmed">
                Currículo
              </Text>
              {viewing.curriculumFileId ? (
                <Anchor href={curriculumUrl(viewing.curriculumFileId)} target="_blank" rel="noopener">
                  Abrir currículo (PDF)
                </Anchor>
              ) : (
                <Text>—</Text>
              )}
            </Stack>
            <DetailField label="Observações" value={viewing.notes ?? "—"} />
          </SimpleGrid>
        )}
      </Modal>
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
