import { Stack, Text } from "@mantine/core";
import { BaseUrlTechnicianDetails } from "../../../components/technician-details";
import { WarningNotice } from "../../../components/warning-notice";
import { useBaseUrlStatus } from "../api/base-url";

/**
 * The super_admin's dashboard says so while BASE_URL is a loopback address (decision 049): every
 * certificate, its QR code and its signed credential would carry it for ever. Nobody else asks. Said in a
 * director's words; what the technician does (the variable, the restart) is behind 'Detalhes para o técnico'
 * (decision 086).
 */
export function BaseUrlNotice() {
  const { isSuperAdmin, data } = useBaseUrlStatus();
  if (!isSuperAdmin || !data?.loopback) return null;
  return (
    <WarningNotice title="Falta configurar o endereço público do portal">
      <Stack gap="xs">
        <Text size="sm">
          O portal ainda não sabe o seu endereço na Internet. Os certificados emitidos agora levariam, para sempre, um
          endereço que só funciona no computador onde o portal está instalado: o código QR e a verificação do
          certificado não funcionariam para mais ninguém. Peça ao técnico que instalou o portal que configure o endereço
          público antes de emitir o primeiro certificado.
        </Text>
        <BaseUrlTechnicianDetails baseUrl={data.baseUrl} />
      </Stack>
    </WarningNotice>
  );
}
