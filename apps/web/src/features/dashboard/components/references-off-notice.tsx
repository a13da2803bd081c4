import { Text } from "@mantine/core";
import { WarningNotice } from "../../../components/warning-notice";

/**
 * References switched off with references still valid (decision 084), for finance and the super_admin:
 * students are told not to pay them, and a payment already made waits at ProxyPay until they are on again.
 */
export function ReferencesOffNotice({ suspended }: { suspended: number }) {
  if (suspended === 0) return null;
  const references =
    suspended === 1
      ? "1 referência emitida antes ainda está válida"
      : `${suspended} referências emitidas antes ainda estão válidas`;
  return (
    <WarningNotice title="Pagamento por referência Multicaixa desligado">
      <Text size="sm">
        O portal deixou de receber os pagamentos por referência Multicaixa, mas {references}. Os alunos veem na Área do
        Aluno que não devem pagar essas referências e como pagar por transferência.
      </Text>
      <Text size="sm" mt="xs">
        Um pagamento já feito a uma destas referências fica na ProxyPay e só é registrado quando o serviço for religado.
        Até lá, confirme o pagamento pelo comprovante que o aluno enviar; se depois chegar da ProxyPay, aparece em
        «Pagamentos por referência» para arquivar.
      </Text>
    </WarningNotice>
  );
}
