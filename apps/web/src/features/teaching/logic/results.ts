import { roleSatisfies, type StaffRole } from "@app/shared/enums";
import { CERTIFICATE_MANAGER_ROLES } from "@app/shared/schemas/certificates";
import type { ClassStudent, TeachingClass } from "../api/teaching";

/** The screen's title: a professor sees their own classes, the secretariat every class (decision 021). */
export function teachingTitle(role: StaffRole | null | undefined): string {
  return role === "professor" ? "As minhas turmas" : "Turmas e resultados";
}

/** Results may be recorded from the class's start date on (the server refuses earlier). */
export function canRecordResults(cls: Pick<TeachingClass, "startDate">, today: string): boolean {
  return today >= cls.startDate;
}

/** 'Concluir todos' is offered from the class's end date on, while a student is still enrolled. */
export function canConcludeAll(
  cls: Pick<TeachingClass, "endDate">,
  students: readonly Pick<ClassStudent, "status">[],
  today: string,
): boolean {
  return today >= cls.endDate && students.some((s) => s.status === "enrolled");
}

export type StudentAction = "complete" | "notComplete" | "revoke" | "reissue";

/**
 * The buttons of a student's row: an enrolled student gets a result (from the start date on); a
 * completed student's current certificate may be revoked or re-issued (a new number; the server revokes
 * the old one if it was still valid) by the secretariat (CERTIFICATE_MANAGER_ROLES, checked by the server).
 */
export function studentActions(
  student: Pick<ClassStudent, "status" | "certificate">,
  role: StaffRole | null | undefined,
  canRecord: boolean,
): StudentAction[] {
  if (student.status === "enrolled") return canRecord ? ["complete", "notComplete"] : [];
  if (student.status !== "completed" || !student.certificate || !roleSatisfies(role, CERTIFICATE_MANAGER_ROLES))
    return [];
  return student.certificate.revokedAt ? ["reissue"] : ["revoke", "reissue"];
}
