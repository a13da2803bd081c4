import { formatDate, formatDateTime } from "@app/shared/dates";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phone-format";
import { Badge, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { EnrollmentStatusBadge, ReceiptStatusBadge } from "../../../components/status-badges";
import { useStudentAccountRow } from "../api/admin-student-accounts";
import { EmailText } from "./email-text";
import { RecordErasureRequestButton } from "./record-erasure-request-button";

/** An account as the list holds it now (read by id): its data, its enrolments and its receipts. */
export function StudentAccountDetailsDialog({
  opened,
  accountId,
  onClose,
}: {
  opened: boolean;
  accountId: string | null;
  onClose: () => void;
}) {
  const account = useStudentAccountRow(accountId);
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes da conta" size="lg" centered>
      {account && (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DetailField label="Nome" value={account.studentName} />
            <DetailField label="Código de estudante" value={account.studentCode} />
            <DetailField label="Telefone" value={`+244 ${formatAngolanMobile(account.studentPhone)}`} />
            <DetailField
              label="Email"
              value={account.studentEmail ? <EmailText email={account.studentEmail} /> : "—"}
            />
            <DetailField label="Inscrição" value={account.enrollmentCompleted ? "Completa" : "Pendente"} />
            <DetailField
              label="Receber SMS"
              value={`${account.smsOptIn ? "Sim" : "Não (só e-mail e WhatsApp)"}${
                account.smsOptInChangedAt ? ` · alterado em ${formatDateTime(account.smsOptInChangedAt)}` : ""
              }`}
            />
            <DetailField
              label="Senha"
              value={
                account.mustChangePassword
                  ? "Temporária (o aluno ainda não a alterou)"
                  : `Alterada pelo aluno em ${formatDateTime(account.passwordChangedAt)}`
              }
            />
            <DetailField label="Criada em" value={formatDateTime(account.createdAt)} />
          </SimpleGrid>

          <Title order={3} size="h5">
            Inscrições
          </Title>
          {account.enrollments.length === 0 && (
            <Text size="sm" c="dimmed">
              Nenhuma inscrição
            </Text>
          )}
          {account.enrollments.map((e) => (
            <Paper key={e.id} withBorder p="sm">
              <Stack gap={4}>
                <Text fw={600}>{e.courseName}</Text>
                <div>
                  <EnrollmentStatusBadge status={e.status} />
                </div>
                <Text size="sm">Turma: {e.className ?? "Sem turma"}</Text>
                <Text size="sm" c="dimmed">
                  Inscrição em {formatDate(e.applicationDate)}
                  {e.approvalDate && ` · aprovada em ${formatDate(e.approvalDate)}`}
                  {e.classStartDate && ` · aulas de ${formatDate(e.classStartDate)} a ${formatDate(e.classEndDate)}`}
                </Text>
              </Stack>
            </Paper>
          ))}

          <Title order={3} size="h5">
            Comprovantes
          </Title>
          {account.receipts.length === 0 && (
            <Text size="sm" c="dimmed">
              Nenhum comprovante enviado ainda
            </Text>
          )}
          {account.receipts.map((r) => (
            <Paper key={r.id} withBorder p="sm">
              <Stack gap={4}>
                <Text fw={600}>{r.courseName}</Text>
                <div>
                  <ReceiptStatusBadge status={r.status} />
                </div>
                <Text size="sm">
                  {formatKz(r.paidAmount)} pagos em {formatDate(r.paymentDate)}
                </Text>
                <Text size="sm" c="dimmed">
                  Enviado em {formatDateTime(r.submittedAt)}
                </Text>
              </Stack>
            </Paper>
          ))}
          <RecordErasureRequestButton accountId={account.id} studentName={account.studentName} />
        </Stack>
      )}
    </Modal>
  );
}

/** 'Completa' / 'Pendente': whether the student completed the enrolment form (SPEC §2). */
export function CompletionBadge({ completed }: { completed: boolean }) {
  return (
    // Filled dark shades, as the status badges: white small text above 4.5:1.
    <Badge variant="filled" color={completed ? "#1f6b30" : "gray.7"} style={{ textTransform: "none" }}>
      {completed ? "Completa" : "Pendente"}
    </Badge>
  );
}
