import { APPLICATION_SOURCE_LABELS } from "@app/shared/application-source";
import { formatDate, formatDateTime } from "@app/shared/dates";
import { ENROLLMENT_EVENT_LABELS } from "@app/shared/enrollment-review";
import { EDUCATION_LEVEL_LABELS, enrollmentStatusLabel, SCHEDULE_LABELS } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { formatAngolanMobile } from "@app/shared/phone-format";
import { Alert, Group, Loader, SimpleGrid, Stack, Tabs, Text, Timeline } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { PHONE_QUERY } from "../../../components/data-table";
import { DetailField } from "../../../components/detail-field";
import { Modal } from "../../../components/modal";
import { errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { fileAccessesQuery } from "../../privacy/api/privacy";
import { type AdminEnrollmentDetail, adminEnrollmentQuery } from "../api/admin-enrollments";
import { type ActionAccess, canRequestCorrection, canSendWhatsapp } from "../logic/enrollment-actions";
import { EnrollmentDocuments } from "./enrollment-documents";
import { EnrollmentStatusBadge, WithoutClassNote } from "./enrollment-status-badge";
import { RenewReferenceButton } from "./renew-reference-button";
import { WhatsappButton } from "./whatsapp-button";

const label = (labels: Record<string, string>, value: string) => labels[value] ?? value;

/** 'Ver {nome}': the enrolment as the server holds it now, in four tabs (SPEC §2 'Admin enrolments'). */
export function EnrollmentViewDialog({
  opened,
  enrollmentId,
  access,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  access: ActionAccess;
  onClose: () => void;
}) {
  const detail = useQuery({ ...adminEnrollmentQuery(enrollmentId ?? ""), enabled: enrollmentId !== null && opened });
  const e = detail.data;
  // On a phone the four tabs and the three documents need the whole screen.
  const phone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  return (
    <Modal opened={opened} onClose={onClose} title="Detalhes da inscrição" size="xl" centered fullScreen={phone}>
      {detail.isError ? (
        <Alert color="red.8">{errorMessage(detail.error)}</Alert>
      ) : !e ? (
        <Loader size="sm" aria-label="Carregando..." />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={0}>
              <Text fw={700}>{e.studentName}</Text>
              <Text size="sm" c="dimmed">
                {e.courseName}
              </Text>
            </Stack>
            <Group gap="xs">
              <EnrollmentStatusBadge status={e.status} codeSent={e.codeSent} />
              <WithoutClassNote enrollment={e} />
              {canSendWhatsapp(e.status, access) && <WhatsappButton enrollment={e} />}
              {canSendWhatsapp(e.status, access) && (
                <RenewReferenceButton enrollmentId={e.id} studentEmail={e.studentEmail} />
              )}
            </Group>
          </Group>
          <Tabs defaultValue="geral" keepMounted={false} styles={{ tab: { paddingInline: 10 } }}>
            <Tabs.List style={{ flexWrap: "nowrap", overflowX: "auto", overflowY: "hidden" }}>
              <Tabs.Tab value="geral">Geral</Tabs.Tab>
              <Tabs.Tab value="formacao">Formação</Tabs.Tab>
              <Tabs.Tab value="documentos">Documentos</Tabs.Tab>
              <Tabs.Tab value="historico">Histórico</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="geral" pt="md">
              <General e={e} />
            </Tabs.Panel>
            <Tabs.Panel value="formacao" pt="md">
              <SimpleGrid cols={{ base: 1, xs: 2 }}>
                <DetailField label="Escolaridade" value={label(EDUCATION_LEVEL_LABELS, e.qualification)} />
                <DetailField label="Área de formação" value={e.trainingArea} />
                <DetailField label="Curso" value={`${e.courseName} (${formatKz(e.coursePrice)})`} />
                <DetailField label="Horário preferido" value={label(SCHEDULE_LABELS, e.schedulePreference)} />
                <DetailField
                  label="Como soube do curso"
                  value={e.source ? APPLICATION_SOURCE_LABELS[e.source] : "Não informado"}
                />
                <DetailField
                  label="Turma"
                  value={
                    e.className
                      ? `${e.className}${e.classSchedule ? ` — ${e.classSchedule}` : ""}`
                      : e.status === "enrolled"
                        ? "Sem turma"
                        : "—"
                  }
                />
              </SimpleGrid>
            </Tabs.Panel>
            <Tabs.Panel value="documentos" pt="md">
              <EnrollmentDocuments enrollment={e} canRequestCorrection={canRequestCorrection(e.status, access)} />
            </Tabs.Panel>
            <Tabs.Panel value="historico" pt="md">
              <History e={e} />
              <DocumentOpenings enrollmentId={e.id} />
            </Tabs.Panel>
          </Tabs>
        </Stack>
      )}
    </Modal>
  );
}

function General({ e }: { e: AdminEnrollmentDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }}>
      <DetailField label="Nome" value={e.studentName} />
      <DetailField label="Telefone" value={`+244 ${formatAngolanMobile(e.studentPhone)}`} />
      <DetailField label="Email" value={e.studentEmail ?? "—"} />
      <DetailField label="Data de nascimento" value={formatDate(e.birthDate)} />
      <DetailField label="Nome do pai" value={e.fatherName ?? "—"} />
      <DetailField label="Nome da mãe" value={e.motherName} />
      <DetailField label="Nacionalidade" value={e.nationality} />
      <DetailField label="Naturalidade" value={e.birthPlace} />
      <DetailField label="Província" value={e.province} />
      <DetailField label="Município" value={e.municipality} />
      <DetailField label="Bairro" value={e.neighborhood} />
      <DetailField label="Data de inscrição" value={formatDate(e.applicationDate)} />
      <DetailField label="Estado" value={enrollmentStatusLabel(e.status, e.codeSent)} />
      <DetailField label="Código de referência" value={e.paymentReferenceCode ?? "—"} />
      <DetailField
        label="Aprovada"
        value={
          e.approvalDate ? `${formatDate(e.approvalDate)}${e.approvedByName ? ` por ${e.approvedByName}` : ""}` : "—"
        }
      />
      <DetailField
        label="Código enviado"
        value={e.paymentReferenceCode && !e.codeSent ? "Ainda não" : formatDateTime(e.paymentReferenceSentAt)}
      />
      <DetailField label={e.status === "rejected" ? "Motivo da rejeição" : "Observações"} value={e.notes ?? "—"} />
    </SimpleGrid>
  );
}

function History({ e }: { e: AdminEnrollmentDetail }) {
  if (e.events.length === 0) return <Text c="dimmed">Nenhum registro encontrado</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={e.events.length - 1}>
      {e.events.map((ev) => {
        const title = ev.kind
          ? ENROLLMENT_EVENT_LABELS[ev.kind]
          : `${ev.fromStatus ? enrollmentStatusLabel(ev.fromStatus) : "Nova"} → ${enrollmentStatusLabel(ev.toStatus)}`;
        return (
          <Timeline.Item key={ev.id} title={title}>
            <Text size="sm" c="dimmed">
              {ev.actorName ?? "Aluno"} · {formatDateTime(ev.at)}
            </Text>
            {ev.note && ev.note !== title && <Text size="sm">{ev.note}</Text>}
          </Timeline.Item>
        );
      })}
    </Timeline>
  );
}

/** Who opened the applicant's documents (decision 099): super_admin only, as the server enforces. */
function DocumentOpenings({ enrollmentId }: { enrollmentId: string }) {
  const { data: session } = useSession();
  const superAdmin = session?.staff?.role === "super_admin";
  const accesses = useQuery({ ...fileAccessesQuery(enrollmentId), enabled: superAdmin });
  if (!superAdmin) return null;
  return (
    <Stack gap="xs" mt="lg" component="section" aria-labelledby="aberturas-documentos">
      <Text fw={600} id="aberturas-documentos">
        Quem abriu os documentos
      </Text>
      {accesses.isError ? (
        <Alert color="red">{errorMessage(accesses.error)}</Alert>
      ) : !accesses.data ? (
        <Loader size="sm" />
      ) : accesses.data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nenhum documento aberto pela equipe
        </Text>
      ) : (
        accesses.data.items.map((a) => (
          <Text size="sm" key={a.id}>
            {formatDateTime(a.at)} · {a.actorName ?? "Usuário removido"} abriu {a.document} ({a.screen})
          </Text>
        ))
      )}
    </Stack>
  );
}
