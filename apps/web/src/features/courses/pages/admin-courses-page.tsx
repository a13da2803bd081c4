import { COURSE_STATUS_LABELS, canManageCatalog, MODALITY_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { durationLabel } from "@app/shared/rules";
import { Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconBook, IconCash, IconCircleCheck, IconClock, IconPlus } from "@tabler/icons-react";
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
import { type Course, coursesQuery, useDeleteCourse } from "../api/admin-courses";
import { CourseDetailsDialog } from "../components/course-details-dialog";
import { CourseFormDialog } from "../components/course-form-dialog";
import { courseStats } from "../logic/course-stats";

/** /admin/courses: 'Cursos' (SPEC §2 'Admin courses'). */
export function Component() {
  const { data, isPending } = useQuery(coursesQuery);
  const editing = useRowDialog();
  const viewing = useRowDialog();
  const [deleting, setDeleting] = useState<Course | null>(null);
  const remove = useDeleteCourse();
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
    rowActionsColumn<Course>(
      (c) => c.name,
      canManage
        ? { view: (c) => viewing.open(c.id), edit: (c) => editing.open(c.id), delete: setDeleting }
        : { view: (c) => viewing.open(c.id) },
    ),
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Cursos"
        subtitle="Os cursos que o instituto oferece"
        action={
          canManage && (
            <Button leftSection={<IconPlus size={18} />} onClick={() => editing.open(null)}>
              Novo curso
            </Button>
          )
        }
      />
      <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }}>
        <StatCard label="Total de cursos" value={stats.total} icon={<IconBook size={20} />} />
        <StatCard label="Cursos ativos" value={stats.active} icon={<IconCircleCheck size={20} />} />
        <StatCard label="Receita potencial" value={formatKz(stats.potentialRevenue)} icon={<IconCash size={20} />} />
        <StatCard label="Duração média" value={durationLabel(stats.averageDuration)} icon={<IconClock size={20} />} />
      </SimpleGrid>
      <DataTable
        caption="Cursos"
        records={data}
        loading={isPending}
        columns={columns}
        rowKey={(c) => c.id}
        searchPlaceholder="Pesquisar por nome, área ou estado..."
      />
      <CourseFormDialog key={editing.key} opened={editing.opened} courseId={editing.id} onClose={editing.close} />
      <CourseDetailsDialog opened={viewing.opened} courseId={viewing.id} onClose={viewing.close} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Excluir curso"
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          remove.mutate(deleting!.id, {
            onSuccess: () => {
              toastSuccess("Curso excluído com sucesso!");
              setDeleting(null);
            },
            onError: (e) => toastError("Erro ao excluir curso", errorMessage(e)),
          })
        }
      >
        Tem a certeza de que quer excluir o curso «{deleting?.name}»?
      </ConfirmDialog>
    </Stack>
  );
}
