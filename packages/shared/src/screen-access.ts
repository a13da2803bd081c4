import { roleSatisfies, type StaffRole } from "./enums";

/** A back-office screen: its address and the roles that open it (none listed: every staff role). */
export interface AdminScreen {
  path: string;
  roles?: readonly StaffRole[];
}

const SCREENS = {
  dashboard: { path: "/admin" },
  courses: { path: "/admin/courses" },
  classes: { path: "/admin/classes" },
  // Applicants' identity documents are not a teacher's business (decision 018): the same roles as
  // ENROLLMENT_VIEWER_ROLES of enrollment-review.ts.
  enrollments: { path: "/admin/enrollments", roles: ["admin", "secretaria", "financeiro"] },
  studentAccounts: { path: "/admin/student-accounts" },
  teachers: { path: "/admin/teachers" },
  paymentReceipts: { path: "/admin/payment-receipts", roles: ["financeiro"] },
  financial: { path: "/admin/financial", roles: ["financeiro"] },
  // 'Extratos bancários' (decisions 070, 072): part of Financeiro's work, the same roles.
  bankStatements: { path: "/admin/bank-statements", roles: ["financeiro"] },
  users: { path: "/admin/users", roles: ["super_admin"] },
  roles: { path: "/admin/roles", roles: ["super_admin"] },
  settings: { path: "/admin/settings", roles: ["super_admin"] },
  // 'Privacidade' (Lei n.º 22/11, decision 099): the notice, the retention period and the erasure requests.
  privacy: { path: "/admin/settings/privacy", roles: ["super_admin"] },
  // 'Estado do sistema' (decision 098): the operators' figures.
  systemStatus: { path: "/admin/system-status", roles: ["super_admin"] },
  // 'Importar dados' (issue 38, decision 097): reached from Configurações, open to admin too.
  dataImport: { path: "/admin/settings/data-import", roles: ["admin"] },
  // Course results and certificates (decision 021): a professor sees the classes they teach, admin and
  // secretaria every class.
  teaching: { path: "/admin/teaching", roles: ["professor", "admin", "secretaria"] },
} satisfies Record<string, AdminScreen>;

export type AdminScreenKey = keyof typeof SCREENS;

/**
 * Who opens which admin screen (SPEC §6); super_admin passes every requirement. The sidebar, the web
 * route guard, the dashboard's next steps and the server guard of each screen's API read this map.
 * Changing the catalogue is a separate rule (CATALOG_MANAGER_ROLES, decision 014).
 */
export const ADMIN_SCREENS: Readonly<Record<AdminScreenKey, AdminScreen>> = SCREENS;

export function canOpenScreen(role: StaffRole | null | undefined, screen: AdminScreenKey): boolean {
  return roleSatisfies(role, ADMIN_SCREENS[screen].roles);
}

/** The roles that open at least one of `screens` (an API read by several screens); undefined: every role. */
export function rolesOfScreens(first: AdminScreenKey, ...more: AdminScreenKey[]): readonly StaffRole[] | undefined {
  const lists = [first, ...more].map((screen) => ADMIN_SCREENS[screen].roles);
  if (lists.some((roles) => !roles)) return undefined;
  return [...new Set(lists.flatMap((roles) => roles ?? []))];
}

/** The back office's root: the dashboard's path, below which every other screen lies. */
export const ADMIN_ROOT = SCREENS.dashboard.path;

/**
 * The screen a pathname shows: the screen whose path it is, or the longest screen path it lies below
 * (/admin/teaching/{turma}); the root (/admin) only for itself, since every screen lies below it. A
 * pathname of no screen has none: the guard refuses it (issue 22).
 */
export function adminScreenAt(pathname: string): AdminScreen | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  const matches = Object.values(ADMIN_SCREENS).filter(
    (screen) => path === screen.path || (screen.path !== ADMIN_ROOT && path.startsWith(`${screen.path}/`)),
  );
  return matches.sort((a, b) => b.path.length - a.path.length)[0];
}
