import { CATALOG_MANAGER_ROLES, roleSatisfies, type StaffRole } from "@app/shared/enums";
import { ADMIN_SCREENS, type AdminScreenKey, canOpenScreen } from "@app/shared/screen-access";

interface NextStep {
  screen: AdminScreenKey;
  label: string;
  description: string;
  /** A step that changes what the screen shows also needs these roles (e.g. the catalogue, decision 014). */
  changesNeed?: readonly StaffRole[];
}

/** Shortcuts to set the institute up. */
const NEXT_STEPS: NextStep[] = [
  {
    screen: "courses",
    label: "Configurar cursos",
    description: "Crie os cursos, preços e turmas do instituto.",
    changesNeed: CATALOG_MANAGER_ROLES,
  },
  {
    screen: "users",
    label: "Gerenciar usuários",
    description: "Convide a equipe e atribua as funções de cada um.",
  },
  {
    screen: "financial",
    label: "Configurar pagamentos",
    description: "Defina as formas de pagamento e acompanhe a receita.",
  },
  {
    screen: "teaching",
    label: "Registrar resultados",
    description: "No fim do curso, marque cada aluno como concluído: o certificado é emitido de imediato.",
  },
];

/** The steps a role may follow: its screen opens for the role (the shared screen map), and so do its changes. */
export function nextStepsFor(role: StaffRole | null | undefined) {
  return NEXT_STEPS.filter((step) => canOpenScreen(role, step.screen) && roleSatisfies(role, step.changesNeed)).map(
    ({ screen, label, description }) => ({ to: ADMIN_SCREENS[screen].path, label, description }),
  );
}
