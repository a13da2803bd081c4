import type { ColumnMapping } from "@app/shared/contract/bank-statements.schemas";
import { Button, Group, SegmentedControl, Select, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import {
  type AmountLayout,
  columnOptions,
  initialMapping,
  type MappingRole,
  type MappingValues,
  type PreviewTable,
  ROLE_LABELS,
  rolesOf,
  sampleOf,
  toColumnMapping,
} from "../logic/mapping";

/**
 * The column mapping step: one select per role (Data, Valor or Crédito/Débito, Descritivo, Ordenante)
 * naming the file's columns, prefilled with the bank's remembered mapping, each showing what its column
 * holds; then the file's first rows.
 */
export function MappingStep({
  preview,
  pending,
  onBack,
  onImport,
}: {
  preview: PreviewTable;
  pending: boolean;
  onBack: () => void;
  onImport: (mapping: ColumnMapping) => void;
}) {
  const [values, setValues] = useState<MappingValues>(() => initialMapping(preview));
  const [errors, setErrors] = useState<Partial<Record<MappingRole, string>>>({});
  const options = columnOptions(preview);
  const set = (changes: Partial<MappingValues>) => {
    setValues((v) => ({ ...v, ...changes }));
    setErrors({});
  };
  const submit = () => {
    const result = toColumnMapping(values);
    if ("errors" in result) setErrors(result.errors);
    else onImport(result.mapping);
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {preview.mapping
          ? "As colunas deste banco já são conhecidas. Confirme e importe."
          : "Primeira importação deste banco: indique o que cada coluna contém. Fica guardado para as próximas."}
      </Text>
      <SegmentedControl
        aria-label="Como o banco escreve os valores"
        value={values.layout}
        onChange={(layout) => set({ layout: layout as AmountLayout })}
        data={[
          { value: "amount", label: "Uma coluna de valor" },
          { value: "creditDebit", label: "Crédito e débito" },
        ]}
        fullWidth
        maw={420}
      />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: rolesOf(values.layout).length }}>
        {rolesOf(values.layout).map((role) => (
          <Select
            key={role}
            label={ROLE_LABELS[role]}
            placeholder={role === "payer" || role === "debit" || role === "credit" ? "Nenhuma" : "Escolha a coluna"}
            withAsterisk={role === "date" || role === "amount" || role === "reference"}
            data={options}
            value={values[role] || null}
            onChange={(column) => set({ [role]: column ?? "" })}
            clearable={!(role === "date" || role === "amount" || role === "reference")}
            error={errors[role]}
            description={sampleOf(preview, values[role]) ? `Ex.: ${sampleOf(preview, values[role])}` : undefined}
            comboboxProps={{ withinPortal: true }}
          />
        ))}
      </SimpleGrid>
      <Stack gap={4}>
        <Text fw={600} size="sm">
          Primeiras linhas do ficheiro
        </Text>
        {/* Focusable: a keyboard scrolls it sideways on a phone. */}
        <Table.ScrollContainer
          minWidth={560}
          type="native"
          tabIndex={0}
          role="region"
          aria-label="Primeiras linhas do ficheiro (deslize para os lados)"
        >
          <Table striped withTableBorder fz="xs" verticalSpacing={4}>
            <Table.Caption style={{ captionSide: "top", textAlign: "left" }} className="visually-hidden">
              Primeiras linhas do ficheiro
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
        </Table.ScrollContainer>
      </Stack>
      <Group justify="flex-end">
        <Button variant="default" onClick={onBack} disabled={pending}>
          Voltar
        </Button>
        <Button onClick={submit} loading={pending}>
          Importar
        </Button>
      </Group>
    </Stack>
  );
}
