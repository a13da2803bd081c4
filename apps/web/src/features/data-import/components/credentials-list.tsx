import { formatAngolanMobile } from "@app/shared/phones";
import { Button, Group, Stack, Table, Text, Title } from "@mantine/core";
import type { ImportCredential } from "../api/data-import";

/** The secretariat's list as a CSV Excel opens in Portuguese: UTF-8 with a BOM, ';' (the finance export's way). */
function credentialsCsv(rows: ImportCredential[]): string {
  const cell = (s: string) => (/[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  const lines = [
    ["Código de estudante", "Nome", "Telefone", "Senha temporária"],
    ...rows.map((r) => [r.studentCode, r.studentName, formatAngolanMobile(r.studentPhone), r.studentPassword]),
  ];
  return `\uFEFF${lines.map((l) => l.map(cell).join(";")).join("\r\n")}\r\n`;
}

function download(rows: ImportCredential[]) {
  const url = URL.createObjectURL(new Blob([credentialsCsv(rows)], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = "acessos-dos-alunos.csv";
  a.click();
  URL.revokeObjectURL(url);
}

/** The accounts created, with their temporary passwords: shown once, to print or save and hand out. */
export function CredentialsList({ rows }: { rows: ImportCredential[] }) {
  return (
    <Stack gap="sm">
      <Title order={3} size="h5">
        Acessos dos alunos ({rows.length})
      </Title>
      <Text size="sm">
        As senhas são mostradas só agora: imprima ou baixe a lista e entregue a cada aluno o seu código e senha. No
        primeiro acesso, o aluno escolhe uma senha nova.
      </Text>
      <Group gap="xs" className="no-print">
        <Button variant="default" onClick={() => window.print()}>
          Imprimir
        </Button>
        <Button variant="default" onClick={() => download(rows)}>
          Baixar lista (CSV)
        </Button>
      </Group>
      <Table striped fz="sm" horizontalSpacing="xs" aria-label="Acessos dos alunos">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Código</Table.Th>
            <Table.Th>Nome</Table.Th>
            <Table.Th>Telefone</Table.Th>
            <Table.Th>Senha</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.studentCode}>
              <Table.Td ff="monospace">{r.studentCode}</Table.Td>
              <Table.Td>{r.studentName}</Table.Td>
              <Table.Td>{formatAngolanMobile(r.studentPhone)}</Table.Td>
              <Table.Td ff="monospace">{r.studentPassword}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
