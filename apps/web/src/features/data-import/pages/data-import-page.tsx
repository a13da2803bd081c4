import {
  IMPORT_KINDS,
  IMPORT_SPECS,
  type ImportKind,
  type ImportMapping,
  type ImportOutcome,
} from "@app/shared/data-import/kinds";
import { canOpenScreen } from "@app/shared/screen-access";
import { Alert, Button, FileInput, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconDownload, IconFileUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { PageHeader } from "../../../components/page-header";
import { StatCard } from "../../../components/stat-card";
import { ApiError } from "../../../lib/api-error";
import { errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { toastError } from "../../../lib/toast";
import { type ImportPreview, type ImportResult, templateUrl, useImport, usePreview } from "../api/data-import";
import { CredentialsList } from "../components/credentials-list";
import { ExportSection } from "../components/export-section";
import { PreviewPanel } from "../components/preview-panel";

const KIND_OPTIONS = IMPORT_KINDS.map((k) => ({ value: k, label: IMPORT_SPECS[k].label }));

/**
 * /admin/settings/data-import 'Importar dados' (super_admin, admin; issue 38, decision 097): choose what to
 * import → download its template → send the sheet → check the columns and each row's outcome → 'Importar'
 * → the counts and the new students' access list. The super_admin also exports everything from here.
 */
export function Component() {
  const [kind, setKind] = useState<ImportKind>("cursos");
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [skip, setSkip] = useState(true);
  const [sendSms, setSendSms] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const reading = usePreview();
  const importing = useImport();
  // Taking everything out is the super_admin's, as Configurações (decision 101); admin only imports.
  const exports = canOpenScreen(useSession().data?.staff?.role, "settings");
  // A double click sends one request: isPending is only seen at the next render.
  const sending = useRef(false);

  const read = (page: number, only: ImportOutcome | null, mapping?: ImportMapping) => {
    if (!file) {
      setFileError("Escolha a planilha (CSV ou XLSX)");
      return;
    }
    reading.mutate(
      { kind, file, mapping, page, outcome: only },
      {
        onSuccess: (p) => {
          setPreview(p);
          setOutcome(only);
        },
        onError: (e) => {
          const reason = e instanceof ApiError ? e.issues.find((i) => i.path === "file")?.message : undefined;
          if (reason) setFileError(reason);
          toastError("Erro ao ler a planilha", errorMessage(e));
        },
      },
    );
  };
  const restart = () => {
    setPreview(null);
    setResult(null);
    setFile(null);
  };
  const runImport = () => {
    if (!file || !preview || sending.current) return;
    sending.current = true;
    importing.mutate(
      { kind, file, mapping: preview.mapping, skip, sendSms },
      {
        onSettled: () => {
          sending.current = false;
        },
        onSuccess: setResult,
        onError: (e) => toastError("Erro ao importar", errorMessage(e)),
      },
    );
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title="Importar dados"
        subtitle="Traga os cursos, professores, turmas e alunos das planilhas que o instituto já usa"
      />
      <Paper withBorder p="md" radius="md" component="section" aria-label="Importação">
        {result ? (
          <Stack gap="md">
            <Title order={2} size="h4">
              {IMPORT_SPECS[result.kind].label}: importação concluída
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <StatCard compact label="Novas" value={result.counts.nova} />
              <StatCard compact label="Atualizadas" value={result.counts.atualizada} />
              <StatCard compact label="Iguais" value={result.counts.igual} />
              <StatCard compact label="Com erro (não importadas)" value={result.counts.erro} />
            </SimpleGrid>
            {result.credentials.length > 0 && <CredentialsList rows={result.credentials} />}
            <Group>
              <Button onClick={restart}>Importar outra planilha</Button>
            </Group>
          </Stack>
        ) : preview && file ? (
          <PreviewPanel
            kind={kind}
            preview={preview}
            outcome={outcome}
            skip={skip}
            sendSms={sendSms}
            onSendSms={setSendSms}
            pending={importing.isPending}
            onMapping={(m) => read(1, outcome, m)}
            onPage={(page, only) => read(page, only, preview.mapping)}
            onSkip={setSkip}
            onBack={() => setPreview(null)}
            onImport={runImport}
          />
        ) : (
          <Stack gap="md">
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="O que importar"
                data={KIND_OPTIONS}
                value={kind}
                allowDeselect={false}
                onChange={(v) => v && setKind(v as ImportKind)}
              />
              <FileInput
                label="Planilha"
                description="CSV ou Excel (XLSX), até 5 MB"
                placeholder="Escolher arquivo"
                withAsterisk
                accept=".csv,.xlsx,text/csv"
                leftSection={<IconFileUpload size={16} />}
                value={file}
                onChange={(f) => {
                  setFile(f);
                  setFileError(undefined);
                }}
                error={fileError}
                clearable
              />
            </SimpleGrid>
            <Text size="sm">
              Linhas já importadas são reconhecidas pela chave ({IMPORT_SPECS[kind].key}): corrigir a planilha e
              importá-la de novo atualiza só as linhas que mudaram. Importe nesta ordem: cursos, professores, turmas,
              alunos.
            </Text>
            <Alert color="gray" variant="light">
              Documentos e arquivos dos comprovantes não fazem parte da importação.
            </Alert>
            <Group justify="space-between">
              <Button
                component="a"
                href={templateUrl(kind)}
                download
                variant="default"
                leftSection={<IconDownload size={16} />}
              >
                Baixar modelo ({IMPORT_SPECS[kind].label})
              </Button>
              <Button onClick={() => read(1, null)} loading={reading.isPending}>
                Pré-visualizar
              </Button>
            </Group>
          </Stack>
        )}
      </Paper>
      {exports && <ExportSection />}
    </Stack>
  );
}
