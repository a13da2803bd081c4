import { STAFF_EDIT_QUALIFICATIONS, STAFF_EDIT_SCHEDULES } from "@app/shared/enums";
import { editEnrollmentSchema } from "@app/shared/schemas/enrollment-staff";
import { Skeleton, Stack, Text, Title } from "@mantine/core";
import { schemaResolver, useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { DialogActions } from "../../../components/dialog-actions";
import { Modal } from "../../../components/modal";
import { errorMessage } from "../../../lib/form-errors";
import { feedback } from "../../../lib/mutation-feedback";
import { type AdminEnrollmentDetail, adminEnrollmentQuery } from "../api/admin-enrollments";
import { useEditEnrollment } from "../api/staff-enrollments";
import { EducationFields, PersonalFields, type StaffEnrollmentValues } from "./staff-enrollment-fields";

export const ENROLLMENT_UPDATED = "Inscrição atualizada com sucesso!";

const inList = (value: string, list: readonly string[]) => (list.includes(value) ? value : null);

function valuesOf(e: AdminEnrollmentDetail): StaffEnrollmentValues {
  return {
    studentName: e.studentName,
    birthDate: e.birthDate,
    fatherName: e.fatherName ?? "",
    motherName: e.motherName,
    nationality: e.nationality,
    birthPlace: e.birthPlace,
    province: e.province,
    municipality: e.municipality,
    neighborhood: e.neighborhood,
    studentPhone: e.studentPhone,
    studentEmail: e.studentEmail ?? "",
    qualification: inList(e.qualification, STAFF_EDIT_QUALIFICATIONS),
    trainingArea: e.trainingArea,
    schedulePreference: inList(e.schedulePreference, STAFF_EDIT_SCHEDULES),
    courseId: e.courseId,
  };
}

/**
 * 'Editar inscrição' (SPEC §2): the personal and education fields with the edit form's lists (SPEC §3).
 * Mounted afresh at each opening (`useRowDialog`); the form starts once this opening has fetched the
 * enrolment, so it never starts from an older copy.
 */
export function EditEnrollmentDialog({
  opened,
  enrollmentId,
  onClose,
}: {
  opened: boolean;
  enrollmentId: string | null;
  onClose: () => void;
}) {
  const { data, isFetchedAfterMount, isError, error } = useQuery({
    ...adminEnrollmentQuery(enrollmentId ?? ""),
    enabled: enrollmentId !== null,
    // Even when 'Ver' has just read it (a copy still fresh, which would not be fetched): the form waits
    // for a fetch of this opening, so without one it would wait for ever.
    refetchOnMount: "always",
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Editar inscrição" size="lg" centered>
      {isError ? (
        <Text c="red">{errorMessage(error)}</Text>
      ) : data && isFetchedAfterMount ? (
        <EditForm enrollment={data} onClose={onClose} />
      ) : (
        <Skeleton height={360} />
      )}
    </Modal>
  );
}

function EditForm({ enrollment, onClose }: { enrollment: AdminEnrollmentDetail; onClose: () => void }) {
  const save = useEditEnrollment();
  const form = useForm<StaffEnrollmentValues>({
    initialValues: valuesOf(enrollment),
    validate: schemaResolver(editEnrollmentSchema, { sync: true }),
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(({ courseId: _course, ...values }) =>
        save.mutate(
          { id: enrollment.id, input: editEnrollmentSchema.parse(values) },
          feedback({ success: ENROLLMENT_UPDATED, failure: "Erro ao atualizar inscrição", form, done: onClose }),
        ),
      )}
    >
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Curso: {enrollment.courseName}
        </Text>
        <Title order={3} size="h5">
          Dados pessoais
        </Title>
        <PersonalFields form={form} fatherRequired={false} emailRequired={false} />
        <Title order={3} size="h5">
          Formação
        </Title>
        <EducationFields
          form={form}
          qualifications={STAFF_EDIT_QUALIFICATIONS}
          schedules={STAFF_EDIT_SCHEDULES}
          stored={{ qualification: enrollment.qualification, schedulePreference: enrollment.schedulePreference }}
        />
        <DialogActions submitLabel="Salvar alterações" pending={save.isPending} onCancel={onClose} />
      </Stack>
    </form>
  );
}
