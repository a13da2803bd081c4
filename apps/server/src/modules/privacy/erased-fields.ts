/**
 * An application's personal fields as erased (decision 099): what an erasure and the retention of rejected
 * applications both blank. The columns that cannot be null keep a placeholder (a date no one is born on).
 * An erasure also renames the person and blanks the phone, the training area and the notes; the retention
 * of rejected applications keeps those.
 */
export const ERASED_PERSONAL_FIELDS = {
  studentEmail: null,
  birthDate: "1900-01-01",
  fatherName: null,
  motherName: "",
  nationality: "",
  birthPlace: "",
  municipality: "",
  neighborhood: "",
} as const;
