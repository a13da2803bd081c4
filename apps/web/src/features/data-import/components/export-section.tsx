import { Alert, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { IconFileZip } from "@tabler/icons-react";
import { dataExportUrl } from "../api/data-export";

export const EXPORT_FILES_NOTE =
  "Os arquivos dos documentos e dos comprovantes não vão na exportação: estão na cópia de segurança.";

/**
 * 'Exportar todos os dados' (super_admin; issue 38, decision 101): every table in one ZIP, a CSV and an Excel
 * file each; the courses, teachers, classes and students in the columns 'Importar dados' reads.
 */
export function ExportSection() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="data-export-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="data-export-title">
          Exportar todos os dados
        </Title>
        <Text size="sm">
          Um arquivo ZIP com cada tabela em CSV e em Excel: cursos, professores, turmas, alunos e inscrições, contas de
          alunos, pagamentos, comprovantes, certificados e histórico. Os cursos, professores, turmas e alunos vêm com as
          colunas desta importação: importados em outra instalação, trazem os mesmos dados.
        </Text>
        <Alert color="gray" variant="light">
          {EXPORT_FILES_NOTE}
        </Alert>
        <Group>
          <Button component="a" href={dataExportUrl()} download leftSection={<IconFileZip size={16} />}>
            Exportar todos os dados
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
