import type { NewApplicationStart } from "../api/enrollments";
import { EMPTY_STUDENT_ENROLLMENT, type StudentEnrollmentValues } from "../components/student-enrollment-fields";

/**
 * The returning student's form, prefilled from the latest enrolment. A value the student form's lists
 * do not have (a staff-recorded 'secundario' or 'sabado') starts empty, so the student chooses again
 * instead of sending a value the server refuses. The course is always chosen afresh.
 */
export function startingValues(
  personal: NewApplicationStart["personal"],
  lists: { provinces: readonly string[]; qualifications: readonly string[]; schedules: readonly string[] },
): StudentEnrollmentValues {
  if (!personal) return EMPTY_STUDENT_ENROLLMENT;
  const onList = (value: string, list: readonly string[]) => (list.includes(value) ? value : "");
  return {
    ...EMPTY_STUDENT_ENROLLMENT,
    birthDate: personal.birthDate,
    motherName: personal.motherName,
    fatherName: personal.fatherName ?? "",
    nationality: personal.nationality,
    birthPlace: personal.birthPlace,
    province: onList(personal.province, lists.provinces),
    municipality: personal.municipality,
    neighborhood: personal.neighborhood,
    qualification: onList(personal.qualification, lists.qualifications),
    trainingArea: personal.trainingArea,
    schedulePreference: onList(personal.schedulePreference, lists.schedules),
  };
}
