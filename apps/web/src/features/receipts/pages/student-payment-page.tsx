import { Alert, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconClockHour4 } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { ownEnrollmentsQuery } from "../../enrollments/api/enrollments";

/** /aluno/pagamento: until an enrolment has a reference code, 'Aguarde Aprovação' (the receipt upload comes later). */
export function Component() {
  const { data, isPending } = useQuery(ownEnrollmentsQuery);
  const withCode = (data ?? []).filter((e) => e.paymentReferenceCode);
  return (
    <Stack gap="lg">
      <Title order={1} size="h2">
        Comprovar Pagamento
      </Title>
      {isPending ? (
        <Skeleton height={90} />
      ) : withCode.length === 0 ? (
        <Alert color="blue" icon={<IconClockHour4 size={20} />} title="Aguarde Aprovação">
          A sua pré-inscrição está em análise. Assim que a documentação for aprovada, receberá o código de referência
          para pagamento através do WhatsApp.
        </Alert>
      ) : (
        <Text>O envio do comprovativo de pagamento estará disponível em breve.</Text>
      )}
    </Stack>
  );
}
