import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  PROVINCES,
  SCHEDULE_LABELS,
  SCHEDULE_PREFERENCES,
} from "@app/shared/enums";
import { DOCUMENT_WRONG_TYPE, FILE_EMPTY, FILE_TOO_LARGE, REQUIRED_FIELDS } from "@app/shared/messages";
import { ENROLLMENT_DOCUMENTS, studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import {
  Button,
  Container,
  Group,
  Modal,
  Paper,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { DateInput } from "../../../components/date-input";
import { DocumentField } from "../../../components/document-field";
import { DOCUMENT_MISSING, type Documents, useEnrollmentDocuments } from "../../../components/use-enrollment-documents";
import { ApiError } from "../../../lib/api";
import { applyServerErrors } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { toastError } from "../../../lib/toast";
import { useCatalog } from "../../courses/api/catalog";
import { ownAccountQuery } from "../../student-accounts/api/student-accounts";
import { SEND_FAILED, submitEnrollment } from "../api/enrollments";
import { courseOptions } from "../logic/course-options";

const FILE_REFUSALS: string[] = [FILE_TOO_LARGE.code, DOCUMENT_WRONG_TYPE.code, FILE_EMPTY.code];
const UPLOAD_FAILED = "Erro ao fazer upload dos documentos. Verifique o tamanho dos arquivos e tente novamente.";

/**
 * /completar-inscricao (SPEC §2 'Complete enrolment', §5 'Student enrolment form'). The route's
 * IncompleteStudentRoute (app/guards/student-route) lets only a signed-in student in.
 */
export function Component() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const preselected = useSearchParams()[0].get("curso") ?? "";
  const { data: account } = useQuery(ownAccountQuery);
  const { data: courses } = useCatalog();
  const uploads = useEnrollmentDocuments();
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const form = useForm({
    initialValues: {
      birthDate: "",
      motherName: "",
      fatherName: "",
      nationality: "Angolana",
      birthPlace: "",
      province: "",
      municipality: "",
      neighborhood: "",
      qualification: "",
      trainingArea: "",
      courseId: preselected,
      schedulePreference: "",
    },
    validate: schemaResolver(studentEnrollmentSchema, { sync: true }),
  });

  if (session?.student?.enrollmentCompleted && !done) return <Navigate to="/aluno/pagamento" replace />;

  // Runs once every picked file is ready (see useEnrollmentDocuments), as if the user had tapped then.
  const submit = async (ready: Documents) => {
    const invalid = (await form.validate()).hasErrors;
    const missing = uploads.markMissing();
    if (!invalid && missing.length === 0) return send(form.getValues(), ready);
    // Only refused files and nothing left empty: say which document and why, as its field does.
    const refused = !invalid && missing.every((d) => d.error !== DOCUMENT_MISSING);
    toastError(refused ? `${missing[0]!.label}: ${missing[0]!.error}` : REQUIRED_FIELDS.message);
  };

  const send = async (values: typeof form.values, ready: Documents) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v);
    for (const d of ENROLLMENT_DOCUMENTS) body.append(d.field, ready[d.field].file!);
    setProgress(0);
    try {
      await submitEnrollment(body, (p) => setProgress(Math.min(p, 99)));
      setProgress(100);
      await new Promise((r) => setTimeout(r, 500)); // SPEC §9: 500 ms before the success dialog
      setDone(true);
    } catch (e) {
      setProgress(null);
      explainFailure(e);
    }
  };

  const explainFailure = (e: unknown) => {
    if (!(e instanceof ApiError)) return toastError(SEND_FAILED);
    // The server names a refused document ('Certificado de habilitações: O arquivo está vazio') on its field.
    const onDocument = uploads.showServerErrors(e.issues);
    // 413 also from a proxy in front of the server, whose answer carries none of our codes.
    if (e.status === 413 || FILE_REFUSALS.includes(e.code)) {
      return onDocument ? toastError(e.message) : toastError(UPLOAD_FAILED, e.message);
    }
    if (applyServerErrors(form, e)) return toastError(REQUIRED_FIELDS.message);
    toastError(e.status !== 0 ? `Erro: ${e.message}` : SEND_FAILED);
  };

  const finish = (to: string) => {
    client.setQueryData(["session"], (s: typeof session) =>
      s?.student ? { ...s, student: { ...s.student, enrollmentCompleted: true } } : s,
    );
    navigate(to);
  };

  return (
    <Container size="md" py="xl">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void uploads.submitWhenReady(submit);
        }}
      >
        <Stack gap="lg">
          <Stack gap={2}>
            <Title order={1} size="h2">
              Completar Inscrição
            </Title>
            <Text c="dimmed">Preencha os seus dados e anexe os documentos para enviar a pré-inscrição.</Text>
          </Stack>
          <Paper withBorder p="md">
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput label="Nome" value={account?.studentName ?? ""} readOnly variant="filled" />
              <TextInput label="Telefone" value={account?.studentPhone ?? ""} readOnly variant="filled" />
              <TextInput label="Email" value={account?.studentEmail ?? "—"} readOnly variant="filled" />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md" component="fieldset" style={{ border: undefined }}>
            <Title order={2} size="h4" mb="sm">
              Dados pessoais
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <DateInput label="Data de nascimento" required {...form.getInputProps("birthDate")} />
              <TextInput label="Nacionalidade" required {...form.getInputProps("nationality")} />
              <TextInput label="Nome da mãe" required {...form.getInputProps("motherName")} />
              <TextInput label="Nome do pai (opcional)" {...form.getInputProps("fatherName")} />
              <TextInput label="Naturalidade" required {...form.getInputProps("birthPlace")} />
              <Select label="Província" data={[...PROVINCES]} searchable required {...form.getInputProps("province")} />
              <TextInput label="Município" required {...form.getInputProps("municipality")} />
              <TextInput label="Bairro" required {...form.getInputProps("neighborhood")} />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb="sm">
              Formação e curso
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Nível de escolaridade"
                data={EDUCATION_LEVELS.map((v) => ({ value: v, label: EDUCATION_LEVEL_LABELS[v] }))}
                required
                {...form.getInputProps("qualification")}
              />
              <TextInput label="Área de formação" required {...form.getInputProps("trainingArea")} />
              <Select
                label="Curso"
                data={courseOptions(courses ?? [])}
                searchable
                required
                {...form.getInputProps("courseId")}
              />
              <Select
                label="Horário preferido"
                data={SCHEDULE_PREFERENCES.map((v) => ({ value: v, label: SCHEDULE_LABELS[v] }))}
                required
                {...form.getInputProps("schedulePreference")}
              />
            </SimpleGrid>
          </Paper>
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb={4}>
              Documentos
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Fotografias grandes são comprimidas no telemóvel antes do envio, para gastar menos dados.
            </Text>
            <Stack gap="sm">
              {ENROLLMENT_DOCUMENTS.map((d) => (
                <DocumentField
                  key={d.field}
                  label={d.label}
                  state={uploads.documents[d.field]}
                  onPick={(file) => uploads.pick(d.field, file)}
                />
              ))}
            </Stack>
          </Paper>
          {uploads.waiting && (
            <Text size="sm" role="status">
              A preparar os ficheiros…
            </Text>
          )}
          {progress !== null && (
            <Stack gap={4}>
              <Text size="sm">A enviar... {progress}%</Text>
              <Progress value={progress} aria-label="Progresso do envio" animated={progress < 100} />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button type="submit" size="md" loading={uploads.waiting || (progress !== null && !done)}>
              Enviar inscrição
            </Button>
          </Group>
        </Stack>
      </form>
      <Modal opened={done} onClose={() => finish("/aluno/pagamento")} title="Inscrição enviada com sucesso!" centered>
        <Stack gap="md">
          <Text>
            A sua pré-inscrição está em análise. Quando os documentos forem aprovados, receberá o código de referência
            para pagamento.
          </Text>
          {/* Side by side from 576 px; stacked on a phone, where side by side cut 'Ver dados de acesso'. */}
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button onClick={() => finish("/aluno/acesso")}>Ver dados de acesso</Button>
            <Button variant="default" onClick={() => finish("/")}>
              Ir para o início
            </Button>
          </SimpleGrid>
          <Button variant="subtle" onClick={() => finish("/aluno/pagamento")}>
            Ir para a área de pagamento
          </Button>
        </Stack>
      </Modal>
    </Container>
  );
}
