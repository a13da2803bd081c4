import { formatDateTime } from "@app/shared/dates";
import { OWN_DATA_PER_DAY } from "@app/shared/privacy";
import { Alert, Button, Group, List, Skeleton, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Modal } from "../../../components/modal";
import { feedback } from "../../../lib/mutation-feedback";
import { ownDataUrl, ownPrivacyQuery, useRequestErasure } from "../../privacy/api/privacy";
import { AcceptNoticeButton } from "./accept-notice-button";

/**
 * 'Dados de Acesso' → 'Privacidade' (Lei n.º 22/11, decision 099): the notice accepted, when the
 * institute's staff opened the student's documents (never who), and the request to erase their data.
 */
export function PrivacyCard() {
  const { data: own } = useQuery(ownPrivacyQuery);
  const erase = useRequestErasure();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack gap="sm">
      <Title order={2} size="h4" id="privacidade">
        Privacidade
      </Title>
      {!own ? (
        <Skeleton h={60} />
      ) : (
        <>
          <Text size="sm">
            {own.acceptedVersion
              ? `Aviso de privacidade aceito (versão ${own.acceptedVersion}) em ${formatDateTime(own.acceptedAt)}`
              : "Aviso de privacidade ainda não aceito"}
          </Text>
          {own.acceptedVersion !== own.currentVersion && <AcceptNoticeButton />}
          <Text size="sm" fw={600} mt="xs">
            Quando a equipe abriu seus documentos
          </Text>
          {own.documentViews.length === 0 ? (
            <Text size="sm" c="dimmed">
              A equipe ainda não abriu nenhum documento seu.
            </Text>
          ) : (
            <List size="sm" spacing={2}>
              {own.documentViews.map((v, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: two openings may share a time and a document
                <List.Item key={i}>
                  {formatDateTime(v.at)} — {v.document}
                </List.Item>
              ))}
            </List>
          )}
          <Text size="sm" fw={600} mt="xs">
            Seus dados
          </Text>
          <Text size="sm">
            Um arquivo ZIP com um resumo para ler, os dados em JSON e os arquivos que você enviou (até{" "}
            {OWN_DATA_PER_DAY} por dia).
          </Text>
          <Group>
            <Button component="a" href={ownDataUrl()} download variant="light">
              Baixar meus dados
            </Button>
          </Group>
          <Text size="sm" fw={600} mt="xs">
            Excluir meus dados
          </Text>
          {own.erasureRequest?.status === "pending" ? (
            <Alert color="blue">
              Pedido de exclusão enviado em {formatDateTime(own.erasureRequest.requestedAt)}. O instituto vai tratá-lo e
              a sua conta deixará de funcionar.
            </Alert>
          ) : (
            <>
              {own.erasureRequest?.status === "refused" && (
                <Alert color="yellow" title="Pedido de exclusão recusado">
                  <Text size="sm">
                    Seu pedido de {formatDateTime(own.erasureRequest.requestedAt)} foi recusado em{" "}
                    {formatDateTime(own.erasureRequest.refusedAt)}. Você pode fazer um novo pedido.
                  </Text>
                  <Text size="sm">Motivo: {own.erasureRequest.refusalReason}</Text>
                </Alert>
              )}
              <Group>
                <Button variant="outline" color="red.9" onClick={() => setConfirming(true)}>
                  Pedir exclusão dos meus dados
                </Button>
              </Group>
            </>
          )}
        </>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Pedir exclusão dos meus dados">
        <Stack gap="md">
          <Text size="sm">
            O instituto vai excluir seus documentos e dados pessoais e você não poderá mais entrar. Os pagamentos e os
            certificados já emitidos são mantidos, como a lei exige. Uma inscrição em andamento precisa ser concluída ou
            cancelada antes.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
            <Button
              color="red.9"
              loading={erase.isPending}
              onClick={() =>
                erase.mutate(
                  undefined,
                  feedback({
                    success: "Pedido de exclusão enviado",
                    failure: "Não foi possível enviar o pedido",
                    done: () => setConfirming(false),
                  }),
                )
              }
            >
              Enviar pedido
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
