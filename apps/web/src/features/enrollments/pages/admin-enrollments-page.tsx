import { APPLICATION_SOURCE_LABELS, APPLICATION_SOURCES, type ApplicationSource } from "@app/shared/application-source";
import { formatDate } from "@app/shared/dates";
import { ENROLLMENT_STATUSES, type EnrollmentStatus, enrollmentStatusLabel } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phone-format";
import { Button, Group, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import {
  IconCash,
  IconCertificate,
  IconCheck,
  IconCircleMinus,
  IconClipboardList,
  IconCoins,
  IconFileAlert,
  IconHourglass,
  IconPlus,
  IconReceiptOff,
  IconSchool,
  IconX,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { type Column, DataTable } from "../../../components/data-table";
import { DeleteConfirmation, useDeletion } from "../../../components/delete-confirmation";
import { lazyDialog, OpenedOnce } from "../../../components/lazy-dialog";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import { useSession } from "../../../lib/session";
import { coursesQuery } from "../../courses/api/admin-courses";
import { type AdminEnrollmentRow, adminEnrollmentsQuery, useDeleteEnrollment } from "../api/admin-enrollments";
import { EnrollmentRowActions } from "../components/enrollment-row-actions";
import { EnrollmentStatusBadge, SmsUndeliveredBadge, WithoutClassNote } from "../components/enrollment-status-badge";
import { RejectEnrollmentDialog } from "../components/reject-enrollment-dialog";
import { actionAccess, type RowAction, rowActionsFor } from "../logic/enrollment-actions";

// The dialogs with forms come at their first opening: the list loads no form schema (decision 100).
const ApproveEnrollmentDialog = lazyDialog(() =>
  import("../components/approve-enrollment-dialog").then((m) => m.ApproveEnrollmentDialog),
);
const AssignClassDialog = lazyDialog(() =>
  import("../components/assign-class-dialog").then((m) => m.AssignClassDialog),
);
const ConfirmPaymentDialog = lazyDialog(() =>
  import("../components/confirm-payment-dialog").then((m) => m.ConfirmPaymentDialog),
);
const EditEnrollmentDialog = lazyDialog(() =>
  import("../components/edit-enrollment-dialog").then((m) => m.EditEnrollmentDialog),
);
const EnrollmentViewDialog = lazyDialog(() =>
  import("../components/enrollment-view-dialog").then((m) => m.EnrollmentViewDialog),
);
const NewEnrollmentDialog = lazyDialog(() =>
  import("../components/new-enrollment-dialog").then((m) => m.NewEnrollmentDialog),
);

const sourceOptions = APPLICATION_SOURCES.map((s) => ({ value: s, label: APPLICATION_SOURCE_LABELS[s] }));
const statusOptions = ENROLLMENT_STATUSES.map((s) => ({ value: s, label: enrollmentStatusLabel(s) }));

/**
 * One summary card per status, so the cards add up to 'Total' (decision 050). Until the first page
 * arrives they show '—', never a 0 that is not true.
 */
const STATUS_CARDS: Record<EnrollmentStatus, { label: string; icon: ReactNode }> = {
  pre_inscrito: { label: "Pré-inscritos", icon: <IconHourglass size={20} /> },
  correction_requested: { label: "Correção pedida", icon: <IconFileAlert size={20} /> },
  approved: { label: "Aprovados", icon: <IconCheck size={20} /> },
  payment_pending: { label: "Pagamento Enviado", icon: <IconCash size={20} /> },
  receipt_rejected: { label: "Comprovante rejeitado", icon: <IconReceiptOff size={20} /> },
  partial_payment: { label: "Pagamento parcial", icon: <IconCoins size={20} /> },
  enrolled: { label: "Matriculados", icon: <IconSchool size={20} /> },
  rejected: { label: "Rejeitados", icon: <IconX size={20} /> },
  completed: { label: "Concluídos", icon: <IconCertificate size={20} /> },
  not_completed: { label: "Não concluídos", icon: <IconCircleMinus size={20} /> },
};

/** /admin/enrollments: 'Inscrições' (SPEC §2 'Admin enrolments'): the secretariat turns applications into students. */
export function Component() {
  const list = useServerList(adminEnrollmentsQuery, {
    status: undefined as EnrollmentStatus | undefined,
    courseId: undefined as string | undefined,
    source: undefined as ApplicationSource | undefined,
  });
  const courses = useQuery(coursesQuery);
  const access = actionAccess(useSession().data?.staff?.role);
  const viewing = useRowDialog();
  const editing = useRowDialog();
  const approving = useRowDialog();
  const rejecting = useRowDialog();
  const paying = useRowDialog();
  const assigning = useRowDialog();
  const deleting = useDeletion<AdminEnrollmentRow>({
    noun: "inscrição",
    what: (r) => `a inscrição de «${r.studentName}» em «${r.courseName}»`,
    consequence: "Os documentos e o histórico também são apagados; uma vaga ocupada numa turma é liberada.",
    mutation: useDeleteEnrollment(),
    success: "Inscrição excluída com sucesso!",
    failure: "Erro ao excluir inscrição",
  });
  const counts = list.answer?.counts;
  const courseOptions = (courses.data ?? [])
    .map((c) => ({ value: c.id, label: c.name }))
    .sort((a, b) => a.label.localeCompare(b.label, "pt"));

  const run: Record<RowAction, (row: AdminEnrollmentRow) => void> = {
    view: (r) => viewing.open(r.id),
    edit: (r) => editing.open(r.id),
    approve: (r) => approving.open(r.id),
    reject: (r) => rejecting.open(r.id),
    confirmPayment: (r) => paying.open(r.id),
    assignClass: (r) => assigning.open(r.id),
    delete: deleting.open,
  };

  const columns: Column<AdminEnrollmentRow>[] = [
    {
      key: "student",
      title: "Aluno",
      text: (r) => r.studentName,
      sortable: true,
      render: (r) => <Text fw={600}>{r.studentName}</Text>,
    },
    {
      key: "phone",
      title: "Telefone",
      text: (r) => r.studentPhone,
      render: (r) => <Text style={{ whiteSpace: "nowrap" }}>{formatAngolanMobile(r.studentPhone)}</Text>,
    },
    {
      key: "course",
      title: "Curso",
      text: (r) => r.courseName,
      sortable: true,
      render: (r) => (
        <Stack gap={0}>
          <Text>{r.courseName}</Text>
          <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
            {formatKz(r.coursePrice)}
          </Text>
        </Stack>
      ),
    },
    {
      key: "date",
      title: "Data",
      text: (r) => r.applicationDate,
      sortable: true,
      render: (r) => formatDate(r.applicationDate),
    },
    {
      key: "status",
      title: "Estado",
      text: (r) => enrollmentStatusLabel(r.status, r.codeSent),
      sortable: true,
      render: (r) => (
        <Stack gap={2} align="flex-start">
          <EnrollmentStatusBadge status={r.status} codeSent={r.codeSent} />
          <WithoutClassNote enrollment={r} />
          <SmsUndeliveredBadge enrollment={r} />
        </Stack>
      ),
    },
    {
      key: "actions",
      title: "Ações",
      render: (r) => (
        <EnrollmentRowActions
          student={r.studentName}
          actions={rowActionsFor(r, access)}
          onAction={(action) => run[action](r)}
        />
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <PageHeader
        title="Inscrições"
        subtitle="Pré-inscrições, aprovações, pagamentos e matrículas"
        action={
          access.review && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => editing.open(null)}>
              Nova inscrição
            </Button>
          )
        }
      />
      <SimpleGrid
        component="section"
        aria-label="Resumo das inscrições"
        cols={{ base: 2, sm: 3, lg: 5 }}
        spacing={{ base: "xs", sm: "md" }}
      >
        <StatCard label="Total" value={counts?.total ?? "—"} icon={<IconClipboardList size={20} />} compact />
        {ENROLLMENT_STATUSES.map((s) => (
          <StatCard
            key={s}
            label={STATUS_CARDS[s].label}
            value={counts?.[s] ?? "—"}
            icon={STATUS_CARDS[s].icon}
            compact
          />
        ))}
      </SimpleGrid>
      <Group gap="sm" align="flex-end">
        <Select
          label="Curso"
          placeholder="Todos os cursos"
          data={courseOptions}
          value={list.filters.courseId ?? null}
          onChange={(courseId) => list.setFilters({ courseId: courseId ?? undefined })}
          clearable
          searchable
          w={280}
          maw="100%"
        />
        <Select
          label="Estado"
          placeholder="Todos os estados"
          data={statusOptions}
          value={list.filters.status ?? null}
          onChange={(status) => list.setFilters({ status: (status as EnrollmentStatus | null) ?? undefined })}
          clearable
          w={240}
          maw="100%"
        />
        <Select
          label="Origem"
          placeholder="Todas as origens"
          data={sourceOptions}
          value={list.filters.source ?? null}
          onChange={(source) => list.setFilters({ source: (source as ApplicationSource | null) ?? undefined })}
          clearable
          w={200}
          maw="100%"
        />
      </Group>
      <DataTable
        caption="Inscrições"
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por aluno, telefone, email, curso ou código..."
        server={list.table}
      />
      <OpenedOnce opened={viewing.opened}>
        <EnrollmentViewDialog
          key={viewing.key}
          opened={viewing.opened}
          enrollmentId={viewing.id}
          access={access}
          onClose={viewing.close}
        />
      </OpenedOnce>
      {editing.id === null ? (
        <OpenedOnce opened={editing.opened}>
          <NewEnrollmentDialog key={editing.key} opened={editing.opened} onClose={editing.close} />
        </OpenedOnce>
      ) : (
        <OpenedOnce opened={editing.opened}>
          <EditEnrollmentDialog
            key={editing.key}
            opened={editing.opened}
            enrollmentId={editing.id}
            onClose={editing.close}
          />
        </OpenedOnce>
      )}
      <OpenedOnce opened={approving.opened}>
        <ApproveEnrollmentDialog
          key={approving.key}
          opened={approving.opened}
          enrollmentId={approving.id}
          onClose={approving.close}
        />
      </OpenedOnce>
      <RejectEnrollmentDialog
        key={rejecting.key}
        opened={rejecting.opened}
        enrollmentId={rejecting.id}
        onClose={rejecting.close}
      />
      <OpenedOnce opened={paying.opened}>
        <ConfirmPaymentDialog key={paying.key} opened={paying.opened} enrollmentId={paying.id} onClose={paying.close} />
      </OpenedOnce>
      <OpenedOnce opened={assigning.opened}>
        <AssignClassDialog
          key={assigning.key}
          opened={assigning.opened}
          enrollmentId={assigning.id}
          onClose={assigning.close}
        />
      </OpenedOnce>
      <DeleteConfirmation deletion={deleting} />
    </Stack>
  );
}
