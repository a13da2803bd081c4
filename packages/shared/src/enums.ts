import { INVALID_ROLE } from "./field-messages";

/** Enumerations of SPEC §3 with their Portuguese labels. Values keep the SPEC's spelling. */

export const COURSE_AREAS = ["Tecnologia", "Marketing", "Línguas", "Gestão", "Design", "Saúde", "Educação"] as const;
export type CourseArea = (typeof COURSE_AREAS)[number];

export { MODALITIES, MODALITY_LABELS, type Modality } from "./modalities";

export const COURSE_STATUSES = ["active", "inactive"] as const;
export type CourseStatus = (typeof COURSE_STATUSES)[number];
export const COURSE_STATUS_LABELS: Record<CourseStatus, string> = { active: "Ativo", inactive: "Inativo" };

export const CLASS_STATUSES = ["active", "completed", "cancelled", "full"] as const;
export type ClassStatus = (typeof CLASS_STATUSES)[number];
export const CLASS_STATUS_LABELS: Record<ClassStatus, string> = {
  active: "Ativa",
  completed: "Concluída",
  cancelled: "Cancelada",
  full: "Lotada",
};

export const TEACHER_STATUSES = ["active", "inactive"] as const;
export type TeacherStatus = (typeof TEACHER_STATUSES)[number];

export const EDUCATION_LEVELS = [
  "fundamental",
  "medio",
  "licenciatura",
  "bacharelado",
  "mestrado",
  "doutoramento",
] as const;
export type EducationLevel = (typeof EDUCATION_LEVELS)[number];
export const EDUCATION_LEVEL_LABELS: Record<EducationLevel, string> = {
  fundamental: "Ensino Fundamental",
  medio: "Ensino Médio",
  licenciatura: "Licenciatura",
  bacharelado: "Bacharelado",
  mestrado: "Mestrado",
  doutoramento: "Doutoramento",
};

export const SCHEDULE_PREFERENCES = ["manha", "tarde", "noite"] as const;
export type SchedulePreference = (typeof SCHEDULE_PREFERENCES)[number];
export const SCHEDULE_LABELS: Record<SchedulePreference | "sabado", string> = {
  manha: "Manhã (08h-12h)",
  tarde: "Tarde (14h-18h)",
  noite: "Noite (18h-22h)",
  sabado: "Sábado",
};

/** Qualification on the staff create-enrolment form (SPEC §3; the lists differ between forms, kept as given). */
export const STAFF_CREATE_QUALIFICATIONS = [
  "secundario",
  "tecnico",
  "licenciatura",
  "mestrado",
  "doutoramento",
] as const;
/** Qualification on the staff edit-enrolment form (SPEC §3). */
export const STAFF_EDIT_QUALIFICATIONS = [
  "ensino_primario",
  "ensino_secundario",
  "ensino_medio",
  "licenciatura",
  "mestrado",
  "doutorado",
] as const;
const QUALIFICATION_LABELS: Record<string, string> = {
  ...EDUCATION_LEVEL_LABELS,
  secundario: "Ensino Secundário",
  tecnico: "Ensino Técnico",
  ensino_primario: "Ensino Primário",
  ensino_secundario: "Ensino Secundário",
  ensino_medio: "Ensino Médio",
  doutorado: "Doutorado",
};
/** The label of a qualification from any of the three forms' lists; an unknown value shows as stored. */
export function qualificationLabel(value: string): string {
  return QUALIFICATION_LABELS[value] ?? value;
}

/** Schedule options on the staff forms: sabado only on the create form (SPEC §3). */
export const STAFF_CREATE_SCHEDULES = [...SCHEDULE_PREFERENCES, "sabado"] as const;
export const STAFF_EDIT_SCHEDULES = SCHEDULE_PREFERENCES;

export const PROVINCES = [
  "Bengo",
  "Benguela",
  "Bié",
  "Cabinda",
  "Cuando Cubango",
  "Cuanza Norte",
  "Cuanza Sul",
  "Cunene",
  "Huambo",
  "Huíla",
  "Luanda",
  "Lunda Norte",
  "Lunda Sul",
  "Malanje",
  "Moxico",
  "Namibe",
  "Uíge",
  "Zaire",
] as const;
export type Province = (typeof PROVINCES)[number];

/**
 * How a payment was made; the one column `payments.payment_method` holds. A bank transfer is one method
 * whichever flow records it (staff confirmation or receipt approval), under one label (decision 025). The desk
 * ('Confirmar pagamento') records any but 'importado', a payment brought in from a sheet (decision 097).
 */
export const DESK_PAYMENT_METHODS = ["tpa", "transferencia", "deposito", "dinheiro", "multicaixa"] as const;
/** The method of a payment imported from the institute's sheets (issue 38, decision 097). */
export const IMPORTED_PAYMENT_METHOD = "importado";
export const PAYMENT_METHODS = [...DESK_PAYMENT_METHODS, IMPORTED_PAYMENT_METHOD] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  tpa: "TPA",
  transferencia: "Transferência Bancária",
  deposito: "Depósito",
  dinheiro: "Dinheiro",
  multicaixa: "Multicaixa",
  importado: "Importado",
};

/** The method a paid Multicaixa reference records (issue 26, decision 075). */
export const REFERENCE_PAYMENT_METHOD: PaymentMethod = "multicaixa";
/** The method a receipt approval records (SPEC §9: 'Transferência Bancária'). */
export const RECEIPT_PAYMENT_METHOD: PaymentMethod = "transferencia";

/**
 * correction_requested: staff asked the student to replace refused documents (decision 018).
 * receipt_rejected: finance rejected the latest receipt; the student must send a new one (decision 050).
 * partial_payment: payments were recorded but less than is due, and the enrolment waits for the balance
 * (decision 083): the student may pay the rest any way, finance may accept the difference.
 * completed / not_completed: the teacher's result at the end of the course (decision 021); completed
 * issues the certificate.
 */
export const ENROLLMENT_STATUSES = [
  "pre_inscrito",
  "correction_requested",
  "approved",
  "payment_pending",
  "receipt_rejected",
  "partial_payment",
  "enrolled",
  "rejected",
  "completed",
  "not_completed",
] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];
const ENROLLMENT_STATUS_LABELS: Record<EnrollmentStatus, string> = {
  pre_inscrito: "Pré-inscrito",
  correction_requested: "Correção pedida",
  approved: "Aprovado (Código Enviado)",
  payment_pending: "Pagamento Enviado",
  receipt_rejected: "Comprovante rejeitado",
  partial_payment: "Pagamento parcial",
  rejected: "Rejeitado",
  enrolled: "Matriculado",
  completed: "Concluído",
  not_completed: "Não concluído",
};
/** An approved enrolment whose code has not reached the student yet (decision 084). */
export const APPROVED_CODE_UNSENT = "Aprovado (Código por Enviar)";
/**
 * Any unknown value displays as 'Pendente' (SPEC §4). 'approved' says 'Código Enviado' only when the code
 * reached the student (decision 084): `codeSent` false reads 'Aprovado (Código por Enviar)'; without
 * `codeSent` (a filter, a transition in the History, an error) it is plain 'Aprovado'.
 */
export function enrollmentStatusLabel(status: string, codeSent?: boolean): string {
  if (status === "approved" && codeSent !== true) return codeSent === false ? APPROVED_CODE_UNSENT : "Aprovado";
  return ENROLLMENT_STATUS_LABELS[status as EnrollmentStatus] ?? "Pendente";
}

export const RECEIPT_STATUSES = ["pending", "approved", "rejected"] as const;
export type ReceiptStatus = (typeof RECEIPT_STATUSES)[number];
export const RECEIPT_STATUS_LABELS: Record<ReceiptStatus, string> = {
  pending: "Pendente",
  approved: "Aprovado",
  rejected: "Rejeitado",
};
export const RECEIPT_FILE_TYPES = ["pdf", "image"] as const;

/** 'confirmed' is written by the staff enrolment flow, 'completed' by receipt approval; both read 'Confirmado'. */
export const PAYMENT_STATUSES = ["pending", "completed", "confirmed", "failed"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  pending: "Pendente",
  completed: "Confirmado",
  confirmed: "Confirmado",
  failed: "Falhado",
};

export const STAFF_ROLES = ["super_admin", "admin", "financeiro", "professor", "secretaria"] as const;
/** A role outside STAFF_ROLES, for a caller (seed, script) that needs the list. */
export const INVALID_ROLE_LISTED = `${INVALID_ROLE}. Use: ${STAFF_ROLES.join(", ")}`;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const ROLE_LABELS: Record<StaffRole, string> = {
  super_admin: "Super Administrador",
  admin: "Administrador",
  financeiro: "Financeiro",
  professor: "Professor",
  secretaria: "Secretaria",
};
export const ROLE_DESCRIPTIONS: Record<StaffRole, string> = {
  super_admin: "Acesso total; gerencia todos os usuários, altera perfis de acesso e configurações do sistema",
  admin: "Gerencia cursos, aprova inscrições, gerencia professores, vê relatórios",
  financeiro: "Vê e confirma pagamentos, relatórios financeiros, exportação",
  professor: "Vê os seus cursos, gerencia conteúdos, vê alunos inscritos, lança notas",
  secretaria: "Vê inscrições, aprova documentos, comunica com alunos, gerencia cursos básicos",
};
/** What each access profile may do (SPEC §6), for the read-only 'Perfis de Acesso' cards. */
export const ROLE_PERMISSIONS: Record<StaffRole, string[]> = {
  super_admin: [
    "Acesso total ao sistema",
    "Gerencia todos os usuários",
    "Altera perfis de acesso",
    "Configurações do sistema",
  ],
  admin: ["Gerencia cursos", "Aprova inscrições", "Gerencia professores", "Vê relatórios"],
  financeiro: [
    "Vê e confirma pagamentos",
    "Relatórios financeiros",
    "Exportação de dados",
    "Consulta cursos, turmas e professores (sem alterar)",
  ],
  professor: [
    "Vê os seus cursos",
    "Gerencia os conteúdos das suas aulas",
    "Vê alunos inscritos",
    "Lança notas",
    "Consulta cursos, turmas e professores (sem alterar)",
  ],
  secretaria: ["Vê inscrições", "Aprova documentos", "Comunica com alunos", "Gerencia cursos, turmas e professores"],
};

/** Header label for a user without a role. */
export const NO_ROLE_HEADER_LABEL = "Usuário";
/* The users-list label for a user without a role is NO_ROLE_LABEL in ./messages: the server's refusal names it too. */

/** super_admin satisfies every role requirement (SPEC §6); a list of roles is met by any of them. */
export function roleSatisfies(
  userRole: StaffRole | null | undefined,
  required: StaffRole | readonly StaffRole[] | undefined,
): boolean {
  if (!userRole) return false;
  if (!required) return true;
  if (userRole === "super_admin") return true;
  return typeof required === "string" ? userRole === required : required.includes(userRole);
}

/** Who may create, edit and delete courses, classes and teachers; the other roles see them read-only (decision 014). */
export const CATALOG_MANAGER_ROLES = ["super_admin", "admin", "secretaria"] as const satisfies readonly StaffRole[];
export const CATALOG_READ_ONLY_MESSAGE =
  "Só Super Administrador, Administrador e Secretaria podem criar, editar ou excluir cursos, turmas e professores";

export function canManageCatalog(role: StaffRole | null | undefined): boolean {
  return roleSatisfies(role, CATALOG_MANAGER_ROLES);
}

export const FILE_KINDS = [
  "id_card_front",
  "id_card_back",
  "certificate",
  "receipt",
  "curriculum",
  "certificate_pdf",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];
