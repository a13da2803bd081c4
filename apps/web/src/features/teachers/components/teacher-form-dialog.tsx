import { TEACHER_STATUSES, type TeacherStatus } from "@app/shared/enums";
import { type TeacherUserOption, teacherInputSchema } from "@app/shared/schemas/catalog";
import { Select, SimpleGrid, Stack, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { feedback } from "../../../lib/mutation-feedback";
import { type Teacher, teachersQuery, teacherUserOptionsQuery, useSaveTeacher } from "../api/teachers";

const STATUS_LABELS: Record<(typeof TEACHER_STATUSES)[number], string> = { active: "Ativo", inactive: "Inativo" };
const EMPTY = {
  teacherName: "",
  specialization: "",
  qualification: "",
  yearsOfExperience: "",
  teacherPhone: "",
  teacherEmail: "",
  bio: "",
  status: "active" as TeacherStatus,
  userId: null as string | null,
};

function valuesOf(teacher: Teacher): typeof EMPTY {
  return {
    teacherName: teacher.teacherName,
    specialization: teacher.specialization,
    qualification: teacher.qualification,
    yearsOfExperience: String(teacher.yearsOfExperience),
    teacherPhone: teacher.teacherPhone ?? "",
    teacherEmail: teacher.teacherEmail ?? "",
    bio: teacher.bio ?? "",
    status: teacher.status,
    userId: teacher.userId,
  };
}

/**
 * Create (teacherId = null) or edit a teacher (SPEC §5 'Teacher form'). The page mounts it afresh at
 * each opening (`useRowDialog`), so the form starts from the teacher as the list holds it then.
 */
export function TeacherFormDialog({
  opened,
  teacherId,
  onClose,
}: {
  opened: boolean;
  teacherId: string | null;
  onClose: () => void;
}) {
  const save = useSaveTeacher();
  const { data: teachers } = useQuery({ ...teachersQuery, enabled: teacherId !== null });
  const teacher = teachers?.find((t) => t.id === teacherId);
  const users = useQuery({ ...teacherUserOptionsQuery, enabled: opened });
  const form = useForm({
    initialValues: teacher ? valuesOf(teacher) : EMPTY,
    validate: schemaResolver(teacherInputSchema, { sync: true }),
    validateInputOnBlur: ["yearsOfExperience"],
    // Runs only once the values passed validation: what is sent is what the schema read.
    transformValues: (values) => teacherInputSchema.parse(values),
  });

  const editing = teacherId !== null;
  // The SPEC does not give the teacher toasts' texts; these follow the courses' wording.
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? "Editar professor" : "Novo professor"} size="lg" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: teacherId ?? undefined, input: values },
            feedback({
              success: editing ? "Professor atualizado com sucesso!" : "Professor criado com sucesso!",
              failure: editing ? "Erro ao atualizar professor" : "Erro ao criar professor",
              form,
              done: onClose,
            }),
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Nome" required {...form.getInputProps("teacherName")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Especialização" required {...form.getInputProps("specialization")} />
            <TextInput label="Qualificação" required {...form.getInputProps("qualification")} />
            <WholeNumberInput label="Anos de experiência" required {...form.getInputProps("yearsOfExperience")} />
            <Select
              label="Estado"
              data={TEACHER_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
            <TextInput label="Telefone (opcional)" type="tel" {...form.getInputProps("teacherPhone")} />
            <TextInput label="Email (opcional)" type="email" {...form.getInputProps("teacherEmail")} />
          </SimpleGrid>
          <Select
            label="Usuário (acesso)"
            description="A conta com o perfil Professor com que este professor registra os resultados das suas turmas"
            placeholder={users.isPending ? "Carregando..." : "Sem acesso"}
            data={userOptions(users.data ?? [], teacherId)}
            nothingFoundMessage="Nenhum usuário com o perfil Professor"
            searchable
            clearable
            {...form.getInputProps("userId")}
          />
          <Textarea label="Biografia" autosize minRows={2} {...form.getInputProps("bio")} />
          <DialogActions
            submitLabel={editing ? "Salvar alterações" : "Criar professor"}
            pending={save.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/** Each professor user once; a user linked to another teacher is shown but cannot be chosen. */
function userOptions(users: TeacherUserOption[], teacherId: string | null) {
  return users.map((u) => {
    const elsewhere = u.teacherId !== null && u.teacherId !== teacherId;
    return {
      value: u.id,
      label: elsewhere ? `${u.name} (${u.email}) — vinculado a ${u.teacherName}` : `${u.name} (${u.email})`,
      disabled: elsewhere,
    };
  });
}

export { STATUS_LABELS as TEACHER_STATUS_LABELS };
