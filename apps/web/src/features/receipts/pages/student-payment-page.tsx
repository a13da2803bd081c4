import { enrollmentStatusLabel } from "@app/shared/enums";
import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconCircleCheck, IconClockHour4, IconX } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { errorMessage } from "../../../lib/form-errors";
import { type OwnEnrollment, ownEnrollmentsQuery } from "../../enrollments/api/enrollments";
import { DocumentCorrection } from "../components/document-correction";
import { PaymentDetails } from "../components/payment-details";
import { type EnrollmentPanel, enrollmentPanel, orderForStudent } from "../logic/enrollment-panel";

/** Filled, dark shades: white small text stays above 4.5:1 (WCAG AA), as on 'Inscrições'. */
const BADGE_COLORS: Record<EnrollmentPanel, string> = {
  waiting: "blue.8",
  correction: "#a33d07",
  rejected: "red.8",
  payment: "teal.9",
  enrolled: "#1f6b30", // green.9 is 4.4:1 with white
};

function AwaitApproval() {
  return (
    <Alert color="blue" icon={<IconClockHour4 size={20} />} title="Aguarde Aprovação">
      A sua pré-inscrição está em análise. Assim que a documentação for aprovada, receberá o código de referência para
      pagamento através do WhatsApp.
    </Alert>
  );
}

/**
 * /aluno/pagamento 'Comprovar Pagamento' (SPEC §2 'Student payment screen'; decision 018): for each own
 * enrolment, what the student can do now — wait, replace refused documents, read why it was rejected,
 * or pay with the reference code and the bank details. The receipt upload form comes with issue #13.
 */
export function Component() {
  const { data, isPending, isError, error } = useQuery(ownEnrollmentsQuery);
  let content: ReactNode;
  if (isPending) content = <Skeleton height={120} />;
  else if (isError)
    content = (
      <Alert color="red" title="Erro ao carregar dados">
        {errorMessage(error)}
      </Alert>
    );
  else if (data.length === 0) content = <AwaitApproval />;
  else
    content = orderForStudent(data).map((enrollment) => <EnrollmentCard key={enrollment.id} enrollment={enrollment} />);

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Comprovar Pagamento
      </Title>
      {content}
    </Stack>
  );
}

function EnrollmentCard({ enrollment }: { enrollment: OwnEnrollment }) {
  const panel = enrollmentPanel(enrollment);
  return (
    <Paper
      withBorder
      p={{ base: "sm", sm: "md" }}
      component="article"
      aria-label={`Inscrição: ${enrollment.courseName}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Title order={2} size="h4">
            {enrollment.courseName}
          </Title>
          <Badge color={BADGE_COLORS[panel]} variant="filled" style={{ textTransform: "none" }}>
            {enrollmentStatusLabel(enrollment.status)}
          </Badge>
        </Group>
        {panel === "waiting" && <AwaitApproval />}
        {panel === "correction" && <DocumentCorrection enrollment={enrollment} />}
        {panel === "rejected" && (
          <Alert color="red" icon={<IconX size={20} />} title="Inscrição rejeitada">
            <Text size="sm">{enrollment.rejectionReason ?? "A secretaria não indicou o motivo."}</Text>
            <Text size="sm" mt="xs">
              Em caso de dúvida, contacte a secretaria do instituto.
            </Text>
          </Alert>
        )}
        {panel === "payment" && (
          <>
            <PaymentDetails enrollment={enrollment} />
            {enrollment.status === "payment_pending" ? (
              <Alert color="teal" icon={<IconCircleCheck size={20} />} title="Comprovante enviado">
                Aguarde a validação da equipa financeira.
              </Alert>
            ) : (
              // Issue #13: the receipt upload form (amount, date, file, 'Enviar Comprovante') goes here.
              <Paper withBorder p="sm" style={{ borderStyle: "dashed" }} data-testid="receipt-upload-placeholder">
                <Text size="sm" c="dimmed">
                  Depois de pagar, o envio do comprovante de pagamento estará disponível aqui.
                </Text>
              </Paper>
            )}
          </>
        )}
        {panel === "enrolled" && (
          <Alert color="green" icon={<IconCircleCheck size={20} />} title="Matrícula confirmada">
            O pagamento foi confirmado e está matriculado neste curso.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
