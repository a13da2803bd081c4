import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { IconCopy, IconDownload } from "@tabler/icons-react";
import { useNavigate } from "react-router";
import { toastSuccess } from "../../../lib/toast";

/** The 10 backup codes, shown once after the set-up, to copy or download (decision 076). */
export function BackupCodes({ codes }: { codes: string[] }) {
  const navigate = useNavigate();
  const text = `Códigos de recuperação — verificação em dois passos\n\n${codes.join("\n")}\n\nCada código serve uma única vez.\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = "codigos-de-recuperacao.txt";
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Stack gap="md">
      <Alert color="green" variant="light" title="Verificação em dois passos ativa">
        A partir de agora, cada entrada pede o código do aplicativo depois da senha.
      </Alert>
      <Text fw={600}>Códigos de recuperação</Text>
      <Text size="sm">
        Guarde estes 10 códigos num lugar seguro: se não tiver o celular, cada um permite entrar uma única vez. Não
        voltarão a ser mostrados.
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" aria-label="Códigos de recuperação" component="ul" p={0} m={0}>
        {codes.map((code) => (
          <Code key={code} component="li" fz="md" style={{ listStyle: "none" }} data-testid="backup-code">
            {code}
          </Code>
        ))}
      </SimpleGrid>
      <Group>
        <CopyButton value={codes.join("\n")}>
          {({ copy }) => (
            <Button
              variant="light"
              leftSection={<IconCopy size={16} aria-hidden />}
              onClick={() => {
                copy();
                toastSuccess("Códigos copiados");
              }}
            >
              Copiar códigos
            </Button>
          )}
        </CopyButton>
        <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
          Baixar códigos
        </Button>
        <Button onClick={() => navigate("/admin")}>Continuar</Button>
      </Group>
    </Stack>
  );
}
