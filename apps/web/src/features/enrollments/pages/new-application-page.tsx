import { EDUCATION_LEVELS, PROVINCES, SCHEDULE_PREFERENCES } from "@app/shared/enums";
import { ENROLLMENT_DOCUMENTS, studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import { Alert, Anchor, Checkbox, Paper, Skeleton, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { DocumentField } from "../../../components/document-field";
import {
  type DocumentFieldName,
  type Documents,
  useEnrollmentDocuments,
} from "../../../components/use-enrollment-documents";
import { arrivalSource, forgetArrivalSource } from "../../../lib/arrival-source";
import { useDeviceDraft } from "../../../lib/device-draft";
import { fileUrl } from "../../../lib/file-url";
import { errorMessage } from "../../../lib/form-errors";
import { useSession } from "../../../lib/session";
import { toastSuccess } from "../../../lib/toast";
import { useCatalog } from "../../courses/api/catalog";
import { ownAccountQuery } from "../../student-accounts/api/student-accounts";
import { type NewApplicationStart, newApplicationStartQuery, submitNewApplication } from "../api/enrollments";
import {
  EnrollmentSubmitBar,
  explainEnrollmentFailure,
  readyToSend,
  StudentEnrollmentFields,
  type StudentEnrollmentValues,
  StudentIdentity,
} from "../components/student-enrollment-fields";
import { courseOptions } from "../logic/course-options";
import { startingValues } from "../logic/new-application";

/**
 * /aluno/nova-inscricao (issue 14): a student with an account applies for another course. The form
 * starts from the latest enrolment's data (editable), asks for course and schedule, and keeps the
 * documents on file unless the student picks new ones. The courses the account holds (an open
 * application or the course in progress) are not offered; the server checks the same rule.
 */
export function Component() {
  const start = useQuery(newApplicationStartQuery);
  const { data: courses, isPending } = useCatalog();
  if (start.isPending || isPending) return <Skeleton height={320} />;
  if (start.isError) {
    return (
      <Alert color="red" title="Erro ao carregar seus dados">
        {errorMessage(start.error)}
      </Alert>
    );
  }
  const open = (courses ?? []).filter((c) => !start.data.heldCourseIds.includes(c.id));
  return <NewApplicationForm start={start.data} courses={courseOptions(open)} />;
}

function NewApplicationForm({
  start,
  courses,
}: {
  start: NewApplicationStart;
  courses: { value: string; label: string }[];
}) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: account } = useQuery(ownAccountQuery);
  const uploads = useEnrollmentDocuments();
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const onFile = new Map(start.documentsOnFile.map((d) => [d.field, d]));
  const [keep, setKeep] = useState<Record<DocumentFieldName, boolean>>({
    idCardFront: onFile.has("idCardFront"),
    idCardBack: onFile.has("idCardBack"),
    certificate: onFile.has("certificate"),
  });
  const prefill = startingValues(start.personal, {
    provinces: PROVINCES,
    qualifications: EDUCATION_LEVELS,
    schedules: SCHEDULE_PREFERENCES,
  });
  // What the student typed here and has not sent yet is kept on the device (decision 028); a course
  // the account took meanwhile (another device) is no longer offered, so its choice is not restored.
  const draft = useDeviceDraft(useSession().data?.user?.id, "nova-inscricao", prefill);
  const { courseId: draftCourse, ...draftFields } = draft.saved;
  const [arrival] = useState(arrivalSource);
  const form = useForm<StudentEnrollmentValues>({
    initialValues: {
      ...prefill,
      ...draftFields,
      ...(draftCourse && courses.some((c) => c.value === draftCourse) ? { courseId: draftCourse } : {}),
      ...(arrival ? { source: arrival } : {}),
    },
    validate: schemaResolver(studentEnrollmentSchema, { sync: true }),
    onValuesChange: (values) => draft.save(values),
  });
  const needed = ENROLLMENT_DOCUMENTS.filter((d) => !keep[d.field]).map((d) => d.field);

  if (courses.length === 0) {
    return (
      <Stack gap="lg">
        <Title order={1} size="h2">
          Nova inscrição
        </Title>
        <Alert color="blue" title="Nenhum curso disponível">
          Já tem uma inscrição em aberto ou em curso em todos os cursos disponíveis neste momento.
        </Alert>
      </Stack>
    );
  }

  const submit = async (ready: Documents) => {
    if (await readyToSend(form, uploads, needed)) return send(form.getValues(), ready);
  };

  const send = async (values: StudentEnrollmentValues, ready: Documents) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v);
    for (const field of needed) body.append(field, ready[field].file!);
    setProgress(0);
    try {
      await submitNewApplication(body, (p) => setProgress(Math.min(p, 99)));
      draft.clear();
      forgetArrivalSource();
      setProgress(100);
      setDone(true);
      await client.invalidateQueries({ queryKey: ["enrollments", "mine"] });
      toastSuccess(
        "Inscrição enviada com sucesso!",
        "A sua pré-inscrição está em análise. Quando os documentos forem aprovados, receberá o código de referência para pagamento.",
      );
      navigate("/aluno/pagamento");
    } catch (e) {
      setProgress(null);
      explainEnrollmentFailure(e, uploads, form);
    }
  };

  return (
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
            Nova inscrição
          </Title>
          <Text c="dimmed">
            Inscreva-se noutro curso com a mesma conta. Os seus dados da última inscrição já estão preenchidos: confirme
            ou corrija-os.
          </Text>
        </Stack>
        <StudentIdentity account={account} />
        <StudentEnrollmentFields form={form} courses={courses} />
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb={4}>
            Documentos
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Pode manter os documentos que já enviou ou anexar novos. Fotos grandes são comprimidas no celular antes do
            envio.
          </Text>
          <Stack gap="md">
            {ENROLLMENT_DOCUMENTS.map((d) => {
              const current = onFile.get(d.field);
              return (
                <Stack key={d.field} gap={6}>
                  {current && (
                    <Checkbox
                      label={`${d.label}: manter o documento já enviado`}
                      checked={keep[d.field]}
                      onChange={(e) => {
                        const checked = e.currentTarget.checked;
                        setKeep((k) => ({ ...k, [d.field]: checked }));
                        if (checked) uploads.pick(d.field, null);
                      }}
                    />
                  )}
                  {current && keep[d.field] ? (
                    <Anchor href={fileUrl(current.fileId)} target="_blank" rel="noopener noreferrer" size="sm">
                      Ver {d.label.toLowerCase()} já enviado
                    </Anchor>
                  ) : (
                    <DocumentField
                      label={d.label}
                      state={uploads.documents[d.field]}
                      onPick={(file) => uploads.pick(d.field, file)}
                    />
                  )}
                </Stack>
              );
            })}
          </Stack>
        </Paper>
        <EnrollmentSubmitBar waiting={uploads.waiting} progress={progress} done={done} />
      </Stack>
    </form>
  );
}
