import { STAFF_CREATE_QUALIFICATIONS, STAFF_CREATE_SCHEDULES } from "@app/shared/enums";
import { STUDENT_ACCOUNT_NOT_FOR_PHONE, STUDENT_PHONE_HAS_ACCOUNTS } from "@app/shared/messages";
import { studentPhoneSchema } from "@app/shared/phones";
import {
  NEW_STUDENT_ACCOUNT,
  STAFF_ENROLLMENT_STEP_MESSAGES,
  STUDENT_ACCOUNT_CHOICE_MESSAGE,
  staffEnrollmentSchema,
} from "@app/shared/schemas/enrollment-staff";
import { ENROLLMENT_DOCUMENTS } from "@app/shared/schemas/enrollments";
import { Alert, Button, Group, Progress, Stack, Tabs, Text } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconAlertTriangle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { CopyableValue } from "../../../components/copyable-value";
import { DocumentField } from "../../../components/document-field";
import { Modal } from "../../../components/modal";
import { type Documents, useEnrollmentDocuments } from "../../../components/use-enrollment-documents";
import { ApiError } from "../../../lib/api-error";
import { applyServerErrors, errorMessage } from "../../../lib/form-errors";
import { toastError, toastSuccess } from "../../../lib/toast";
import { useCatalog } from "../../courses/api/catalog";
import {
  CREATE_FAILED,
  phoneAccountsQuery,
  type StaffEnrollmentCreated,
  useCreateStaffEnrollment,
} from "../api/staff-enrollments";
import { courseOptions } from "../logic/course-options";
import {
  moveBlocked,
  STAFF_ENROLLMENT_STEPS,
  type StaffEnrollmentStep,
  stepOfField,
} from "../logic/staff-enrollment-steps";
import { EducationFields, PersonalFields, type StaffEnrollmentValues } from "./staff-enrollment-fields";
import { StudentAccountChoice } from "./student-account-choice";

export const ENROLLMENT_CREATED = "Inscrição criada com sucesso!";

/** The server's refusals that ask staff to choose the student account again (decision 024). */
const ACCOUNT_REFUSALS = new Set<string>([STUDENT_PHONE_HAS_ACCOUNTS.code, STUDENT_ACCOUNT_NOT_FOR_PHONE.code]);

const EMPTY: StaffEnrollmentValues = {
  studentName: "",
  birthDate: "",
  fatherName: "",
  motherName: "",
  nationality: "Angolana",
  birthPlace: "",
  province: null,
  municipality: "",
  neighborhood: "",
  studentPhone: "",
  studentEmail: "",
  qualification: null,
  trainingArea: "",
  schedulePreference: null,
  courseId: null,
};

const TAB_LABELS: Record<StaffEnrollmentStep, string> = {
  personal: "Dados pessoais",
  education: "Formação",
  documents: "Documentos",
};

/**
 * 'Nova inscrição' (SPEC §2 'Admin enrolments', §5 'Staff new enrolment'): three tabs, each one
 * reachable only once the steps before it are valid; the documents with the enrolment form's checks
 * and compression. When the server made a new student account, its code and password are shown once,
 * in this dialog, before it closes. The page mounts it afresh at each opening (`useRowDialog`).
 */
export function NewEnrollmentDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<StaffEnrollmentCreated | null>(null);
  const locked = created !== null;
  return (
    <Modal
      opened={opened}
      onClose={locked ? () => {} : onClose}
      withCloseButton={!locked}
      closeOnClickOutside={!locked}
      closeOnEscape={!locked}
      title={locked ? "Conta de aluno criada" : "Nova inscrição"}
      size="lg"
      centered
    >
      {created ? (
        <CreatedAccount created={created} onDone={onClose} />
      ) : (
        <NewEnrollmentForm onCancel={onClose} onCreated={(c) => (c.account.created ? setCreated(c) : onClose())} />
      )}
    </Modal>
  );
}

function NewEnrollmentForm({
  onCancel,
  onCreated,
}: {
  onCancel: () => void;
  onCreated: (created: StaffEnrollmentCreated) => void;
}) {
  const { data: courses } = useCatalog();
  const uploads = useEnrollmentDocuments();
  const create = useCreateStaffEnrollment();
  const [tab, setTab] = useState<StaffEnrollmentStep>("personal");
  const [progress, setProgress] = useState<number | null>(null);
  const form = useForm<StaffEnrollmentValues>({
    initialValues: EMPTY,
    validate: schemaResolver(staffEnrollmentSchema, { sync: true }),
  });
  // The accounts that already have the phone typed: staff choose one or a new account (decision 024).
  const parsedPhone = studentPhoneSchema.safeParse(form.getValues().studentPhone);
  const phone = parsedPhone.success ? parsedPhone.data : null;
  const holders = useQuery({ ...phoneAccountsQuery(phone ?? ""), enabled: phone !== null });
  const accounts = phone ? (holders.data ?? []) : [];
  const [choice, setChoice] = useState<string | null>(null);
  const [choiceError, setChoiceError] = useState<string | null>(null);
  // A choice counts only for the accounts listed now (the phone may have changed since).
  const chosen = choice === NEW_STUDENT_ACCOUNT || accounts.some((a) => a.id === choice) ? choice : null;
  form.watch("studentPhone", () => setChoiceError(null));

  /** Moves to `to` unless a step before it is incomplete: then shows that step, its fields and the SPEC's message. */
  const go = (to: StaffEnrollmentStep) => {
    const blocked = moveBlocked(tab, to, { ...form.getValues() });
    if (!blocked) {
      setTab(to);
      return true;
    }
    form.setErrors(blocked.errors);
    setTab(blocked.step);
    toastError(blocked.message);
    return false;
  };

  const submit = async (ready: Documents) => {
    if (!go("documents")) return;
    if (uploads.markMissing().length > 0) return toastError(STAFF_ENROLLMENT_STEP_MESSAGES.documents);
    if (accounts.length > 0 && !chosen) {
      setChoiceError(STUDENT_ACCOUNT_CHOICE_MESSAGE);
      return toastError(STUDENT_ACCOUNT_CHOICE_MESSAGE);
    }
    const body = new FormData();
    for (const [key, value] of Object.entries(form.getValues())) if (value !== null) body.append(key, value);
    if (chosen) body.append("studentAccount", chosen);
    for (const d of ENROLLMENT_DOCUMENTS) body.append(d.field, ready[d.field].file!);
    setProgress(0);
    try {
      const result = await create.mutateAsync({ form: body, onProgress: (p) => setProgress(Math.min(p, 99)) });
      const { account } = result;
      toastSuccess(
        ENROLLMENT_CREATED,
        account.created
          ? `Nova conta de aluno: ${account.studentCode}`
          : `Vinculada à conta ${account.studentCode} (${account.studentName}), com o mesmo telefone`,
      );
      onCreated(result);
    } catch (e) {
      setProgress(null);
      if (e instanceof ApiError && ACCOUNT_REFUSALS.has(e.code)) {
        // Accounts with this phone appeared, or the chosen one no longer has it: show them and ask again.
        setChoice(null);
        setChoiceError(e.message);
        setTab("documents");
        await holders.refetch();
      } else if (e instanceof ApiError) {
        uploads.showServerErrors(e.issues);
        if (applyServerErrors(form, e)) setTab(stepOfField(e.issues[0]!.path));
      }
      toastError(CREATE_FAILED, errorMessage(e));
    }
  };

  const sending = progress !== null;
  const index = STAFF_ENROLLMENT_STEPS.indexOf(tab);
  const back = STAFF_ENROLLMENT_STEPS[index - 1];
  const next = STAFF_ENROLLMENT_STEPS[index + 1];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void uploads.submitWhenReady(submit);
      }}
    >
      <Stack gap="md">
        <Tabs value={tab} onChange={(value) => value && go(value as StaffEnrollmentStep)} keepMounted>
          <Tabs.List grow>
            {STAFF_ENROLLMENT_STEPS.map((step) => (
              <Tabs.Tab key={step} value={step} disabled={sending}>
                {TAB_LABELS[step]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Tabs.Panel value="personal" pt="md">
            <PersonalFields form={form} fatherRequired emailRequired />
          </Tabs.Panel>
          <Tabs.Panel value="education" pt="md">
            <EducationFields
              form={form}
              qualifications={STAFF_CREATE_QUALIFICATIONS}
              schedules={STAFF_CREATE_SCHEDULES}
              courses={courseOptions(courses ?? [])}
            />
          </Tabs.Panel>
          <Tabs.Panel value="documents" pt="md">
            <Stack gap="sm">
              {phone && accounts.length > 0 && (
                <StudentAccountChoice
                  phone={phone}
                  accounts={accounts}
                  value={chosen}
                  error={choiceError}
                  onChange={(value) => {
                    setChoice(value);
                    setChoiceError(null);
                  }}
                />
              )}
              <Text size="sm" c="dimmed">
                Imagens (JPEG, PNG, WEBP) ou PDF; fotografias grandes são comprimidas antes do envio.
              </Text>
              {ENROLLMENT_DOCUMENTS.map((d) => (
                <DocumentField
                  key={d.field}
                  label={d.label}
                  state={uploads.documents[d.field]}
                  onPick={(file) => uploads.pick(d.field, file)}
                />
              ))}
            </Stack>
          </Tabs.Panel>
        </Tabs>
        {sending && (
          <Stack gap={4}>
            <Text size="sm">Enviando... {progress}%</Text>
            <Progress value={progress} aria-label="Progresso do envio" animated={progress < 100} />
          </Stack>
        )}
        <Group justify="space-between" gap="sm">
          <Button variant="default" onClick={back ? () => setTab(back) : onCancel} disabled={sending}>
            {back ? "Voltar" : "Cancelar"}
          </Button>
          {/* Distinct keys: reusing one element would turn 'Continuar' into a submit button mid-click. */}
          {next ? (
            <Button key="next" onClick={() => go(next)}>
              Continuar
            </Button>
          ) : (
            <Button key="submit" type="submit" loading={uploads.waiting || sending}>
              Criar inscrição
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}

/** The new student account's code and password, shown once with copy buttons (as on /criar-conta-aluno). */
function CreatedAccount({ created, onDone }: { created: StaffEnrollmentCreated; onDone: () => void }) {
  const { account } = created;
  return (
    <Stack gap="md">
      <Alert color="yellow" icon={<IconAlertTriangle size={20} />} title="Anote estes dados agora">
        O código e a senha só são mostrados esta vez. Entregue-os a {account.studentName}: com eles, o aluno entra na
        Área do Aluno e acompanha a inscrição e o pagamento.
      </Alert>
      <CopyableValue label="Código de estudante" value={account.studentCode} copied="Código copiado!" />
      <CopyableValue label="Senha" value={account.studentPassword ?? ""} copied="Senha copiada!" />
      <Button fullWidth onClick={onDone}>
        Já anotei
      </Button>
    </Stack>
  );
}
