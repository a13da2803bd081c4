import { formatDateTime } from "@app/shared/dates";
import {
  DEFAULT_RETENTION_MONTHS,
  ERASURE_CHANNEL_LABELS,
  ERASURE_REQUEST_STATUS_LABELS,
  PRIVACY_NOTICE_MAX,
} from "@app/shared/privacy";
import { Alert, Button, Checkbox, Group, Paper, Skeleton, Stack, Table, Text, Textarea, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Modal } from "../../../components/modal";
import { ReasonDialog, reasonSchema } from "../../../components/reason-dialog";
import { SidewaysTable } from "../../../components/sideways-table";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { errorMessage } from "../../../lib/form-errors";
import { feedback, withFeedback } from "../../../lib/mutation-feedback";
import {
  type ErasureRequest,
  erasureRequestsQuery,
  type PrivacySettings,
  privacySettingsQuery,
  useCarryOutErasure,
  useRefuseErasure,
  useSavePrivacySettings,
} from "../../privacy/api/privacy";

/**
 * Configurações → 'Privacidade' (super_admin; Lei n.º 22/11, decision 099): the notice (a changed text is a
 * new version, asked once of signed-in students) and how long files of ended enrolments are kept.
 */
export function PrivacyNoticeSection() {
  const titleId = useId();
  const { data, isPending, isError, error } = useQuery(privacySettingsQuery);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Aviso e prazo de conservação
      </Title>
      {isPending ? (
        <Skeleton height={200} />
      ) : isError ? (
        <Alert color="red" title="Erro ao carregar a privacidade">
          {errorMessage(error)}
        </Alert>
      ) : (
        <PrivacyForm key={`${data.notice.version}-${data.retentionMonths}`} settings={data} />
      )}
    </Paper>
  );
}

function PrivacyForm({ settings }: { settings: PrivacySettings }) {
  const save = useSavePrivacySettings();
  const form = useForm({
    initialValues: {
      noticeText: settings.notice.text,
      never: settings.retentionMonths === null,
      months: String(settings.retentionMonths ?? DEFAULT_RETENTION_MONTHS),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit((v) =>
        save.mutate(
          { noticeText: v.noticeText, retentionMonths: v.never ? null : v.months },
          feedback({ success: "Privacidade salva", failure: "Erro ao salvar a privacidade", form }),
        ),
      )}
    >
      <Stack gap="sm">
        <Textarea
          label="Aviso de privacidade"
          description={`Versão ${settings.notice.version}, de ${formatDateTime(settings.notice.createdAt)}. Alterar o texto cria uma nova versão, que os alunos aceitam na próxima tela. O contato é o e-mail dos dados do instituto.`}
          autosize
          minRows={6}
          maxRows={16}
          maxLength={PRIVACY_NOTICE_MAX}
          required
          {...form.getInputProps("noticeText")}
        />
        <Group align="flex-end">
          <WholeNumberInput
            label="Excluir os arquivos das inscrições encerradas após (meses)"
            description="BI, certificado de habilitações e comprovantes de inscrições concluídas, não concluídas ou rejeitadas"
            disabled={form.values.never}
            maw={{ base: "100%", sm: 420 }}
            {...form.getInputProps("months")}
            error={form.errors.retentionMonths ?? form.errors.months}
          />
          <Checkbox label="Nunca excluir" {...form.getInputProps("never", { type: "checkbox" })} />
        </Group>
        <Group>
          <Button type="submit" loading={save.isPending}>
            Salvar privacidade
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The students' erasure requests: carried out, or refused with a reason the student reads. */
export function ErasureRequestsSection() {
  const titleId = useId();
  const { data, isError, error } = useQuery(erasureRequestsQuery);
  const [target, setTarget] = useState<ErasureRequest | null>(null);
  const [refusing, setRefusing] = useState<ErasureRequest | null>(null);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" mb="sm" id={titleId}>
        Pedidos de exclusão de dados
      </Title>
      {isError ? (
        <Alert color="red">{errorMessage(error)}</Alert>
      ) : !data ? (
        <Skeleton h={40} />
      ) : data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum pedido de exclusão
        </Text>
      ) : (
        <SidewaysTable label="Pedidos de exclusão de dados" minWidth={560}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Aluno</Table.Th>
                <Table.Th>Pedido</Table.Th>
                <Table.Th>Estado</Table.Th>
                <Table.Th>Ação</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    {r.studentName} ({r.studentCode})
                  </Table.Td>
                  <Table.Td>
                    {formatDateTime(r.requestedAt)} · {ERASURE_CHANNEL_LABELS[r.channel]}
                  </Table.Td>
                  <Table.Td>
                    {ERASURE_REQUEST_STATUS_LABELS[r.status]}
                    {r.carriedOutAt && ` em ${formatDateTime(r.carriedOutAt)} por ${r.carriedOutByName ?? "—"}`}
                    {r.refusedAt &&
                      ` em ${formatDateTime(r.refusedAt)} por ${r.refusedByName ?? "—"}: ${r.refusalReason}`}
                  </Table.Td>
                  <Table.Td>
                    {r.status === "pending" && (
                      <Group gap="xs" wrap="nowrap">
                        <Button size="compact-sm" color="red.9" onClick={() => setTarget(r)}>
                          Executar exclusão
                        </Button>
                        <Button size="compact-sm" variant="default" onClick={() => setRefusing(r)}>
                          Recusar
                        </Button>
                      </Group>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </SidewaysTable>
      )}
      {target && <CarryOutDialog request={target} onClose={() => setTarget(null)} />}
      <RefuseDialog request={refusing} onClose={() => setRefusing(null)} />
    </Paper>
  );
}

const refusalReason = reasonSchema(() => import("@app/shared/schemas/privacy").then((m) => m.refuseErasureSchema));

function RefuseDialog({ request, onClose }: { request: ErasureRequest | null; onClose: () => void }) {
  const refuse = useRefuseErasure();
  return (
    <ReasonDialog
      key={request?.id ?? "none"}
      opened={request !== null}
      onClose={onClose}
      title="Recusar pedido de exclusão"
      reasonLabel="Motivo da recusa"
      schema={refusalReason}
      subject={
        request && (
          <Text size="sm">
            Pedido de <b>{request.studentName}</b> ({request.studentCode}), de {formatDateTime(request.requestedAt)}. Os
            dados são mantidos.
          </Text>
        )
      }
      description="O aluno verá este motivo e a data em 'Dados de Acesso' e poderá fazer um novo pedido"
      submitLabel="Recusar pedido"
      pending={refuse.isPending}
      onSubmit={({ reason }) =>
        withFeedback(refuse.mutateAsync({ id: request!.id, reason }), {
          success: "Pedido de exclusão recusado",
          failure: "Não foi possível recusar o pedido",
          done: onClose,
        })
      }
    />
  );
}

function CarryOutDialog({ request, onClose }: { request: ErasureRequest; onClose: () => void }) {
  const carryOut = useCarryOutErasure();
  return (
    <Modal opened onClose={onClose} title={`Excluir os dados de ${request.studentName}?`}>
      <Stack gap="md">
        <Text size="sm">
          Os documentos e comprovantes são excluídos do armazenamento, os dados pessoais apagados e o aluno passa a
          aparecer como «Aluno removido». A conta deixa de funcionar. Os pagamentos e os certificados emitidos são
          mantidos. Esta ação não pode ser desfeita.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button
            color="red.9"
            loading={carryOut.isPending}
            onClick={() =>
              carryOut.mutate(
                request.id,
                feedback({
                  success: "Dados do aluno excluídos",
                  failure: "Não foi possível excluir os dados",
                  done: onClose,
                }),
              )
            }
          >
            Excluir dados
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
