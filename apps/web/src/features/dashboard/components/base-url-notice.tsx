import { Code } from "@mantine/core";
import { WarningNotice } from "../../../components/warning-notice";
import { useBaseUrlStatus } from "../api/base-url";

/**
 * The super_admin's dashboard says so while BASE_URL is a loopback address (decision 049): every
 * certificate, its QR code and its signed credential would carry it for ever. Nobody else asks.
 */
export function BaseUrlNotice() {
  const { isSuperAdmin, data } = useBaseUrlStatus();
  if (!isSuperAdmin || !data?.loopback) return null;
  return (
    <WarningNotice title="Configure o endereço público do portal (BASE_URL)">
      O portal está a usar o endereço <Code>{data.baseUrl}</Code>, que só funciona no próprio computador. Os
      certificados, os seus códigos QR e as credenciais digitais levam este endereço para sempre: defina a variável
      BASE_URL com o endereço público (ex.: https://portal.instituto.ao) e reinicie o servidor antes de emitir o
      primeiro certificado.
    </WarningNotice>
  );
}
