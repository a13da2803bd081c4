import { type EnrollmentStatus, enrollmentStatusLabel } from "@app/shared/enums";
import { Alert, Anchor, Badge, Group, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconAward, IconCircleCheck, IconClockHour4, IconX } from "@tabler/icons-react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useRef } from "react";
import { Link } from "react-router";
import { errorMessage } from "../../../lib/form-errors";
import { type OwnEnrollment, ownEnrollmentsQuery } from "../../enrollments/api/enrollments";
import {
  type OwnReference,
  ownReferencesQuery,
  REFERENCE_REFRESH_MS,
} from "../../payment-references/api/payment-references";
import { type OwnReceipt, ownReceiptsQuery } from "../api/own-receipts";
import { BalanceNotice } from "../components/balance-notice";
import { DocumentCorrection } from "../components/document-correction";
import { MulticaixaReference, SuspendedReference } from "../components/multicaixa-reference";
import { PaymentsReceived } from "../components/payments-received";
import { ReceiptForm } from "../components/receipt-form";
import { ReceiptHistory } from "../components/receipt-history";
import { type EnrollmentPanel, enrollmentPanel, orderForStudent } from "../logic/enrollment-panel";
import { type ReceiptStep, receiptEligible, receiptStep } from "../logic/receipt-form";

/** Filled, dark shades: white small text stays above 4.5:1 (WCAG AA), as on 'Inscrições'. */
const BADGE_COLORS: Record<EnrollmentPanel, string> = {
  waiting: "blue.8",
  correction: "#a33d07",
  rejected: "red.8",
  payment: "teal.9",
  enrolled: "#1f6b30", // green.9 is 4.4:1 with white
  finished: "#1f6b30",
  ended: "gray.7",
};
/**
 * Payable again, but the student must act, as on 'Inscrições': 'Comprovante rejeitado' (decision 050) and
 * 'Pagamento parcial', the rest still owed (decision 083).
 */
const STATUS_COLORS: Partial<Record<EnrollmentStatus, string>> = {
  receipt_rejected: "pink.9",
  partial_payment: "#9a4a00",
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
 * /aluno/pagamento 'Comprovar Pagamento' (SPEC §2 'Student payment screen'; decision 047): for each own
 * enrolment, what the student can do now — wait, replace refused documents, read why it was rejected,
 * or pay (with what was received and what is still owed, decision 083). Below the enrolments: the receipt
 * form with the reference code and the bank details (for the enrolments that can be paid now, decision
 * 043), every payment received whatever the way, and the history of the receipts sent.
 */
export function Component() {
  // Multicaixa references (issue 26): while an enrolment still awaiting payment has its newest reference
  // being made, payable or paid, both lists are asked again every few seconds, so a payment shows
  // 'Matriculado' here without a reload. A payment recorded another way (finance, a receipt) deletes the
  // reference, which then leaves the list: the two lists refresh apart, so an enrolment watched once stays
  // watched until it no longer reads as awaiting payment.
  const client = useQueryClient();
  const watched = useRef(new Set<string>());
  const watching = () => {
    const own = client.getQueryData(ownReferencesQuery.queryKey);
    // References off (decision 084): no payment can arrive by reference, nothing to watch for.
    if (own?.multicaixa === false) return false;
    const refs = own?.references ?? [];
    const payable = (client.getQueryData(ownEnrollmentsQuery.queryKey) ?? []).filter(
      (e) => enrollmentPanel(e) === "payment",
    );
    const watch = (id: string) => {
      const newest = refs.find((r) => r.enrollmentId === id); // the references come newest first
      return newest ? newest.status === "paid" || awaitsPayment(newest) : watched.current.has(id);
    };
    watched.current = new Set(payable.map((e) => e.id).filter(watch));
    return watched.current.size > 0 ? REFERENCE_REFRESH_MS : false;
  };
  const references = useQuery({ ...ownReferencesQuery, refetchInterval: watching });
  const { data, isPending, isError, error } = useQuery({ ...ownEnrollmentsQuery, refetchInterval: watching });
  const receipts = useQuery({ ...ownReceiptsQuery, enabled: !!data && data.length > 0 });
  const referenceOf = (enrollmentId: string) =>
    references.data?.references.find((r) => r.enrollmentId === enrollmentId && r.status !== "paid");
  let content: ReactNode;
  if (isPending) content = <Skeleton height={120} />;
  else if (isError)
    content = (
      <Alert color="red" title="Erro ao carregar dados">
        {errorMessage(error)}
      </Alert>
    );
  else if (data.length === 0) content = <AwaitApproval />;
  else {
    const sent = receipts.data ?? [];
    const eligible = receipts.isSuccess ? receiptEligible(orderForStudent(data), sent) : [];
    content = (
      <>
        {orderForStudent(data).map((enrollment) => (
          <EnrollmentCard
            key={enrollment.id}
            enrollment={enrollment}
            step={receipts.isSuccess ? receiptStep(enrollment, sent) : { kind: "none" }}
            reference={referenceOf(enrollment.id)}
            referencesOn={references.data?.multicaixa ?? true}
          />
        ))}
        <Receipts receipts={receipts} eligible={eligible} enrollments={data} />
      </>
    );
  }

  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Comprovar Pagamento
      </Title>
      {content}
    </Stack>
  );
}

function Receipts({
  receipts,
  eligible,
  enrollments,
}: {
  receipts: { isPending: boolean; isError: boolean; error: unknown; data?: OwnReceipt[] };
  eligible: OwnEnrollment[];
  enrollments: readonly OwnEnrollment[];
}) {
  if (receipts.isPending) return <Skeleton height={160} />;
  if (receipts.isError || !receipts.data)
    return (
      <Alert color="red" title="Erro ao carregar os comprovantes">
        {errorMessage(receipts.error)}
      </Alert>
    );
  return (
    <>
      {/* Keyed by the choices: a receipt sent (or a list changed) starts a fresh form on the next enrolment. */}
      {eligible.length > 0 && <ReceiptForm key={eligible.map((e) => e.id).join()} eligible={eligible} />}
      <PaymentsReceived enrollments={enrollments} />
      <ReceiptHistory receipts={receipts.data} />
    </>
  );
}

const awaitsPayment = (r: OwnReference) => r.status === "creating" || (r.status === "active" && !r.expired);

function EnrollmentCard({
  enrollment,
  step,
  reference,
  referencesOn,
}: {
  enrollment: OwnEnrollment;
  step: ReceiptStep;
  /** Its newest Multicaixa reference not paid (issue 26), if any. */
  reference?: OwnReference;
  /** Off (decision 084): an issued reference is not shown to be paid, but named as one not to pay. */
  referencesOn: boolean;
}) {
  const panel = enrollmentPanel(enrollment);
  const payable = referencesOn ? reference : undefined;
  const suspended = !referencesOn && reference?.reference && !reference.expired ? reference.reference : null;
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
          <Badge
            color={STATUS_COLORS[enrollment.status] ?? BADGE_COLORS[panel]}
            variant="filled"
            style={{ textTransform: "none" }}
          >
            {enrollmentStatusLabel(enrollment.status, enrollment.codeSent)}
          </Badge>
        </Group>
        {panel === "waiting" && <AwaitApproval />}
        {panel === "correction" && <DocumentCorrection enrollment={enrollment} />}
        {panel === "rejected" && (
          <Alert color="red" icon={<IconX size={20} />} title="Inscrição rejeitada">
            <Text size="sm">{enrollment.rejectionReason ?? "A secretaria não indicou o motivo."}</Text>
            <Text size="sm" mt="xs">
              Em caso de dúvida, entre em contato com a secretaria do instituto.
            </Text>
          </Alert>
        )}
        {panel === "payment" && enrollment.amountPaid > 0 && enrollment.balance > 0 && (
          <BalanceNotice enrollment={enrollment} reference={reference} canSend={step.kind === "form"} />
        )}
        {panel === "payment" && step.kind === "pending" && (
          <Alert color="teal" icon={<IconCircleCheck size={20} />} title="Comprovante enviado">
            O seu comprovante aguarda a validação da equipe financeira. Receberá a confirmação da matrícula assim que
            for validado.
          </Alert>
        )}
        {panel === "payment" && step.kind === "form" && step.rejected && (
          <Alert color="red" icon={<IconX size={20} />} title="Comprovante rejeitado">
            <Text size="sm">{step.rejection ?? "A equipe financeira não indicou o motivo."}</Text>
            <Text size="sm" mt="xs">
              Corrija e envie um novo comprovante no formulário abaixo.
            </Text>
          </Alert>
        )}
        {panel === "payment" && payable && step.kind !== "pending" && <MulticaixaReference reference={payable} />}
        {panel === "payment" && suspended && step.kind !== "pending" && <SuspendedReference reference={suspended} />}
        {panel === "payment" && step.kind === "form" && !step.rejected && !suspended && enrollment.amountPaid === 0 && (
          <Text size="sm">
            {payable ? "Ou pague" : "Pague"} por transferência bancária com o código de referência e envie o comprovante
            no formulário abaixo.
          </Text>
        )}
        {panel === "enrolled" && (
          <Alert color="green" icon={<IconCircleCheck size={20} />} title="Matrícula confirmada">
            O pagamento foi confirmado e está matriculado neste curso.
          </Alert>
        )}
        {panel === "finished" && (
          <Alert color="green" icon={<IconAward size={20} />} title="Curso concluído">
            <Text size="sm">Concluiu este curso. O seu certificado está em «Meus Certificados».</Text>
            <Anchor component={Link} to="/aluno/certificados" size="sm" fw={600} mt="xs" display="inline-block">
              Ver o certificado
            </Anchor>
          </Alert>
        )}
        {panel === "ended" && (
          <Alert color="gray" icon={<IconCircleCheck size={20} />} title="Curso terminado sem conclusão">
            O curso terminou com o resultado «Não concluído». Em caso de dúvida, entre em contato com a secretaria do
            instituto.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
