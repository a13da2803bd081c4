import type { ColumnMapping } from "@app/shared/contract/bank-statements.schemas";
import { formatDate } from "@app/shared/dates";
import { Button, Checkbox, Group, Radio, Select, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SidewaysTable } from "../../../components/sideways-table";
import { errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { mappingReadQuery, type StatementPreview, useForgetMapping } from "../api/bank-statements";
import {
  type AmountLayout,
  assignColumn,
  columnOptions,
  EMPTY_MAPPING,
  initialMapping,
  type MappingRole,
  type MappingValues,
  movedMessage,
  ROLE_LABELS,
  rolesOf,
  sameMapping,
  sampleOf,
  toColumnMapping,
} from "../logic/mapping";
import { MappingReadView } from "./mapping-read";

const CHECKED_MESSAGE = "Confirme que conferiu os valores lidos antes de importar";

/**
 * The column mapping step: one select per role (Data, Valor or Crédito/Débito, Descritivo, Ordenante)
 * naming the file's columns, prefilled with the bank's remembered mapping (which finance may forget), each
 * showing what its column holds; then the lines as the server reads them with these columns, with warnings
 * when they look wrong (issue 34); then the file's first rows as they are.
 */
export function MappingStep({
  preview,
  bankName,
  file,
  pending,
  onBack,
  onImport,
}: {
  preview: StatementPreview;
  bankName: string;
  file: File;
  pending: boolean;
  onBack: () => void;
  onImport: (mapping: ColumnMapping) => void;
}) {
  const [values, setValues] = useState<MappingValues>(() => initialMapping(preview));
  const [errors, setErrors] = useState<Partial<Record<MappingRole, string>>>({});
  const [remembered, setRemembered] = useState(preview.remembered);
  const [checked, setChecked] = useState(false);
  const [checkError, setCheckError] = useState<string | null>(null);
  const forgetting = useForgetMapping();
  const options = columnOptions(preview);
  const labelOf = (column: string) => options.find((o) => o.value === column)?.label ?? column;

  const set = (changes: Partial<MappingValues>) => {
    setValues((v) => ({ ...v, ...changes }));
    setErrors({});
    setChecked(false);
  };
  const choose = (role: MappingRole, column: string) => {
    const { values: next, moved } = assignColumn(values, role, column);
    setValues(next);
    setErrors(moved ? { [moved]: movedMessage(labelOf(column), role) } : {});
    setChecked(false);
  };

  // The server reads the file again with the columns chosen; the answer for the proposed ones came with the preview.
  const complete = toColumnMapping(values);
  const mapping = "mapping" in complete ? complete.mapping : null;
  const [settled] = useDebouncedValue(mapping, 300);
  const given = preview.read && mapping && sameMapping(preview.read.mapping, mapping) ? preview.read : undefined;
  const reread = useQuery({ ...mappingReadQuery(bankName, file, given ? null : settled) });
  const read = given ?? (mapping && settled && sameMapping(settled, mapping) ? reread.data : undefined);
  const reading = mapping !== null && !given && (reread.isFetching || !read) && !reread.isError;
  const warned = (read?.warnings.length ?? 0) > 0;

  const submit = () => {
    const result = toColumnMapping(values);
    if ("errors" in result) return setErrors(result.errors);
    if (warned && !checked) return setCheckError(CHECKED_MESSAGE);
    onImport(result.mapping);
  };
  const forget = () => {
    if (!remembered || forgetting.isPending) return;
    forgetting.mutate(remembered.id, {
      onSuccess: () => {
        setRemembered(null);
        set(EMPTY_MAPPING);
        toastSuccess("Colunas esquecidas", `As próximas importações de «${bankName}» começam sem colunas escolhidas.`);
      },
      onError: (e) => toastError("Erro ao esquecer as colunas", errorMessage(e)),
    });
  };
  const changed = remembered && preview.mapping && mapping && !sameMapping(preview.mapping, mapping);

  return (
    <Stack gap="md">
      {remembered ? (
        <Group justify="space-between" align="center" gap="xs">
          <Text size="sm">
            As colunas deste banco já são conhecidas (salvas em {formatDate(remembered.updatedAt)}). Confira os valores
            lidos antes de importar.
          </Text>
          <Button size="compact-sm" variant="subtle" color="red.8" onClick={forget} loading={forgetting.isPending}>
            Esquecer estas colunas
          </Button>
        </Group>
      ) : (
        <Text size="sm">
          {preview.mapping && !preview.remembered
            ? "As colunas deste formato são sempre as mesmas. Confira os valores lidos e importe."
            : "Primeira importação deste banco: indique o que cada coluna contém. Fica salvo para as próximas."}
        </Text>
      )}
      <Radio.Group
        label="Como o banco escreve os valores"
        value={values.layout}
        onChange={(layout) => set({ layout: layout as AmountLayout })}
      >
        <Group gap="lg" mt={6}>
          <Radio value="amount" label="Uma coluna de valor" />
          <Radio value="creditDebit" label="Colunas de crédito e débito" />
        </Group>
      </Radio.Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {rolesOf(values.layout).map((role) => (
          <Select
            key={role}
            label={ROLE_LABELS[role]}
            placeholder={role === "payer" || role === "debit" || role === "credit" ? "Nenhuma" : "Escolha a coluna"}
            withAsterisk={role === "date" || role === "amount" || role === "reference"}
            data={options}
            value={values[role] || null}
            onChange={(column) => choose(role, column ?? "")}
            clearable={!(role === "date" || role === "amount" || role === "reference")}
            error={errors[role]}
            description={sampleOf(preview, values[role]) ? `Ex.: ${sampleOf(preview, values[role])}` : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      {changed && (
        <Text size="sm" c="dimmed">
          Ao importar, estas colunas passam a ser as deste banco.
        </Text>
      )}
      {mapping && (
        <MappingReadView read={read} reading={reading} error={reread.isError ? errorMessage(reread.error) : null} />
      )}
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Primeiras linhas do arquivo
        </Text>
        <SidewaysTable label="Primeiras linhas do arquivo" minWidth={560}>
          <Table striped withTableBorder fz="xs" verticalSpacing={4}>
            <Table.Caption style={{ captionSide: "top", textAlign: "left" }} className="visually-hidden">
              Primeiras linhas do arquivo
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                {options.map((o) => (
                  <Table.Th key={o.value}>{o.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.rows.map((row, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the file's rows have no identity but their order
                <Table.Tr key={i}>
                  {options.map((o) => (
                    <Table.Td key={o.value}>{row[Number(o.value)]}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SidewaysTable>
      </Stack>
      {warned && (
        <Checkbox
          label="Conferi os valores lidos: importar mesmo assim"
          checked={checked}
          onChange={(e) => {
            setChecked(e.currentTarget.checked);
            setCheckError(null);
          }}
          error={checkError}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Voltar
        </Button>
        <Button onClick={submit} loading={pending} disabled={reading}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
