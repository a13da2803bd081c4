import { formatCertificateNumber } from "@app/shared/certificate-number";
import { workloadLabel } from "@app/shared/rules";
import { Button, Container, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { type ChangeEvent, type DragEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import { ApiError } from "../../../lib/api-error";
import { type CredentialVerification, type Verification, verifyCredential, verifyNumber } from "../api/verify";
import { CREDENTIAL_MAX_BYTES, readCredentialFile } from "../logic/credential-file";
import { calendarDateLabel, dateLabel } from "../logic/verification";

type Lookup =
  | { state: "idle" }
  | { state: "loading" }
  | { state: "done"; answer: Verification | CredentialVerification }
  | { state: "error"; message: string };

const errorText = (e: unknown) =>
  e instanceof ApiError ? e.message : "Não foi possível verificar agora. Tente novamente.";

/**
 * /verificar and /verificar/:numero — public, no login: anyone (an employer) types a certificate number
 * or drops the credential file the student gave them, and reads what the institute's records say.
 * Only the Mantine components the public pages already load, and no date library.
 */
export function Component() {
  const { numero } = useParams();
  const navigate = useNavigate();
  const [typed, setTyped] = useState(numero ? formatCertificateNumber(numero) : "");
  const [lookup, setLookup] = useState<Lookup>({ state: "idle" });
  const [file, setFile] = useState<Lookup>({ state: "idle" });

  useEffect(() => {
    if (!numero) {
      setLookup({ state: "idle" });
      return;
    }
    setTyped(formatCertificateNumber(numero));
    const controller = new AbortController();
    setLookup({ state: "loading" });
    verifyNumber(numero, controller.signal).then(
      (answer) => setLookup({ state: "done", answer }),
      (e: unknown) => {
        if (!controller.signal.aborted) setLookup({ state: "error", message: errorText(e) });
      },
    );
    return () => controller.abort();
  }, [numero]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clean = typed.replace(/[\s-]/g, "").toUpperCase();
    if (!clean) {
      setLookup({ state: "error", message: "Digite o número do certificado." });
      return;
    }
    setFile({ state: "idle" });
    navigate(`/verificar/${formatCertificateNumber(clean)}`);
  };

  const check = async (picked: File) => {
    setFile({ state: "loading" });
    try {
      const credential = await readCredentialFile(picked);
      setFile({ state: "done", answer: await verifyCredential(credential) });
    } catch (e) {
      setFile({ state: "error", message: e instanceof Error ? e.message : errorText(e) });
    }
  };

  return (
    <Container size="sm" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>Verificar certificado</Title>
          <Text c="dimmed">
            Confirme se um certificado foi emitido pelo instituto: digite o número impresso no certificado ou use o
            código QR.
          </Text>
        </Stack>
        <form noValidate onSubmit={submit} aria-label="Verificar pelo número">
          <Group align="flex-end" gap="sm" wrap="wrap">
            <TextInput
              label="Número do certificado"
              placeholder="XXXX-XXXX-XX"
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              style={{ flex: "1 1 14rem" }}
            />
            <Button type="submit" loading={lookup.state === "loading"}>
              Verificar
            </Button>
          </Group>
        </form>
        <LookupResult lookup={lookup} title="Resultado da verificação" />
        <CredentialDrop onFile={check} busy={file.state === "loading"} />
        <LookupResult lookup={file} title="Resultado da verificação do arquivo" />
      </Stack>
    </Container>
  );
}

function LookupResult({ lookup, title }: { lookup: Lookup; title: string }) {
  if (lookup.state === "idle") return null;
  if (lookup.state === "loading")
    return (
      <Text role="status" c="dimmed">
        Verificando…
      </Text>
    );
  if (lookup.state === "error")
    return (
      <Paper withBorder p="md" role="alert" style={{ borderColor: "var(--mantine-color-red-8)" }}>
        <Text c="red.9" fw={600}>
          {lookup.message}
        </Text>
      </Paper>
    );
  return <ResultCard answer={lookup.answer} title={title} />;
}

const LOOKS = {
  valid: { label: "Válido", color: "#1f6b30", text: "Este certificado foi emitido pelo instituto e é válido." },
  revoked: { label: "Revogado", color: "var(--mantine-color-red-9)", text: "Este certificado foi revogado." },
  not_found: {
    label: "Não encontrado",
    color: "var(--mantine-color-gray-8)",
    text: "Não existe nenhum certificado com este número. Confira o número escrito.",
  },
} as const;

function ResultCard({ answer, title }: { answer: Verification | CredentialVerification; title: string }) {
  const look = LOOKS[answer.result];
  const credential = "signatureValid" in answer ? answer : undefined;
  const rows: [string, string][] =
    answer.result === "not_found"
      ? [["Número", formatCertificateNumber(answer.number)]]
      : [
          ["Aluno", answer.studentName ?? "—"],
          ["Curso", answer.courseName ?? "—"],
          // Hours are a 'Carga horária'; without them the certificate states months, a 'Duração'.
          [
            answer.workloadHours ? "Carga horária" : "Duração",
            answer.durationMonths === null ? "—" : workloadLabel(answer.workloadHours, answer.durationMonths),
          ],
          ["Data de conclusão", calendarDateLabel(answer.completionDate)],
          ["Data de emissão", calendarDateLabel(answer.issueDate)],
          ["Número", formatCertificateNumber(answer.number)],
        ];
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-label={title}
      style={{ borderColor: look.color, borderWidth: 2, borderLeftWidth: 8 }}
    >
      <Stack gap="sm" role="status">
        <Text fw={800} size="xl" style={{ color: look.color }}>
          {look.label}
        </Text>
        <Text size="sm">
          {look.text}
          {answer.result === "revoked" && answer.revokedAt && ` Revogado em ${dateLabel(answer.revokedAt)}.`}
        </Text>
        {credential && (
          <Text size="sm" fw={600}>
            {credential.signatureValid && credential.matchesRecord
              ? "A assinatura digital do arquivo é válida e corresponde ao registro do instituto."
              : "O arquivo não corresponde ao registro do instituto."}
          </Text>
        )}
        <dl style={{ margin: 0, display: "grid", gridTemplateColumns: "max-content 1fr", gap: "4px 16px" }}>
          {rows.map(([term, value]) => (
            <div key={term} style={{ display: "contents" }}>
              <Text component="dt" size="sm" c="dimmed">
                {term}
              </Text>
              <Text component="dd" size="sm" fw={600} m={0} style={{ overflowWrap: "anywhere" }}>
                {value}
              </Text>
            </div>
          ))}
        </dl>
      </Stack>
    </Paper>
  );
}

/** A drop zone and a file field for the credential JSON (no dropzone library on a public page). */
function CredentialDrop({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const pick = (files: FileList | null) => {
    const f = files?.[0];
    if (f && !busy) onFile(f);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    pick(e.dataTransfer.files);
  };
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    pick(e.currentTarget.files);
    e.currentTarget.value = "";
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="credential-title">
      <Title order={2} size="h3" id="credential-title">
        Verificar arquivo de credencial
      </Title>
      <Text size="sm" c="dimmed">
        O aluno pode entregar o certificado também como credencial digital (um arquivo .json assinado pelo instituto, no
        formato Open Badges 3.0). A verificação confirma a assinatura e compara-a com o registro.
      </Text>
      <Paper
        withBorder
        p="lg"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        style={{
          borderStyle: "dashed",
          borderWidth: 2,
          borderColor: over ? "var(--mantine-color-blue-8)" : undefined,
          background: over ? "var(--mantine-color-blue-0)" : undefined,
        }}
      >
        <Stack gap="xs" align="center" ta="center">
          <Text size="sm">Arraste o arquivo da credencial para cá, ou</Text>
          <Button variant="default" loading={busy} onClick={() => input.current?.click()}>
            Escolher arquivo (.json)
          </Button>
          {/* Hidden: the button above opens it (a styled, focusable control with a visible name). */}
          <input
            ref={input}
            type="file"
            accept="application/json,.json"
            aria-label="Arquivo de credencial (.json)"
            onChange={onChange}
            hidden
          />
          <Text size="xs" c="dimmed">
            Máximo {CREDENTIAL_MAX_BYTES / 1024} KB.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
