import {
  COURSE_AREAS,
  COURSE_STATUS_LABELS,
  COURSE_STATUSES,
  type CourseArea,
  type CourseStatus,
  MODALITIES,
  MODALITY_LABELS,
  type Modality,
} from "@app/shared/enums";
import { formatMoneyInput } from "@app/shared/money-input";
import { courseInputSchema } from "@app/shared/schemas/catalog";
import { Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { MoneyInput } from "../../../components/money-input";
import { WholeNumberInput } from "../../../components/whole-number-input";
import { feedback } from "../../../lib/mutation-feedback";
import { type Course, coursesQuery, useSaveCourse } from "../api/admin-courses";

const EMPTY = {
  name: "",
  description: "",
  area: null as CourseArea | null,
  modality: null as Modality | null,
  durationMonths: "",
  workloadHours: "",
  price: "",
  status: "active" as CourseStatus,
  featured: false,
};

function valuesOf(course: Course): typeof EMPTY {
  return {
    name: course.name,
    description: course.description ?? "",
    area: course.area,
    modality: course.modality,
    durationMonths: String(course.durationMonths),
    workloadHours: course.workloadHours === null ? "" : String(course.workloadHours),
    price: formatMoneyInput(course.price),
    status: course.status,
    featured: course.featured,
  };
}

/**
 * Create (courseId = null) or edit a course (SPEC §5 'Course form'). The page mounts it afresh at each
 * opening (`useRowDialog`), so the form starts from the course as the list holds it then.
 */
export function CourseFormDialog({
  opened,
  courseId,
  onClose,
}: {
  opened: boolean;
  courseId: string | null;
  onClose: () => void;
}) {
  const save = useSaveCourse();
  const { data: courses } = useQuery({ ...coursesQuery, enabled: courseId !== null });
  const course = courses?.find((c) => c.id === courseId);
  const form = useForm({
    initialValues: course ? valuesOf(course) : EMPTY,
    validate: schemaResolver(courseInputSchema, { sync: true }),
    validateInputOnBlur: ["durationMonths", "workloadHours", "price"],
    // Runs only once the values passed validation: what is sent is what the schema read.
    transformValues: (values) => courseInputSchema.parse(values),
  });

  const editing = courseId !== null;
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? "Editar curso" : "Novo curso"} size="lg" centered>
      <form
        noValidate
        onSubmit={form.onSubmit((values) =>
          save.mutate(
            { id: courseId ?? undefined, input: values },
            feedback({
              success: editing ? "Curso atualizado com sucesso!" : "Curso criado com sucesso!",
              failure: editing ? "Erro ao atualizar curso" : "Erro ao criar curso",
              form,
              done: onClose,
            }),
          ),
        )}
      >
        <Stack gap="sm">
          <TextInput label="Nome" required {...form.getInputProps("name")} />
          <Textarea label="Descrição" autosize minRows={2} {...form.getInputProps("description")} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select label="Área" data={[...COURSE_AREAS]} clearable {...form.getInputProps("area")} />
            <Select
              label="Modalidade"
              data={MODALITIES.map((m) => ({ value: m, label: MODALITY_LABELS[m] }))}
              clearable
              {...form.getInputProps("modality")}
            />
            <WholeNumberInput label="Duração (meses)" required {...form.getInputProps("durationMonths")} />
            <WholeNumberInput
              label="Carga horária (horas)"
              description="Opcional: impressa no certificado; sem ela, o certificado indica a duração em meses"
              {...form.getInputProps("workloadHours")}
            />
            <MoneyInput label="Preço (Kz)" required {...form.getInputProps("price")} />
            <Select
              label="Estado"
              data={COURSE_STATUSES.map((s) => ({ value: s, label: COURSE_STATUS_LABELS[s] }))}
              allowDeselect={false}
              {...form.getInputProps("status")}
            />
          </SimpleGrid>
          <Switch
            label="Em destaque"
            description="Mostrado na página inicial enquanto estiver ativo (no máximo 3 cursos)"
            {...form.getInputProps("featured", { type: "checkbox" })}
          />
          <DialogActions
            submitLabel={editing ? "Salvar alterações" : "Criar curso"}
            pending={save.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}
