import { WarningNotice } from "../../../components/warning-notice";

/**
 * Said before a certificate is issued while BASE_URL is a loopback address (decision 049): the
 * certificate, its QR code and its credential would carry an address that works on no other machine.
 */
export function LoopbackWarning({ baseUrl }: { baseUrl: string | null }) {
  if (!baseUrl) return null;
  return (
    <WarningNotice title="O portal ainda não tem o seu endereço público">
      Este servidor usa o endereço {baseUrl} (BASE_URL), que só funciona no próprio computador. O certificado, o seu
      código QR e a credencial digital ficam com este endereço para sempre. Peça ao administrador do sistema que
      configure BASE_URL antes de emitir certificados.
    </WarningNotice>
  );
}

/** The question asked before a 'Concluído' under the institute's pass mark issues a certificate. */
export function PassMarkQuestion({ question }: { question: string | null }) {
  return question ? <WarningNotice>{question}</WarningNotice> : null;
}
