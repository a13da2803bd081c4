import { ENROLLMENT_DOCUMENTS, studentEnrollmentSchema } from "@app/shared/schemas/enrollments";
import { Button, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Navigate, useNavigate, useSearchParams } from "react-router";
import { DocumentField } from "../../../components/document-field";
import { Modal } from "../../../components/modal";
import { type Documents, useEnrollmentDocuments } from "../../../components/use-enrollment-documents";
import { arrivalSource, forgetArrivalSource } from "../../../lib/arrival-source";
import { useDeviceDraft } from "../../../lib/device-draft";
import { sessionQuery, useSession, withStudent } from "../../../lib/session";
import { useCatalog } from "../../courses/api/catalog";
import { ownAccountQuery } from "../../student-accounts/api/student-accounts";
import { submitEnrollment } from "../api/enrollments";
import {
  EMPTY_STUDENT_ENROLLMENT,
  EnrollmentSubmitBar,
  explainEnrollmentFailure,
  readyToSend,
  StudentEnrollmentFields,
  type StudentEnrollmentValues,
  StudentIdentity,
} from "../components/student-enrollment-fields";
import { courseOptions } from "../logic/course-options";

/**
 * /completar-inscricao (SPEC §2 'Complete enrolment', §5 'Student enrolment form'), in the student
 * layout's enrolment step (app/layouts/student-layout), which lets only a signed-in student in. What
 * the student types (not the files) is kept on the device until it is sent (decision 028).
 */
export function Component() {
  const { data: session } = useSession();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [params, setParams] = useSearchParams();
  const preselected = params.get("curso");
  const { data: account } = useQuery(ownAccountQuery);
  const { data: courses } = useCatalog();
  const uploads = useEnrollmentDocuments();
  const [progress, setProgress] = useState<number | null>(null);
  const [done, setDone] = useState(false);
  const draft = useDeviceDraft(session?.user?.id, "completar-inscricao", EMPTY_STUDENT_ENROLLMENT);
  const [arrival] = useState(arrivalSource);
  const form = useForm<StudentEnrollmentValues>({
    // A course chosen in the catalogue (?curso=) wins over the draft's; the address then drops it, so a
    // reload keeps the course the student last picked.
    // So does the source a shared link brought (?origem=, kept on the device: decision 093).
    initialValues: {
      ...EMPTY_STUDENT_ENROLLMENT,
      ...draft.saved,
      ...(preselected ? { courseId: preselected } : {}),
      ...(arrival ? { source: arrival } : {}),
    },
    validate: schemaResolver(studentEnrollmentSchema, { sync: true }),
    onValuesChange: (values) => draft.save(values),
  });
  useEffect(() => {
    if (preselected) setParams({}, { replace: true });
  }, [preselected, setParams]);

  if (session?.student?.enrollmentCompleted && !done) return <Navigate to="/aluno/pagamento" replace />;

  // Runs once every picked file is ready (see useEnrollmentDocuments), as if the user had tapped then.
  const submit = async (ready: Documents) => {
    if (await readyToSend(form, uploads)) return send(form.getValues(), ready);
  };

  const send = async (values: typeof form.values, ready: Documents) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(values)) body.append(k, v);
    for (const d of ENROLLMENT_DOCUMENTS) body.append(d.field, ready[d.field].file!);
    setProgress(0);
    try {
      await submitEnrollment(body, (p) => setProgress(Math.min(p, 99)));
      draft.clear();
      forgetArrivalSource();
      setProgress(100);
      await new Promise((r) => setTimeout(r, 500)); // SPEC §9: 500 ms before the success dialog
      setDone(true);
    } catch (e) {
      setProgress(null);
      explainEnrollmentFailure(e, uploads, form);
    }
  };

  const finish = (to: string) => {
    client.setQueryData(sessionQuery.queryKey, (s) => withStudent(s, { enrollmentCompleted: true }));
    navigate(to);
  };

  return (
    <>
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
          <StudentIdentity account={account} />
          <StudentEnrollmentFields form={form} courses={courseOptions(courses ?? [])} />
          <Paper withBorder p="md">
            <Title order={2} size="h4" mb={4}>
              Documentos
            </Title>
            <Text size="sm" c="dimmed" mb="sm">
              Fotos grandes são comprimidas no celular antes do envio, para gastar menos dados.
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
          <EnrollmentSubmitBar waiting={uploads.waiting} progress={progress} done={done} />
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
    </>
  );
}
