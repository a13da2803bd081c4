import {
  STAFF_ENROLLMENT_STEP_MESSAGES,
  staffEducationSchema,
  staffPersonalSchema,
} from "@app/shared/schemas/enrollment-staff";

/** The tabs of 'Nova inscrição' in their order (SPEC §2 'Admin enrolments'). */
export const STAFF_ENROLLMENT_STEPS = ["personal", "education", "documents"] as const;
export type StaffEnrollmentStep = (typeof STAFF_ENROLLMENT_STEPS)[number];

const SCHEMAS = { personal: staffPersonalSchema, education: staffEducationSchema } as const;

/** The field messages of one step's values (empty when the step is valid). */
export function stepErrors(step: "personal" | "education", values: Record<string, unknown>): Record<string, string> {
  const result = SCHEMAS[step].safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join(".")] ??= issue.message;
  return errors;
}

/**
 * Whether staff may go from tab `from` to tab `to` (SPEC §5 'Staff new enrolment'): going back is
 * always allowed; going forward needs every step before `to` valid. A refusal names the first
 * incomplete step's message and the fields to mark.
 */
export function moveBlocked(
  from: StaffEnrollmentStep,
  to: StaffEnrollmentStep,
  values: Record<string, unknown>,
): { step: StaffEnrollmentStep; message: string; errors: Record<string, string> } | null {
  const target = STAFF_ENROLLMENT_STEPS.indexOf(to);
  if (target <= STAFF_ENROLLMENT_STEPS.indexOf(from)) return null;
  for (const step of ["personal", "education"] as const) {
    if (STAFF_ENROLLMENT_STEPS.indexOf(step) >= target) break;
    const errors = stepErrors(step, values);
    if (Object.keys(errors).length > 0) return { step, message: STAFF_ENROLLMENT_STEP_MESSAGES[step], errors };
  }
  return null;
}

/** The step a field belongs to, to show a server's field message on its tab. */
export function stepOfField(field: string): StaffEnrollmentStep {
  if (field in staffPersonalSchema.shape) return "personal";
  if (field in staffEducationSchema.shape) return "education";
  return "documents";
}
