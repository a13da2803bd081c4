import { formatDateTime } from "@app/shared/dates";
import { formatKz, formatReference } from "@app/shared/money";
import {
  REFERENCE_NOTIFICATION_OUTCOME_LABELS,
  UNMATCHED_STATE_LABELS,
  UNMATCHED_STATES,
} from "@app/shared/payment-reference-labels";
import { Alert, Select, Stack, Text, Title } from "@mantine/core";
import { IconArchive, IconUserCheck } from "@tabler/icons-react";
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { type Column, DataTable } from "../../../components/data-table";
import { NamedRowActions, type RowActionLook } from "../../../components/row-actions";
import { errorMessage } from "../../../lib/form-errors";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import {
  type UnmatchedPayment,
  type UnmatchedState,
  unmatchedPaymentsQuery,
} from "../../payment-references/api/payment-references";
import { ApplyUnmatchedDialog, ArchiveUnmatchedDialog, paidAmountText } from "./unmatched-dialogs";

const nowrap = { whiteSpace: "nowrap" } as const;
/** The section's anchor, as unmatchedSectionPath() names it. */
const SECTION_ID = "pagamentos-por-referencia";

type UnmatchedAction = "apply" | "archive";
/** In words, not bare icons: a phone shows no hover title (decision 084). */
const LOOKS: Record<UnmatchedAction, RowActionLook> = {
  apply: {
    name: (n) => `Aplicar à inscrição ${n}`,
    label: "Aplicar à inscrição",
    icon: <IconUserCheck size={16} aria-hidden />,
  },
  archive: {
    name: (n) => `Arquivar ${n}`,
    label: "Arquivar",
    icon: <IconArchive size={16} aria-hidden />,
    color: "red.8",
  },
};

/** How finance settled a row: 'Aplicado a …' or 'Arquivado: motivo', by whom and when. */
function Resolution({ row }: { row: UnmatchedPayment }) {
  if (!row.resolution) return null;
  return (
    <Stack gap={0}>
      <Text size="sm">
        {row.resolution === "applied"
          ? `Aplicado a ${row.appliedStudentName ?? "—"}`
          : `Arquivado: ${row.resolutionNote}`}
      </Text>
      <Text size="xs" c="dimmed">
        {row.resolvedByName ?? "—"}, {formatDateTime(row.resolvedAt)}
      </Text>
    </Stack>
  );
}

/** Why it was not applied; an invalid one says which data did not fit (decision 079). */
function Outcome({ row }: { row: UnmatchedPayment }) {
  return (
    <Stack gap={0}>
      <Text size="sm">{REFERENCE_NOTIFICATION_OUTCOME_LABELS[row.outcome]}</Text>
      {row.invalidReason && (
        <Text size="xs" c="dimmed">
          {row.invalidReason}
        </Text>
      )}
    </Stack>
  );
}

/**
 * 'Pagamentos por referência' (issue 26, decision 077): Multicaixa payments that could not be applied by
 * themselves (an unknown reference, a wrong amount, an enrolment already paid, data ProxyPay sent that
 * does not fit: decision 079), paged by the server.
 * Finance applies one to an enrolment awaiting payment or archives it with a reason; the filter shows
 * the open ones (default), the archived and those applied by hand. Shown once there has been any.
 */
export function UnmatchedPayments() {
  const list = useServerList(unmatchedPaymentsQuery, { state: "open" as UnmatchedState });
  const applying = useRowDialog();
  const archiving = useRowDialog();
  const counts = list.answer?.counts;
  const rowOf = (id: string | null) => list.data?.find((r) => r.id === id);
  const applied = rowOf(applying.id);
  const archived = rowOf(archiving.id);
  // Reached from the Painel's card (…#pagamentos-por-referencia): brought into view once it is shown.
  const { hash } = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = Boolean(counts && counts.open + counts.archived + counts.applied > 0);
  useEffect(() => {
    if (shown && hash === `#${SECTION_ID}`) heading.current?.scrollIntoView({ block: "start" });
  }, [shown, hash]);

  if (list.error && !list.answer)
    return (
      <Alert color="red" role="alert" title="Erro ao carregar os pagamentos por referência">
        {errorMessage(list.error)}
      </Alert>
    );
  if (!counts || !shown) return null;

  const open = list.filters.state === "open";
  const columns: Column<UnmatchedPayment>[] = [
    {
      key: "reference",
      title: "Referência",
      sortable: true,
      render: (r) => (
        <Text fw={600} style={nowrap}>
          {r.entity} · {formatReference(r.reference)}
        </Text>
      ),
    },
    {
      key: "amount",
      title: "Valor pago",
      sortable: true,
      // Paid and due on two lines: side by side they overflow a 390 px card.
      render: (r) => (
        <Stack gap={0}>
          <Text fw={600} style={nowrap}>
            {paidAmountText(r.amount)}
          </Text>
          {r.expectedAmount !== null && r.expectedAmount !== r.amount && (
            <Text size="xs" c="dimmed" style={nowrap}>
              devido {formatKz(r.expectedAmount)}
            </Text>
          )}
        </Stack>
      ),
    },
    { key: "paidAt", title: "Pago em", sortable: true, render: (r) => (r.paidAt ? formatDateTime(r.paidAt) : "—") },
    { key: "student", title: "Aluno", render: (r) => r.studentName ?? "—" },
    { key: "outcome", title: "Motivo", render: (r) => <Outcome row={r} /> },
    open
      ? {
          key: "actions",
          title: "Ações",
          cardFooter: true,
          render: (r) => (
            <NamedRowActions
              name={formatReference(r.reference)}
              // An invalid payment whose amount cannot be read can only be archived (decision 079).
              actions={r.amount === null ? (["archive"] as const) : (["apply", "archive"] as const)}
              looks={LOOKS}
              labelled
              onAction={(a) => (a === "apply" ? applying : archiving).open(r.id)}
            />
          ),
        }
      : { key: "resolution", title: "Resolução", render: (r) => <Resolution row={r} /> },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby={SECTION_ID}>
      <Title order={2} size="h4" id={SECTION_ID} ref={heading}>
        Pagamentos por referência
      </Title>
      <Text size="sm" c="dimmed">
        Pagamentos Multicaixa que não foram aplicados sozinhos: aplique-os à inscrição certa ou arquive-os com o motivo
        (por exemplo, devolvidos ao pagador).
      </Text>
      <Select
        label="Mostrar"
        data={UNMATCHED_STATES.map((value) => ({
          value,
          label: `${UNMATCHED_STATE_LABELS[value]} (${counts[value]})`,
        }))}
        value={list.filters.state}
        onChange={(v) => v && list.setFilters({ state: v as UnmatchedState })}
        allowDeselect={false}
        w={280}
        maw="100%"
      />
      <DataTable
        caption="Pagamentos por referência"
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(r) => r.id}
        searchPlaceholder="Pesquisar por referência ou aluno..."
        server={list.table}
      />
      <ApplyUnmatchedDialog key={applying.key} opened={applying.opened} payment={applied} onClose={applying.close} />
      <ArchiveUnmatchedDialog
        key={archiving.key}
        opened={archiving.opened}
        payment={archived}
        onClose={archiving.close}
      />
    </Stack>
  );
}
