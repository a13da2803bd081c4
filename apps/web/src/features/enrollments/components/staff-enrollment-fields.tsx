import { PROVINCES, qualificationLabel, SCHEDULE_LABELS, type SchedulePreference } from "@app/shared/enums";
import { EMAIL_MAX, NAME_MAX, TEXT_MAX } from "@app/shared/limits";
import { ANGOLAN_MOBILE_HINT } from "@app/shared/phone-format";
import { STAFF_ENROLLMENT_FIELD_LABELS as L } from "@app/shared/schemas/enrollment-staff";
import { Select, SimpleGrid, TextInput } from "@mantine/core";
import type { UseFormReturnType } from "@mantine/form";
import { DateInput } from "../../../components/date-input";

/** The values of the staff forms (new and edit); a select left empty is null. */
export interface StaffEnrollmentValues {
  studentName: string;
  birthDate: string;
  fatherName: string;
  motherName: string;
  nationality: string;
  birthPlace: string;
  province: string | null;
  municipality: string;
  neighborhood: string;
  studentPhone: string;
  studentEmail: string;
  qualification: string | null;
  trainingArea: string;
  schedulePreference: string | null;
  courseId: string | null;
}

type Form = UseFormReturnType<StaffEnrollmentValues>;

/** The personal step: name, birth, parents, origin, address and contacts. */
export function PersonalFields({
  form,
  fatherRequired,
  emailRequired,
}: {
  form: Form;
  fatherRequired: boolean;
  emailRequired: boolean;
}) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput label={L.studentName} required maxLength={NAME_MAX} {...form.getInputProps("studentName")} />
      <DateInput label={L.birthDate} required {...form.getInputProps("birthDate")} />
      <TextInput
        label={L.fatherName}
        required={fatherRequired}
        maxLength={TEXT_MAX}
        {...form.getInputProps("fatherName")}
      />
      <TextInput label={L.motherName} required maxLength={TEXT_MAX} {...form.getInputProps("motherName")} />
      <TextInput label={L.nationality} required maxLength={TEXT_MAX} {...form.getInputProps("nationality")} />
      <TextInput label={L.birthPlace} required maxLength={TEXT_MAX} {...form.getInputProps("birthPlace")} />
      <Select label={L.province} data={[...PROVINCES]} searchable required {...form.getInputProps("province")} />
      <TextInput label={L.municipality} required maxLength={TEXT_MAX} {...form.getInputProps("municipality")} />
      <TextInput label={L.neighborhood} required maxLength={TEXT_MAX} {...form.getInputProps("neighborhood")} />
      <TextInput
        label={L.studentPhone}
        description={ANGOLAN_MOBILE_HINT}
        type="tel"
        inputMode="tel"
        required
        {...form.getInputProps("studentPhone")}
      />
      <TextInput
        label={L.studentEmail}
        type="email"
        required={emailRequired}
        maxLength={EMAIL_MAX}
        {...form.getInputProps("studentEmail")}
      />
    </SimpleGrid>
  );
}

/**
 * The education step with the form's own lists (SPEC §3: the create and edit forms differ). A stored
 * value outside the list (a student's own enrolment) is named under the field until staff choose one.
 */
export function EducationFields({
  form,
  qualifications,
  schedules,
  courses,
  stored,
}: {
  form: Form;
  qualifications: readonly string[];
  schedules: readonly (SchedulePreference | "sabado")[];
  /** The course choices, on the create form only (the edit form keeps the course). */
  courses?: { value: string; label: string }[];
  stored?: { qualification: string; schedulePreference: string };
}) {
  const outside = (value: string | undefined, list: readonly string[], label: (v: string) => string) =>
    value && !list.includes(value) ? `Valor registrado: ${label(value)}` : undefined;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <Select
        label={L.qualification}
        data={qualifications.map((v) => ({ value: v, label: qualificationLabel(v) }))}
        description={outside(stored?.qualification, qualifications, qualificationLabel)}
        required
        {...form.getInputProps("qualification")}
      />
      <TextInput label={L.trainingArea} required maxLength={TEXT_MAX} {...form.getInputProps("trainingArea")} />
      <Select
        label={L.schedulePreference}
        data={schedules.map((v) => ({ value: v, label: SCHEDULE_LABELS[v] }))}
        description={outside(
          stored?.schedulePreference,
          schedules,
          (v) => SCHEDULE_LABELS[v as SchedulePreference] ?? v,
        )}
        required
        {...form.getInputProps("schedulePreference")}
      />
      {courses && <Select label={L.courseId} data={courses} searchable required {...form.getInputProps("courseId")} />}
    </SimpleGrid>
  );
}
