import { APPLICATION_SOURCE_LABELS } from "@app/shared/application-source";
import { Paper, Table, Text, Title } from "@mantine/core";
import { useId } from "react";
import type { DashboardFigures } from "../api/dashboard";

/**
 * 'Inscrições por origem' (decision 093): the applications of the last 30 days by where the applicant heard
 * of the course (a link's ?origem= or the form's answer), every known source listed, then those who did not say.
 */
export function ApplicationsBySource({ figures }: { figures: DashboardFigures["applicationsBySource"] }) {
  const titleId = useId();
  const rows = [
    ...figures.sources.map((s) => ({ key: s.source, label: APPLICATION_SOURCE_LABELS[s.source], count: s.count })),
    { key: "none", label: "Não informado", count: figures.notStated },
  ];
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId} h="100%">
      <Title order={2} size="h4" id={titleId}>
        Inscrições por origem
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        Últimos {figures.periodDays} dias: como o candidato soube do curso
      </Text>
      <Table striped>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Origem</Table.Th>
            <Table.Th scope="col" ta="right">
              Inscrições
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.key}>
              <Table.Th scope="row" fw={400}>
                {r.label}
              </Table.Th>
              <Table.Td ta="right">{r.count.toLocaleString("pt-AO")}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}
