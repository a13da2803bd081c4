import { formatCertificateNumber } from "@app/shared/certificate-number";
import { formatDate } from "@app/shared/dates";
import { Alert, Anchor, Badge, Button, Group, Paper, Progress, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAward, IconDownload, IconExternalLink, IconFileCertificate, IconInfoCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/form-errors";
import {
  type CourseInProgress,
  certificateCredentialUrl,
  certificatePdfUrl,
  type OwnCertificate,
  ownCertificatesQuery,
} from "../api/own-certificates";
import { certificateFileName } from "../logic/certificate-files";

/** Filled, dark shades: white small text stays above 4.5:1 (WCAG AA), as the other status badges. */
const DONE = "#1f6b30";

/**
 * /aluno/certificados 'Meus Certificados' (SPEC §2 'Student certificates screen'): the certificates of
 * every own enrolment (a revoked one stays, marked 'Revogado'), then the courses still in progress with
 * their progress from the class dates (SPEC §4 'Course progress'), and the note on how certificates come.
 */
export function Component() {
  const { data, isPending, isError, error } = useQuery(ownCertificatesQuery);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Meus Certificados
      </Title>
      {isPending ? (
        <Skeleton height={140} />
      ) : isError ? (
        <Alert color="red" title="Erro ao carregar os certificados">
          {errorMessage(error)}
        </Alert>
      ) : (
        <>
          {data.certificates.length === 0 ? (
            <Paper withBorder p="xl">
              <Stack gap={4} align="center" ta="center">
                <IconAward size={40} aria-hidden color="var(--mantine-color-gray-6)" />
                <Text fw={600}>Nenhum certificado emitido ainda</Text>
                <Text size="sm" c="dimmed">
                  Complete seus cursos para receber certificados
                </Text>
              </Stack>
            </Paper>
          ) : (
            <Stack
              gap="sm"
              component="ul"
              aria-label="Certificados"
              style={{ listStyle: "none", padding: 0, margin: 0 }}
            >
              {data.certificates.map((c) => (
                <CertificateCard key={c.id} certificate={c} />
              ))}
            </Stack>
          )}
          {data.inProgress.length > 0 && <InProgress courses={data.inProgress} />}
        </>
      )}
      <Alert color="blue" icon={<IconInfoCircle size={20} />} title="Como recebo o certificado?">
        Os certificados são emitidos automaticamente após a conclusão do curso, quando o professor registra o seu
        resultado. Cada certificado tem um número que qualquer pessoa pode confirmar em{" "}
        <Anchor component={Link} to="/verificar" inherit>
          Verificar certificado
        </Anchor>
        .
      </Alert>
    </Stack>
  );
}

function CertificateCard({ certificate: c }: { certificate: OwnCertificate }) {
  const number = formatCertificateNumber(c.number);
  const revoked = c.revokedAt !== null;
  return (
    <Paper withBorder p={{ base: "sm", sm: "md" }} component="li" aria-label={`Certificado: ${c.courseName}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            <IconFileCertificate size={28} aria-hidden color="var(--mantine-color-blue-8)" style={{ flexShrink: 0 }} />
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={2} size="h4">
                {c.courseName}
              </Title>
              <Text size="sm">
                Certificado n.º{" "}
                <Text span ff="monospace" fw={600}>
                  {number}
                </Text>
              </Text>
            </Stack>
          </Group>
          <Group gap={6}>
            {revoked ? (
              <Badge color="red.8" variant="filled" style={{ textTransform: "none" }}>
                Revogado
              </Badge>
            ) : (
              <Badge color={DONE} variant="filled" style={{ textTransform: "none" }}>
                Curso Concluído
              </Badge>
            )}
            {!revoked && !c.fileReady && (
              <Badge color="gray.7" variant="filled" style={{ textTransform: "none" }}>
                Em processamento
              </Badge>
            )}
          </Group>
        </Group>
        <Group gap="lg" wrap="wrap">
          <Labelled label="Data de conclusão" value={formatDate(c.completionDate)} />
          <Labelled label="Data de emissão" value={formatDate(c.issueDate)} />
        </Group>
        {revoked ? (
          <Text size="sm" c="red.9">
            Este certificado foi revogado em {formatDate(c.revokedAt)} e já não é válido. Em caso de dúvida, entre em
            contato com a secretaria do instituto.
          </Text>
        ) : (
          c.fileReady && (
            <Group gap="xs" wrap="wrap">
              <Button
                component="a"
                href={certificatePdfUrl(c.id)}
                target="_blank"
                rel="noopener noreferrer"
                variant="light"
                size="xs"
                leftSection={<IconExternalLink size={14} aria-hidden />}
                aria-label={`Visualizar o certificado de ${c.courseName}`}
              >
                Visualizar
              </Button>
              <Button
                component="a"
                href={certificatePdfUrl(c.id, true)}
                download={certificateFileName(c.number, "pdf")}
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                aria-label={`Baixar PDF do certificado de ${c.courseName}`}
              >
                Baixar PDF
              </Button>
              <Button
                component="a"
                href={certificateCredentialUrl(c.id)}
                download={certificateFileName(c.number, "json")}
                variant="default"
                size="xs"
                leftSection={<IconDownload size={14} aria-hidden />}
                aria-label={`Baixar credencial digital do certificado de ${c.courseName}`}
              >
                Baixar credencial digital
              </Button>
            </Group>
          )
        )}
      </Stack>
    </Paper>
  );
}

function InProgress({ courses }: { courses: CourseInProgress[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="in-progress-title">
      <Title order={2} size="h3" id="in-progress-title">
        Cursos em Andamento
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {courses.map((c) => (
          <Paper key={c.enrollmentId} withBorder p={{ base: "sm", sm: "md" }} component="li" aria-label={c.courseName}>
            <Stack gap="xs">
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Title order={3} size="h4">
                    {c.courseName}
                  </Title>
                  {c.className && (
                    <Text size="sm" c="dimmed">
                      {c.className}
                    </Text>
                  )}
                </Stack>
                <Badge color="blue.8" variant="filled" style={{ textTransform: "none" }}>
                  Em andamento
                </Badge>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <Progress
                  value={c.progress}
                  size="lg"
                  style={{ flex: 1 }}
                  aria-label={`Progresso de ${c.courseName}`}
                  color="blue.8"
                />
                <Text size="sm" fw={600} style={{ minWidth: "3.5em", textAlign: "right" }}>
                  {c.progress}%
                </Text>
              </Group>
              <Labelled
                label="Conclusão prevista"
                value={c.endDate ? formatDate(c.endDate) : "a definir (sem turma atribuída)"}
              />
            </Stack>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}

/** 'Label: value' on one line, the label dimmed. */
function Labelled({ label, value }: { label: string; value: string }) {
  return (
    <Text size="sm">
      <Text span c="dimmed">
        {label}:
      </Text>{" "}
      {value}
    </Text>
  );
}
