import { STATEMENT_LINE_OUTCOME_LABELS, type StatementLineOutcome } from "@app/shared/bank-statements/outcomes";
import { formatDate, formatDateTime } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { ADMIN_SCREENS } from "@app/shared/screen-access";
import { Alert, Badge, Button, Checkbox, Chip, Flex, Group, Skeleton, Stack, Text, Tooltip } from "@mantine/core";
import { IconArrowLeft, IconChecks, IconTrash } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { type Column, DataTable } from "../../../components/data-table";
import { PageHeader } from "../../../components/page-header";
import { useRowDialog } from "../../../lib/row-dialog";
import { useServerList } from "../../../lib/server-list";
import { type LineFilters, type StatementLine, statementQuery } from "../api/bank-statements";
import { DeleteStatementDialog } from "../components/delete-statement-dialog";
import { AssignLineDialog, ConfirmLinesDialog, IgnoreLineDialog } from "../components/line-dialogs";
import { OutcomeBadge } from "../components/outcome-badge";
import { OUTCOME_ORDER } from "../logic/outcomes";
import { confirmLabel, selectedForConfirm } from "../logic/selection";
import classes from "./bank-statement-page.module.css";

const nowrap = { whiteSpace: "nowrap" } as const;
const NO_FILTER: LineFilters = { outcome: null };
/** The filter chips' place-holders while the statement loads ('Todas' and each outcome). */
const OUTCOME_CHIP_WIDTHS = [80, 120, 140, 160, 90, 100, 110];
const open = (l: StatementLine) => l.outcome !== "confirmed" && l.outcome !== "ignored";

/**
 * /admin/bank-statements/{id}: a statement's lines (file order, a page at a time, filtered by outcome)
 * with their matched enrolments; 'Atribuir' and 'Ignorar' per open line; 'Confirmar N pagamentos' for
 * the chosen lines, by default every 'Corresponde' and every line assigned by hand (decision 072).
 */
export function Component() {
  const { statementId = "" } = useParams();
  const list = useServerList(statementQuery(statementId), NO_FILTER);
  const statement = list.answer;
  const [unticked, setUnticked] = useState<ReadonlySet<string>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const navigate = useNavigate();
  const assigning = useRowDialog();
  const ignoring = useRowDialog();
  // The lines seen on any page, to name a refused line by its number and keep a dialog's line.
  const seen = useRef(new Map<string, StatementLine>());
  for (const l of list.data ?? []) seen.current.set(l.id, l);
  const lineOf = (id: string | null) => (id === null ? undefined : seen.current.get(id));

  const confirmable = new Set(statement?.confirmableIds ?? []);
  const selected = selectedForConfirm(statement?.confirmableIds ?? [], unticked);
  const toggle = (id: string, on: boolean) =>
    setUnticked((u) => {
      const next = new Set(u);
      if (on) next.delete(id);
      else next.add(id);
      return next;
    });

  const columns: Column<StatementLine>[] = [
    {
      key: "lineNumber",
      // The date under the line's number: one narrow column, so 'Descritivo' keeps its room.
      title: "Linha / Data",
      sortable: true,
      text: (l) => l.lineNumber,
      render: (l) =>
        confirmable.has(l.id) ? (
          <Checkbox
            label={`Linha ${l.lineNumber}`}
            description={formatDate(l.date)}
            checked={!unticked.has(l.id)}
            onChange={(e) => toggle(l.id, e.currentTarget.checked)}
            styles={{ label: { fontWeight: 600, whiteSpace: "nowrap" }, description: { whiteSpace: "nowrap" } }}
          />
        ) : (
          <Stack gap={0}>
            <Text fw={600} style={nowrap}>
              Linha {l.lineNumber}
            </Text>
            <Text size="sm" c="dimmed" style={nowrap}>
              {formatDate(l.date)}
            </Text>
          </Stack>
        ),
    },
    {
      key: "reference",
      title: "Descritivo / Ordenante",
      text: (l) => `${l.reference} ${l.payer}`,
      // Where finance reads the code: never squeezed by the columns beside it.
      render: (l) => (
        <Stack gap={0} className={classes.descritivo}>
          <Text size="sm">{l.reference || "—"}</Text>
          {l.payer && (
            <Text size="xs" c="dimmed">
              {l.payer}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: "amount",
      title: "Valor / Devido",
      text: (l) => l.amount,
      render: (l) => {
        const due = l.enrollment?.amountDue;
        const differs = due !== undefined && due !== l.amount;
        return (
          <Stack gap={0}>
            <Text fw={600} style={nowrap}>
              {formatKz(l.amount)}
            </Text>
            {differs && (
              <Text size="xs" c="#a33d07" fw={600} style={nowrap}>
                Devido: {formatKz(due)}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      key: "enrollment",
      title: "Inscrição",
      text: (l) => l.enrollment?.studentName ?? "",
      render: (l) =>
        l.enrollment ? (
          <Stack gap={2}>
            <Text size="sm">{l.enrollment.studentName}</Text>
            <Group gap={4}>
              <Text size="xs" c="dimmed" style={nowrap}>
                Ref. {l.enrollment.paymentReferenceCode ?? "—"}
              </Text>
              {l.proposed && (
                <Tooltip label="Código escrito com um caractere parecido (5/S, 2/Z, 8/B, 6/G): confirme a inscrição">
                  <Badge size="sm" variant="outline" color="#a33d07" style={{ textTransform: "none" }}>
                    proposta
                  </Badge>
                </Tooltip>
              )}
              {l.assignedByHand && (
                <Badge size="sm" variant="outline" color="gray.8" style={{ textTransform: "none" }}>
                  atribuída à mão
                </Badge>
              )}
            </Group>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ),
    },
    {
      key: "outcome",
      title: "Resultado",
      text: (l) => STATEMENT_LINE_OUTCOME_LABELS[l.outcome],
      render: (l) => (
        <Stack gap={2} align="flex-start">
          <OutcomeBadge outcome={l.outcome} />
          {l.ignoreReason && (
            <Text size="xs" c="dimmed">
              {l.ignoreReason}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: "actions",
      title: "Ações",
      render: (l) =>
        open(l) ? (
          // One above the other in the table, so the column stays narrow; side by side on a phone's card.
          <Flex gap={4} direction={{ base: "row", sm: "column" }} align="stretch">
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => assigning.open(l.id)}
              aria-label={`Atribuir linha ${l.lineNumber}`}
            >
              Atribuir
            </Button>
            <Button
              size="compact-sm"
              variant="subtle"
              color="gray.8"
              onClick={() => ignoring.open(l.id)}
              aria-label={`Ignorar linha ${l.lineNumber}`}
            >
              Ignorar
            </Button>
          </Flex>
        ) : null,
    },
  ];

  const counts = statement?.counts;
  const all = counts ? Object.values(counts).reduce((s, n) => s + n, 0) : 0;
  const filter = list.filters.outcome ?? "all";

  return (
    <Stack gap="lg">
      <PageHeader
        title={statement ? `Extrato ${statement.bankName}` : "Extrato"}
        subtitle={
          statement
            ? `${statement.fileName} · ${statement.periodStart ? `${formatDate(statement.periodStart)} – ${formatDate(statement.periodEnd)} · ` : ""}importado em ${formatDateTime(statement.importedAt)}${statement.importedBy ? ` por ${statement.importedBy}` : ""}`
            : "Carregando..."
        }
        action={
          <Group gap="xs">
            {statement && (
              <Button
                variant="outline"
                color="red.9"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setDeleting(true)}
              >
                Excluir extrato
              </Button>
            )}
            <Button
              component={Link}
              to={ADMIN_SCREENS.bankStatements.path}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Extratos bancários
            </Button>
          </Group>
        }
      />
      {list.error && (
        <Alert color="red" role="alert">
          {list.error.message}
        </Alert>
      )}
      {counts ? (
        <Chip.Group
          value={filter}
          onChange={(value) => list.setFilters({ outcome: value === "all" ? null : (value as StatementLineOutcome) })}
        >
          <Group gap="xs" role="group" aria-label="Filtrar por resultado">
            <Chip value="all" size="sm" type="radio">
              Todas ({all})
            </Chip>
            {OUTCOME_ORDER.map((o) => (
              <Chip key={o} value={o} size="sm" type="radio">
                {STATEMENT_LINE_OUTCOME_LABELS[o]} ({counts[o]})
              </Chip>
            ))}
          </Group>
        </Chip.Group>
      ) : (
        // Loading: no count yet, rather than 'Todas (0)'.
        <Group gap="xs" role="status" aria-label="Carregando os resultados do extrato">
          {OUTCOME_CHIP_WIDTHS.map((w) => (
            <Skeleton key={w} height={26} width={w} radius="xl" />
          ))}
        </Group>
      )}
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed">
          Por omissão vão todas as linhas «Corresponde» e as atribuídas à mão; desmarque as que não quer confirmar.
        </Text>
        <Button
          leftSection={<IconChecks size={16} />}
          disabled={!statement || selected.length === 0}
          onClick={() => setConfirming(true)}
        >
          {statement ? confirmLabel(selected.length) : "Confirmar pagamentos"}
        </Button>
      </Group>
      <DataTable
        caption="Linhas do extrato"
        records={list.data}
        loading={list.isPending}
        columns={columns}
        rowKey={(l) => l.id}
        searchPlaceholder="Pesquisar no descritivo ou ordenante..."
        server={list.table}
      />
      <AssignLineDialog
        key={assigning.key}
        statementId={statementId}
        line={lineOf(assigning.id)}
        opened={assigning.opened}
        onClose={assigning.close}
      />
      <IgnoreLineDialog
        key={ignoring.key}
        statementId={statementId}
        line={lineOf(ignoring.id)}
        opened={ignoring.opened}
        onClose={ignoring.close}
      />
      {statement && (
        <DeleteStatementDialog
          statement={statement}
          opened={deleting}
          onClose={() => setDeleting(false)}
          onDeleted={() => navigate(ADMIN_SCREENS.bankStatements.path)}
        />
      )}
      <ConfirmLinesDialog
        statementId={statementId}
        lineIds={selected}
        lineNumber={(id) => seen.current.get(id)?.lineNumber}
        opened={confirming}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
