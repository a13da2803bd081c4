import type { StaffRole } from "./enums";

/**
 * Every staff role opens 'Contas de Alunos'; changing a student's code or password is for those who
 * review enrolments and speak with students (decision 020).
 */
export const STUDENT_ACCOUNT_MANAGER_ROLES = [
  "super_admin",
  "admin",
  "secretaria",
] as const satisfies readonly StaffRole[];
export const STUDENT_ACCOUNT_MANAGER_MESSAGE =
  "Só Super Administrador, Administrador e Secretaria podem alterar as credenciais dos alunos";
