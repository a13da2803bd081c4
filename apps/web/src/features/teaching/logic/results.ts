import { roleSatisfies, type StaffRole } from "@app/shared/enums";
import { formatGrade } from "@app/shared/grades";
import { CERTIFICATE_MANAGER_ROLES } from "@app/shared/schemas/certificates";
import type { ClassStudent, TeachingClass } from "../api/teaching";

/** The screen's title: a professor sees their own classes, the secretariat every class (decision 042). */
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

export type StudentAction = "complete" | "notComplete" | "revoke" | "reissue" | "correct";

/**
 * The buttons of a student's row: an enrolled student gets a result (from the start date on); for the
 * secretariat (CERTIFICATE_MANAGER_ROLES, checked by the server) a completed student's current certificate
 * may be revoked or re-issued (a new number; the server revokes the old one if it was still valid), and a
 * result with no certificate in force ('Não concluído', or 'Concluído' after a revocation) may be
 * corrected (decision 027).
 */
export function studentActions(
  student: Pick<ClassStudent, "status" | "certificate">,
  role: StaffRole | null | undefined,
  canRecord: boolean,
): StudentAction[] {
  if (student.status === "enrolled") return canRecord ? ["complete", "notComplete"] : [];
  if (!roleSatisfies(role, CERTIFICATE_MANAGER_ROLES)) return [];
  if (student.status === "not_completed") return ["correct"];
  if (!student.certificate) return [];
  return student.certificate.revokedAt ? ["correct", "reissue"] : ["revoke", "reissue"];
}

/** 'Ana (8) fica' / 'Ana (8) e Bruno (7) ficam' …: the students of 'Concluir todos' under the pass mark. */
export function belowPassMarkAllQuestion(below: { name: string; grade: number }[], passMark: number): string {
  const names = below.map((b) => `${b.name} (${formatGrade(b.grade)})`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} e ${names.at(-1)}` : names[0];
  return `${list} ${names.length > 1 ? "ficam" : "fica"} com uma nota inferior à nota mínima de aprovação (${formatGrade(passMark)}). Emitir os certificados mesmo assim?`;
}
