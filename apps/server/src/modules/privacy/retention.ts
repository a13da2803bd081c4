import type { EnrollmentStatus } from "@app/shared/enums";

/** Enrolments that ended: their files follow the retention period, and their student may be erased. */
export const ENDED_ENROLLMENT_STATUSES = [
  "completed",
  "not_completed",
  "rejected",
] as const satisfies readonly EnrollmentStatus[];
