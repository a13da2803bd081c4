import type { StaffRole } from "@app/shared/enums";
import {
  IconBook,
  IconCash,
  IconChalkboard,
  IconFileInvoice,
  IconLayoutDashboard,
  IconSchool,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";

export interface NavItem {
  label: string;
  to: string;
  icon: ReactNode;
  /** The role the screen requires (super_admin passes every requirement). */
  role?: StaffRole;
}

const size = 18;

export const MAIN_NAV: NavItem[] = [
  { label: "Painel", to: "/admin", icon: <IconLayoutDashboard size={size} /> },
  { label: "Cursos", to: "/admin/courses", icon: <IconBook size={size} /> },
  { label: "Turmas", to: "/admin/classes", icon: <IconChalkboard size={size} /> },
  { label: "Inscrições", to: "/admin/enrollments", icon: <IconSchool size={size} /> },
  { label: "Contas de Alunos", to: "/admin/student-accounts", icon: <IconUserCircle size={size} /> },
  { label: "Professores", to: "/admin/teachers", icon: <IconUsersGroup size={size} /> },
  { label: "Comprovantes", to: "/admin/payment-receipts", icon: <IconFileInvoice size={size} />, role: "financeiro" },
  { label: "Financeiro", to: "/admin/financial", icon: <IconCash size={size} />, role: "financeiro" },
];

/** The 'Configurações' group: super_admin only. */
export const SETTINGS_NAV: NavItem[] = [
  { label: "Utilizadores", to: "/admin/users", icon: <IconUsers size={size} />, role: "super_admin" },
  { label: "Perfis de acesso", to: "/admin/roles", icon: <IconShieldLock size={size} />, role: "super_admin" },
];
