import { IMPORT_PREVIEW_PAGE_SIZE } from "@app/shared/contract/data-import.schemas";
import {
  IMPORT_OUTCOME_LABELS,
  IMPORT_OUTCOMES,
  IMPORT_SPECS,
  type ImportKind,
  type ImportMapping,
  type ImportOutcome,
} from "@app/shared/data-import/kinds";
import {
  Accordion,
  Badge,
  Button,
  Checkbox,
  Group,
  Pagination,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { StatCard } from "../../../components/stat-card";
import type { ImportPreview } from "../api/data-import";

/** Filled dark shades, as the statements' outcome badges: white small text above 4.5:1 (WCAG AA). */
const OUTCOME_COLOR: Record<ImportOutcome, string> = {
  nova: "#1f6b30",
  atualizada: "blue.8",
  igual: "gray.8",
  erro: "red.8",
};

type Props = {
  kind: ImportKind;
  preview: ImportPreview;
  outcome: ImportOutcome | null;
  skip: boolean;
  sendSms: boolean;
  pending: boolean;
  onMapping(mapping: ImportMapping): void;
  onPage(page: number, outcome: ImportOutcome | null): void;
  onSkip(skip: boolean): void;
  onSendSms(send: boolean): void;
  onBack(): void;
  onImport(): void;
};

/** The mapping, the counts per outcome, a page of rows with their outcome, the choice and 'Importar'. */
export function PreviewPanel({
  kind,
  preview,
  outcome,
  skip,
  sendSms,
  pending,
  onMapping,
  onPage,
  onSkip,
  onSendSms,
  onBack,
  onImport,
}: Props) {
  const { counts } = preview;
  const header = preview.header ?? [];
  const columns = header.map((name, i) => ({ value: String(i), label: name || `Coluna ${i + 1}` }));
  const writes = counts.nova + counts.atualizada;
  const spec = IMPORT_SPECS[kind];
  const isMapped = (key: string) => preview.mapping[key] !== null && preview.mapping[key] !== undefined;
  const mapped = spec.columns.filter((c) => isMapped(c.key)).length;
  const unmapped = spec.columns.filter((c) => c.required && !isMapped(c.key)).length;
  const pages = Math.max(1, Math.ceil(preview.total / IMPORT_PREVIEW_PAGE_SIZE));
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Pré-visualização: {spec.label}
      </Title>
      <Text size="sm">Nada foi gravado ainda: confira o resultado de cada linha e escolha Importar.</Text>
      <SimpleGrid cols={{ base: 2, sm: 4 }}>
        {IMPORT_OUTCOMES.map((o) => (
          <StatCard key={o} compact label={o === "erro" ? "Com erro" : IMPORT_OUTCOME_LABELS[o]} value={counts[o]} />
        ))}
      </SimpleGrid>
      <Group gap="xs" role="group" aria-label="Mostrar linhas">
        <Button size="xs" variant={outcome === null ? "filled" : "default"} onClick={() => onPage(1, null)}>
          Todas
        </Button>
        {IMPORT_OUTCOMES.map((o) => (
          <Button key={o} size="xs" variant={outcome === o ? "filled" : "default"} onClick={() => onPage(1, o)}>
            {o === "erro" ? "Com erro" : IMPORT_OUTCOME_LABELS[o]}
          </Button>
        ))}
      </Group>
      <Table striped fz="sm" horizontalSpacing="xs" aria-label="Pré-visualização das linhas">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Linha</Table.Th>
            <Table.Th>Registro</Table.Th>
            <Table.Th>Resultado</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.rows.map((r) => (
            <Table.Tr key={r.line}>
              <Table.Td>{r.line}</Table.Td>
              <Table.Td>{r.key || "—"}</Table.Td>
              <Table.Td>
                <Badge color={OUTCOME_COLOR[r.outcome]} variant="filled" style={{ textTransform: "none" }}>
                  {IMPORT_OUTCOME_LABELS[r.outcome]}
                </Badge>
                {r.reason && (
                  <Text size="sm" c="red.9" mt={4}>
                    erro: {r.reason}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Pagination total={pages} value={preview.page} onChange={(p) => onPage(p, outcome)} aria-label="Páginas" />
      )}
      <Accordion variant="contained" defaultValue={unmapped > 0 ? "columns" : null}>
        <Accordion.Item value="columns">
          <Accordion.Control>
            Colunas da planilha: {mapped} de {spec.columns.length} reconhecidas
            {unmapped > 0 ? ` (${unmapped} obrigatórias sem coluna)` : ""}
          </Accordion.Control>
          <Accordion.Panel>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
              {spec.columns.map((c) => (
                <Select
                  key={c.key}
                  label={c.label}
                  withAsterisk={c.required}
                  placeholder="Nenhuma"
                  clearable
                  data={columns}
                  value={
                    preview.mapping[c.key] === null || preview.mapping[c.key] === undefined
                      ? null
                      : String(preview.mapping[c.key])
                  }
                  onChange={(v) => onMapping({ ...preview.mapping, [c.key]: v === null ? null : Number(v) })}
                />
              ))}
            </SimpleGrid>
          </Accordion.Panel>
        </Accordion.Item>
      </Accordion>
      {counts.erro > 0 && (
        <Radio.Group
          label="Há linhas com erro. O que importar?"
          value={skip ? "skip" : "nothing"}
          onChange={(v) => onSkip(v === "skip")}
        >
          <Stack gap="xs" mt="xs">
            <Radio value="skip" label={`Só as linhas válidas (${writes}); as ${counts.erro} com erro ficam de fora`} />
            <Radio value="nothing" label="Nada, enquanto houver erros (corrijo a planilha e envio de novo)" />
          </Stack>
        </Radio.Group>
      )}
      {kind === "alunos" && preview.smsConfigured && (
        <Checkbox
          label="Enviar também a cada novo aluno o código e a senha por SMS"
          checked={sendSms}
          onChange={(e) => onSendSms(e.currentTarget.checked)}
        />
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Voltar
        </Button>
        <Button onClick={onImport} loading={pending} disabled={writes === 0 || (counts.erro > 0 && !skip)}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
