import { formatIban } from "@app/shared/iban";
import { formatKz } from "@app/shared/money";
import { Divider, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { CopyableValue } from "../../../components/copyable-value";
import { DetailField } from "../../../components/detail-field";
import type { OwnEnrollment } from "../../enrollments/api/enrollments";

/**
 * What the student needs to pay an approved enrolment by bank transfer (SPEC §2 'Student payment
 * screen'): the course, the reference code to write in the transfer's description, the price and the
 * institute's bank details.
 */
export function PaymentDetails({ enrollment }: { enrollment: OwnEnrollment }) {
  const bank = enrollment.bankDetails;
  return (
    <Paper withBorder p="md" bg="var(--mantine-color-blue-light)" aria-label="Dados para pagamento" component="section">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DetailField label="Curso" value={enrollment.courseName} />
          {enrollment.amountPaid > 0 ? (
            // Part already received (decision 083): what is left to pay, of the price.
            <DetailField
              label="Falta pagar"
              value={`${formatKz(enrollment.balance)} (de ${formatKz(enrollment.coursePrice)})`}
            />
          ) : (
            <DetailField label="Valor a pagar" value={formatKz(enrollment.coursePrice)} />
          )}
        </SimpleGrid>
        {enrollment.paymentReferenceCode && (
          <CopyableValue
            label="Código de referência"
            value={enrollment.paymentReferenceCode}
            copied="Código copiado!"
            buttonLabel="Copiar código"
          />
        )}
        <Text size="sm">Escreva o código de referência na descrição da transferência bancária.</Text>
        {bank && (
          <>
            <Divider />
            <Title order={3} size="h5">
              Dados bancários
            </Title>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <DetailField label="Banco" value={bank.bankName} />
              <DetailField label="Beneficiário" value={bank.beneficiary} />
            </SimpleGrid>
            <CopyableValue
              label="IBAN"
              value={bank.iban}
              shown={formatIban(bank.iban)}
              size="md"
              copied="IBAN copiado!"
            />
          </>
        )}
      </Stack>
    </Paper>
  );
}
