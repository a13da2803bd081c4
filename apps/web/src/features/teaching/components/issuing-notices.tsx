import { Stack, Text } from "@mantine/core";
import { BaseUrlTechnicianDetails } from "../../../components/technician-details";
import { WarningNotice } from "../../../components/warning-notice";

/**
 * Said before a certificate is issued while BASE_URL is a loopback address (decision 049): the
 * certificate, its QR code and its credential would carry an address that works on no other machine.
 * In a teacher's words; the variable and the restart are behind 'Detalhes para o técnico' (decision 088).
 */
export function LoopbackWarning({ baseUrl }: { baseUrl: string | null }) {
  if (!baseUrl) return null;
  return (
    <WarningNotice title="O portal ainda não tem o seu endereço público">
      <Stack gap="xs">
        <Text size="sm">
          Um certificado emitido agora levaria, para sempre, um endereço que só funciona no computador onde o portal
          está instalado: o código QR e a verificação do certificado não funcionariam para mais ninguém. Peça à direção
          do instituto que mande configurar o endereço público antes de emitir certificados.
        </Text>
        <BaseUrlTechnicianDetails baseUrl={baseUrl} />
      </Stack>
    </WarningNotice>
  );
}

/** The question asked before a 'Concluído' under the institute's pass mark issues a certificate. */
export function PassMarkQuestion({ question }: { question: string | null }) {
  return question ? <WarningNotice>{question}</WarningNotice> : null;
}
