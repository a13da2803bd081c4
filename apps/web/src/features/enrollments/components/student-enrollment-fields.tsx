import { APPLICATION_SOURCE_LABELS, APPLICATION_SOURCES } from "@app/shared/application-source";
import {
  EDUCATION_LEVEL_LABELS,
  EDUCATION_LEVELS,
  PROVINCES,
  SCHEDULE_LABELS,
  SCHEDULE_PREFERENCES,
} from "@app/shared/enums";
import { DOCUMENT_WRONG_TYPE, FILE_EMPTY, FILE_TOO_LARGE, REQUIRED_FIELDS } from "@app/shared/messages";
import { Button, Group, Paper, Progress, Select, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { DateInput } from "../../../components/date-input";
import { PrivacyShortNotice } from "../../../components/privacy-notice-text";
import {
  DOCUMENT_MISSING,
  type DocumentFieldName,
  type useEnrollmentDocuments,
} from "../../../components/use-enrollment-documents";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors } from "../../../lib/form-errors";
import { toastError } from "../../../lib/toast";
import { privacyNoticeQuery } from "../../privacy/api/privacy";
import { SEND_FAILED } from "../api/enrollments";

const FILE_REFUSALS: string[] = [FILE_TOO_LARGE.code, DOCUMENT_WRONG_TYPE.code, FILE_EMPTY.code];
const UPLOAD_FAILED = "Erro ao fazer upload dos documentos. Verifique o tamanho dos arquivos e tente novamente.";

/**
 * True when the fields are valid and every document in `needed` has a file; otherwise the fields and
 * documents show their problems and a toast says what is wrong — a refused document by name.
 */
export async function readyToSend(
  form: Pick<UseFormReturnType<StudentEnrollmentValues>, "validate">,
  uploads: Pick<ReturnType<typeof useEnrollmentDocuments>, "markMissing">,
  needed?: readonly DocumentFieldName[],
): Promise<boolean> {
  const invalid = (await form.validate()).hasErrors;
  const missing = uploads.markMissing(needed);
  if (!invalid && missing.length === 0) return true;
  // Only refused files and nothing left empty: say which document and why, as its field does.
  const refused = !invalid && missing.every((d) => d.error !== DOCUMENT_MISSING);
  toastError(refused ? `${missing[0]!.label}: ${missing[0]!.error}` : REQUIRED_FIELDS.message);
  return false;
}

/** What a failed send of the student's enrolment form says, on the fields it names and in a toast. */
export function explainEnrollmentFailure(
  e: unknown,
  uploads: Pick<ReturnType<typeof useEnrollmentDocuments>, "showServerErrors">,
  form: Pick<UseFormReturnType<StudentEnrollmentValues>, "setErrors">,
) {
  if (!(e instanceof ApiError)) return toastError(SEND_FAILED);
  // The server names a refused document ('Certificado de habilitações: O arquivo está vazio') on its field.
  const onDocument = uploads.showServerErrors(e.issues);
  // 413 also from a proxy in front of the server, whose answer carries none of our codes.
  if (e.status === 413 || FILE_REFUSALS.includes(e.code)) {
    return onDocument ? toastError(e.message) : toastError(UPLOAD_FAILED, e.message);
  }
  if (applyServerErrors(form, e)) return toastError(REQUIRED_FIELDS.message);
  toastError(e.status !== 0 ? `Erro: ${e.message}` : SEND_FAILED);
}

/** The values of the student's enrolment form (SPEC §5 'Student enrolment form'), as the inputs hold them. */
export interface StudentEnrollmentValues {
  birthDate: string;
  motherName: string;
  fatherName: string;
  nationality: string;
  birthPlace: string;
  province: string;
  municipality: string;
  neighborhood: string;
  qualification: string;
  trainingArea: string;
  courseId: string;
  schedulePreference: string;
  /** 'Como soube deste curso?' (optional): one of APPLICATION_SOURCES, or "". */
  source: string;
}

export const EMPTY_STUDENT_ENROLLMENT: StudentEnrollmentValues = {
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
  courseId: "",
  schedulePreference: "",
  source: "",
};

/** Name, phone and e-mail come from the account and are not edited on the form. */
export function StudentIdentity({
  account,
}: {
  account: { studentName: string; studentPhone: string; studentEmail: string | null } | undefined;
}) {
  return (
    <Paper withBorder p="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <TextInput label="Nome" value={account?.studentName ?? ""} readOnly variant="filled" />
        <TextInput label="Telefone" value={account?.studentPhone ?? ""} readOnly variant="filled" />
        <TextInput label="Email" value={account?.studentEmail ?? "—"} readOnly variant="filled" />
      </SimpleGrid>
    </Paper>
  );
}

/**
 * The personal data, education, course and schedule of the student's enrolment form: the first
 * form (/completar-inscricao) and a returning student's 'Nova inscrição' show the same fields.
 */
export function StudentEnrollmentFields({
  form,
  courses,
}: {
  form: UseFormReturnType<StudentEnrollmentValues>;
  courses: { value: string; label: string }[];
}) {
  return (
    <>
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
          <Select label="Curso" data={courses} searchable required {...form.getInputProps("courseId")} />
          <Select
            label="Horário preferido"
            data={SCHEDULE_PREFERENCES.map((v) => ({ value: v, label: SCHEDULE_LABELS[v] }))}
            required
            {...form.getInputProps("schedulePreference")}
          />
          <Select
            label="Como soube deste curso? (opcional)"
            placeholder="Selecione"
            data={APPLICATION_SOURCES.map((v) => ({ value: v, label: APPLICATION_SOURCE_LABELS[v] }))}
            clearable
            {...form.getInputProps("source")}
            // Cleared, Mantine gives null; the form keeps "" so FormData never sends the text 'null'.
            onChange={(value) => form.setFieldValue("source", value ?? "")}
          />
        </SimpleGrid>
      </Paper>
    </>
  );
}

/** 'Preparando os arquivos…', the upload progress and the submit button of a student's enrolment form. */
export function EnrollmentSubmitBar({
  waiting,
  progress,
  done,
}: {
  waiting: boolean;
  progress: number | null;
  done: boolean;
}) {
  const notice = useQuery(privacyNoticeQuery);
  return (
    <>
      <PrivacyShortNotice notice={notice.data} />
      {waiting && (
        <Text size="sm" role="status">
          Preparando os arquivos…
        </Text>
      )}
      {progress !== null && (
        <Stack gap={4}>
          <Text size="sm">Enviando... {progress}%</Text>
          <Progress value={progress} aria-label="Progresso do envio" animated={progress < 100} />
        </Stack>
      )}
      <Group justify="flex-end">
        <Button type="submit" size="md" loading={waiting || (progress !== null && !done)}>
          Enviar inscrição
        </Button>
      </Group>
    </>
  );
}
