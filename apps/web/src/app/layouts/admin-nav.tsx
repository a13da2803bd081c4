import type { StaffRole } from "@app/shared/enums";
import type { AdminScreenKey } from "@app/shared/screen-access";
import {
  IconActivity,
  IconBook,
  IconBuildingBank,
  IconCash,
  IconCertificate,
  IconChalkboard,
  IconDatabaseImport,
  IconFileInvoice,
  IconLayoutDashboard,
  IconLock,
  IconReportMoney,
  IconSchool,
  IconShieldLock,
  IconUserCircle,
  IconUsers,
  IconUsersGroup,
} from "@tabler/icons-react";
import type { ReactNode } from "react";

export interface NavItem {
  label: string;
  /** A label for some roles instead of `label` (navLabel). */
  labelFor?: Partial<Record<StaffRole, string>>;
  /** The screen it opens: its path and the roles that see the item come from the shared screen map. */
  screen: AdminScreenKey;
  icon: ReactNode;
}

const size = 18;

export const MAIN_NAV: NavItem[] = [
  { label: "Painel", screen: "dashboard", icon: <IconLayoutDashboard size={size} /> },
  { label: "Cursos", screen: "courses", icon: <IconBook size={size} /> },
  { label: "Turmas", screen: "classes", icon: <IconChalkboard size={size} /> },
  { label: "Inscrições", screen: "enrollments", icon: <IconSchool size={size} /> },
  { label: "Contas de Alunos", screen: "studentAccounts", icon: <IconUserCircle size={size} /> },
  { label: "Professores", screen: "teachers", icon: <IconUsersGroup size={size} /> },
  // A professor's own classes; the secretariat's every class (decision 042).
  {
    label: "Turmas e resultados",
    labelFor: { professor: "As minhas turmas" },
    screen: "teaching",
    icon: <IconCertificate size={size} />,
  },
  { label: "Comprovantes", screen: "paymentReceipts", icon: <IconFileInvoice size={size} /> },
  { label: "Financeiro", screen: "financial", icon: <IconCash size={size} /> },
  { label: "Extratos bancários", screen: "bankStatements", icon: <IconReportMoney size={size} /> },
];

/** The 'Configurações' group (super_admin; admin sees 'Importar dados' only, as the map says). */
export const SETTINGS_NAV: NavItem[] = [
  { label: "Utilizadores", screen: "users", icon: <IconUsers size={size} /> },
  { label: "Perfis de acesso", screen: "roles", icon: <IconShieldLock size={size} /> },
  { label: "Dados do instituto", screen: "settings", icon: <IconBuildingBank size={size} /> },
  { label: "Privacidade", screen: "privacy", icon: <IconLock size={size} /> },
  { label: "Estado do sistema", screen: "systemStatus", icon: <IconActivity size={size} /> },
  { label: "Importar dados", screen: "dataImport", icon: <IconDatabaseImport size={size} /> },
];

/** The item's label as `role` reads it. */
export const navLabel = (item: NavItem, role: StaffRole) => item.labelFor?.[role] ?? item.label;
