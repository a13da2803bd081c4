import {
  CLASS_STATUS_LABELS,
  CLASS_STATUSES,
  type ClassStatus,
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
} from "@app/shared/enums";
import { CURRICULUM_MIME_TYPES, MAX_FILE_MB } from "@app/shared/limits";
import { classDateErrors, classInputSchema } from "@app/shared/schemas/catalog";
import { Anchor, Button, FileInput, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { DateInput } from "../../../components/date-input";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { fileUrl } from "../../../lib/file-url";
import { errorMessage } from "../../../lib/form-errors";
import { feedback } from "../../../lib/mutation-feedback";
import { toastError, toastSuccess } from "../../../lib/toast";
import { coursesQuery } from "../../courses/api/admin-courses";
import { teachersQuery } from "../../teachers/api/teachers";
import { classesQuery, type SchoolClass, useRemoveCurriculum, useSaveClass } from "../api/classes";
import { curriculumFileError } from "../logic/curriculum-file";

const validateSchema = schemaResolver(classInputSchema, { sync: true });

const EMPTY = {
  name: "",
  courseId: null as string | null,
  teacherId: null as string | null,
  classType: null as Modality | null,
  location: "",
  enrollmentStartDate: "",
  enrollmentEndDate: "",
  startDate: "",
  endDate: "",
  schedule: "",
  maxStudents: "30",
  status: "active" as ClassStatus,
  notes: "",
};

function valuesOf(cls: SchoolClass): typeof EMPTY {
  return {
    name: cls.name,
    courseId: cls.courseId,
    teacherId: cls.teacherId,
    classType: cls.classType,
    location: cls.location ?? "",
    enrollmentStartDate: cls.enrollmentStartDate,
    enrollmentEndDate: cls.enrollmentEndDate,
    startDate: cls.startDate,
    endDate: cls.endDate,
    schedule: cls.schedule,
    maxStudents: String(cls.maxStudents),
    status: cls.status,
    notes: cls.notes ?? "",
  };
}

/**
 * Create (classId = null) or edit a class, with its curriculum PDF (SPEC §5 'Class form'). The page
 * mounts it afresh at each opening (`useRowDialog`), so the form starts from the class as the list
 * holds it then.
 */
export function ClassFormDialog({
  opened,
  classId,
  onClose,
}: {
  opened: boolean;
  classId: string | null;
  onClose: () => void;
}) {
  const save = useSaveClass();
  const removeCurriculum = useRemoveCurriculum();
  const courses = useQuery({ ...coursesQuery, enabled: opened });
  const teachers = useQuery({ ...teachersQuery, enabled: opened });
  // A new class whose PDF failed to upload is edited from then on, so a retry never creates it twice.
  const [createdId, setCreatedId] = useState<string | null>(null);
  const targetId = classId ?? createdId;
  const classes = useQuery({ ...classesQuery, enabled: targetId !== null });
  // The class as the list holds it now (the save and the curriculum removal refetch the list first).
  const target = classes.data?.find((c) => c.id === targetId);
  const form = useForm({
    initialValues: target ? valuesOf(target) : EMPTY,
    // The date rules also run on their own, so they show while another field is still empty.
    validate: (values) => ({ ...classDateErrors(values), ...validateSchema(values) }),
    validateInputOnBlur: ["maxStudents"],
    // Runs only once the values passed validation: what is sent is what the schema read.
    transformValues: (values) => classInputSchema.parse(values),
  });
  const [file, setFile] = useState<File | null>(null);
  // Why the chosen PDF cannot go (checked in the browser: blocks saving), or why its upload failed
  // (the server or the network: saving again retries it).
  const [fileError, setFileError] = useState<{ message: string; blocking: boolean }>();

  const editing = targetId !== null;
  const verb = classId ? "atualizar" : "criar";
  const submit = form.onSubmit(
    (values) => {
      if (fileError?.blocking) return toastError("Erro de validação", fileError.message);
      setFileError(undefined);
      save.mutate(
        { id: targetId ?? undefined, input: values, curriculum: file },
        {
          onSuccess: ({ saved: result, curriculumError }) => {
            if (curriculumError) {
              setCreatedId(result.id);
              setFileError({ message: errorMessage(curriculumError), blocking: false });
              toastError(
                `Erro ao ${verb} turma`,
                `A turma foi salva, mas o currículo não foi enviado: ${errorMessage(curriculumError)}`,
              );
              return;
            }
            toastSuccess(classId ? "Turma atualizada com sucesso!" : "Turma criada com sucesso!");
            onClose();
          },
          onError: feedback({ failure: `Erro ao ${verb} turma`, form }).onError,
        },
      );
    },
    () => toastError("Erro de validação", "Corrija os campos assinalados a vermelho."),
  );

  const courseOptions = (courses.data ?? []).map((c) => ({
    value: c.id,
    label: c.status === "active" ? c.name : `${c.name} (inativo)`,
  }));
  const teacherOptions = (teachers.data ?? []).map((t) => ({ value: t.id, label: t.teacherName }));

  return (
    <Modal opened={opened} onClose={onClose} title={editing ? "Editar turma" : "Nova turma"} size="xl" centered>
      <form noValidate onSubmit={submit}>
        <Stack gap="sm">
          <TextInput label="Nome da turma" required {...form.getInputProps("name")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Curso"
              required
              searchable
              data={courseOptions}
              nothingFoundMessage="Nenhum curso encontrado"
              {...form.getInputProps("courseId")}
            />
            <Select
              label="Professor (opcional)"
              searchable
              clearable
              data={teacherOptions}
              nothingFoundMessage="Nenhum professor encontrado"
              {...form.getInputProps("teacherId")}
            />
            <Select
              label="Tipo"
              required
              data={MODALITIES.map((m) => ({ value: m, label: MODALITY_LABELS[m] }))}
              {...form.getInputProps("classType")}
            />
            <TextInput
              label="Local"
              description="Endereço, sala ou link da aula online"
              {...form.getInputProps("location")}
            />
            <DateInput label="Início das inscrições" required {...form.getInputProps("enrollmentStartDate")} />
            <DateInput label="Fim das inscrições" required {...form.getInputProps("enrollmentEndDate")} />
            <DateInput label="Início do curso" required {...form.getInputProps("startDate")} />
            <DateInput label="Término do curso" required {...form.getInputProps("endDate")} />
            <TextInput
              label="Horário"
              placeholder="Ex.: Seg a Qua, 18h–21h"
              required
              {...form.getInputProps("schedule")}
            />
            <WholeNumberInput label="Máximo de alunos" required {...form.getInputProps("maxStudents")} />
            <Select
              label="Estado"
              data={CLASS_STATUSES.map((s) => ({ value: s, label: CLASS_STATUS_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
            <FileInput
              label="Currículo (PDF)"
              description={
                file ? `${file.name} (${Math.ceil(file.size / 1024)} KB)` : `Apenas PDF, até ${MAX_FILE_MB}MB`
              }
              placeholder="Escolher arquivo"
              accept={CURRICULUM_MIME_TYPES.join(",")}
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              clearable
              value={file}
              error={fileError?.message}
              onChange={async (picked) => {
                setFile(picked);
                const problem = picked ? await curriculumFileError(picked) : null;
                setFileError(problem ? { message: problem, blocking: true } : undefined);
              }}
            />
          </SimpleGrid>
          {target?.curriculumFileId && (
            <Group gap="sm">
              <Text size="sm">Currículo atual:</Text>
              <Anchor size="sm" href={fileUrl(target.curriculumFileId)} target="_blank" rel="noopener">
                Abrir PDF
              </Anchor>
              <Button
                size="compact-sm"
                variant="subtle"
                color="red.8"
                loading={removeCurriculum.isPending}
                onClick={() =>
                  removeCurriculum.mutate(
                    target.id,
                    feedback({ success: "Currículo removido", failure: `Erro ao ${verb} turma` }),
                  )
                }
              >
                Remover currículo
              </Button>
            </Group>
          )}
          <Textarea label="Observações" autosize minRows={2} {...form.getInputProps("notes")} />
          <DialogActions
            submitLabel={editing ? "Salvar alterações" : "Criar turma"}
            pending={save.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
