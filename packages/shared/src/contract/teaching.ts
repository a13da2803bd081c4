import { endpoint } from "./endpoint";
import type { teachingSchemas as S } from "./teaching.schemas";

/** The professor's screens and the secretariat's corrections: staff, so under /admin. */
export const teachingEndpoints = {
  classes: endpoint<typeof S.classes>("get", "/admin/teaching/classes"),
  students: endpoint<typeof S.students>("get", "/admin/teaching/classes/{classId}/students"),
  results: endpoint<typeof S.results>("post", "/admin/teaching/classes/{classId}/results"),
  correctResult: endpoint<typeof S.correctResult>(
    "post",
    "/admin/teaching/enrollments/{enrollmentId}/result-correction",
  ),
};
