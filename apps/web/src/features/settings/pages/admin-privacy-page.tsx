import { Stack } from "@mantine/core";
import { PageHeader } from "../../../components/page-header";
import { ErasureRequestsSection, PrivacyNoticeSection } from "../components/privacy-section";

/**
 * /admin/settings/privacy Configurações → 'Privacidade' (super_admin; Lei n.º 22/11, decision 099): the
 * notice students accept, how long the files of ended enrolments are kept, and the erasure requests.
 */
export function Component() {
  return (
    <Stack gap="lg">
      <PageHeader
        title="Privacidade"
        subtitle="Aviso de privacidade, prazo de conservação dos arquivos e pedidos de exclusão de dados (Lei n.º 22/11)"
      />
      <PrivacyNoticeSection />
      <ErasureRequestsSection />
    </Stack>
  );
}
