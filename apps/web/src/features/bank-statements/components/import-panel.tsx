import {
  Alert,
  Autocomplete,
  Button,
  FileInput,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { IconFileUpload } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { Link } from "react-router";
import { StatCard } from "../../../components/stat-card";
import { ApiError } from "../../../lib/api-error";
import { errorMessage } from "../../../lib/form-errors";
import { toastError } from "../../../lib/toast";
import { type ImportAnswer, type StatementPreview, useImport, usePreview } from "../api/bank-statements";
import { MappingStep } from "./mapping-step";

/** The formats a bank may give (CSV read here; XLSX, MT940 and CAMT.053 by the server's readers). */
const ACCEPT = ".csv,.xlsx,.sta,.mt940,.xml,text/csv";

/** 'Importar extrato': bank and file → the columns' mapping (prefilled for a known bank) → the counts. */
export function ImportPanel({ banks, statementPath }: { banks: string[]; statementPath: (id: string) => string }) {
  const [bankName, setBankName] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<{ bankName?: string; file?: string }>({});
  const [preview, setPreview] = useState<StatementPreview | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const reading = usePreview();
  const importing = useImport();
  // A double click sends one request: isPending is only seen at the next render.
  const sending = useRef(false);
  const once = () => {
    if (sending.current) return false;
    sending.current = true;
    return true;
  };
  const settled = () => {
    sending.current = false;
  };

  const restart = () => {
    setPreview(null);
    setResult(null);
    setFile(null);
  };
  const next = () => {
    const missing = {
      ...(bankName.trim() ? {} : { bankName: "Indique o nome do banco" }),
      ...(file ? {} : { file: "Escolha o arquivo do extrato" }),
    };
    setErrors(missing);
    if (!file || Object.keys(missing).length > 0 || !once()) return;
    reading.mutate(
      { bankName: bankName.trim(), file },
      {
        onSettled: settled,
        onSuccess: setPreview,
        onError: (e) => {
          // A file the server cannot read says why (issue 33): under the file field, and in the toast.
          const reason = e instanceof ApiError ? e.issues.find((i) => i.path === "file")?.message : undefined;
          if (reason) setErrors({ file: reason });
          toastError("Erro ao ler o extrato", errorMessage(e));
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="import-title">
      <Stack gap="md">
        <Title order={2} size="h4" id="import-title">
          {result ? "Extrato importado" : preview ? `Colunas do extrato — ${bankName.trim()}` : "Importar extrato"}
        </Title>
        {result ? (
          <ImportResult result={result} statementPath={statementPath} onAgain={restart} />
        ) : preview && file ? (
          <MappingStep
            preview={preview}
            bankName={bankName.trim()}
            file={file}
            pending={importing.isPending}
            onBack={() => setPreview(null)}
            onImport={(mapping) => {
              if (!once()) return;
              importing.mutate(
                { bankName: bankName.trim(), file, mapping },
                {
                  onSettled: settled,
                  onSuccess: setResult,
                  onError: (e) => toastError("Erro ao importar o extrato", errorMessage(e)),
                },
              );
            }}
          />
        ) : (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Autocomplete
                label="Banco"
                description="O nome guarda as colunas deste banco para a próxima vez"
                placeholder="Ex.: BAI, BFA, BIC…"
                withAsterisk
                data={banks}
                value={bankName}
                onChange={setBankName}
                error={errors.bankName}
                maxLength={100}
              />
              <FileInput
                label="Arquivo do extrato"
                description="CSV, Excel (XLSX), MT940 ou CAMT.053"
                placeholder="Escolher arquivo"
                withAsterisk
                accept={ACCEPT}
                value={file}
                onChange={(chosen) => {
                  setFile(chosen);
                  setErrors(({ file: _, ...others }) => others); // another file: the last one's reason goes
                }}
                error={errors.file}
                leftSection={<IconFileUpload size={16} aria-hidden />}
                clearable
              />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button onClick={next} loading={reading.isPending}>
                Continuar
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/** After the import: how many lines had each outcome, what was already imported, and what was unreadable. */
function ImportResult({
  result,
  statementPath,
  onAgain,
}: {
  result: ImportAnswer;
  statementPath: (id: string) => string;
  onAgain: () => void;
}) {
  const { counts, unreadable } = result;
  const figures: [string, number][] = [
    ["Corresponde", counts.matched],
    ["Valor divergente", counts.divergent],
    ["Já pago", counts.alreadyPaid],
    ["Sem correspondência", counts.unmatched],
    ["Já importadas antes", counts.alreadyImported],
    ["Débitos (ignorados)", counts.debits],
  ];
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
        {figures.map(([label, value]) => (
          <StatCard key={label} label={label} value={value} compact />
        ))}
      </SimpleGrid>
      {unreadable.length > 0 && (
        <Alert
          color="orange"
          title={
            unreadable.length === 1
              ? "1 linha ilegível (não importada)"
              : `${unreadable.length} linhas ilegíveis (não importadas)`
          }
        >
          <List size="sm" spacing={2}>
            {unreadable.map((u) => (
              <List.Item key={u.line}>
                Linha {u.line}: {u.reason}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
      {counts.alreadyImported > 0 && (
        <Text size="sm" c="dimmed">
          As linhas já importadas num extrato anterior não foram repetidas.
        </Text>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onAgain}>
          Importar outro arquivo
        </Button>
        <Button component={Link} to={statementPath(result.statementId)}>
          Ver linhas do extrato
        </Button>
      </Group>
    </Stack>
  );
}
