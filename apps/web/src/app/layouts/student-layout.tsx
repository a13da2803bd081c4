import { Badge, Burger, Button, NavLink, Stack, Text, Title } from "@mantine/core";
import {
  IconArrowLeft,
  IconAward,
  IconFileDescription,
  IconFilePlus,
  IconKey,
  IconLogout,
  IconReceipt,
} from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Outlet, NavLink as RouterNavLink } from "react-router";
import { LazyDrawer } from "../../components/lazy-drawer";
import { useSignOut } from "../../features/auth/api/auth";
import { useCatalog } from "../../features/courses/api/catalog";
import { newApplicationStartQuery } from "../../features/enrollments/api/enrollments";
import { PrivacyNoticeDialog } from "../../features/privacy/components/privacy-notice-dialog";
import { clearDrafts } from "../../lib/device-draft";
import { CHOOSE_PASSWORD_PATH, COMPLETE_ENROLLMENT_PATH, useSession } from "../../lib/session";
import { toastError, toastSuccess } from "../../lib/toast";
import { StudentGuard, type StudentStep } from "../guards/student-guard";
import classes from "./student-layout.module.css";

interface Link {
  label: string;
  to: string;
  icon: ReactNode;
}

const LINKS: Link[] = [
  { label: "Comprovar Pagamento", to: "/aluno/pagamento", icon: <IconReceipt size={18} /> },
  { label: "Dados de Acesso", to: "/aluno/acesso", icon: <IconKey size={18} /> },
  { label: "Meus Certificados", to: "/aluno/certificados", icon: <IconAward size={18} /> },
];
const NEW_APPLICATION = { label: "Nova inscrição", to: "/aluno/nova-inscricao", icon: <IconFilePlus size={18} /> };
const BACK_TO_SITE: Link = { label: "Voltar ao site", to: "/", icon: <IconArrowLeft size={18} /> };

/**
 * The steps before the student area (decision 028) have the same layout, with their own screen as the
 * only item besides the way back to the site: the area's screens would only send the student back here.
 */
const STEP_LINKS: Record<StudentStep, Link[]> = {
  password: [{ label: "Escolher senha", to: CHOOSE_PASSWORD_PATH, icon: <IconKey size={18} /> }, BACK_TO_SITE],
  enrollment: [
    { label: "Completar Inscrição", to: COMPLETE_ENROLLMENT_PATH, icon: <IconFileDescription size={18} /> },
    BACK_TO_SITE,
  ],
};

/** 'Nova inscrição' shows while some active course is one the account may apply for (issue 14). */
function useMayApplyAgain(): boolean {
  const start = useQuery(newApplicationStartQuery);
  const { data: courses } = useCatalog();
  if (!start.data || !courses) return false;
  return courses.some((c) => !start.data.heldCourseIds.includes(c.id));
}

/** The student area (/aluno/*). */
export function Component() {
  return (
    <StudentGuard>
      <AreaShell />
    </StudentGuard>
  );
}

/** The student area's layout without its guard: also drawn, without a session, as a screen's frame (lib/screen-frame.ts). */
export function AreaShell() {
  return <StudentShell links={useMayApplyAgain() ? [...LINKS, NEW_APPLICATION] : LINKS} />;
}

/** /escolher-senha: the first screen of a student whose password is temporary. */
export function PasswordStep() {
  return (
    <StudentGuard step="password">
      <StudentShell links={STEP_LINKS.password} />
    </StudentGuard>
  );
}

/** /completar-inscricao: the enrolment form of a student who has not sent it yet. */
export function EnrollmentStep() {
  return (
    <StudentGuard step="enrollment">
      <StudentShell links={STEP_LINKS.enrollment} />
    </StudentGuard>
  );
}

function StudentShell({ links }: { links: Link[] }) {
  const { data } = useSession();
  const student = data?.student;
  const userId = data?.user?.id;
  const signOut = useSignOut("/login-aluno");
  const [open, setOpen] = useState(false);
  const firstName = student?.name.split(/\s+/)[0] ?? "";

  const logout = () =>
    signOut.mutate(undefined, {
      onSuccess: () => {
        // A shared phone keeps nothing this student typed (decision 028).
        if (userId) clearDrafts(userId);
        toastSuccess("Logout realizado com sucesso");
      },
      onError: (e) => toastError(`Erro ao fazer logout: ${e.message}`),
    });

  const signOutButton = (
    <Button
      variant="outline"
      color="red.9"
      leftSection={<IconLogout size={18} />}
      onClick={logout}
      loading={signOut.isPending}
      mt="auto"
    >
      Sair
    </Button>
  );

  // On a phone 'Sair' sits in the header, always one tap away; the drawer then only navigates.
  const menu = (withSignOut: boolean) => (
    <Stack gap="md" h="100%">
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          Código de estudante
        </Text>
        <Badge size="lg" variant="light" style={{ alignSelf: "flex-start" }}>
          {student?.code}
        </Badge>
        <Text fw={600}>{student?.name}</Text>
      </Stack>
      <nav aria-label="Área do aluno">
        {links.map((l) => (
          <NavLink
            key={l.to}
            component={RouterNavLink}
            to={l.to}
            label={l.label}
            leftSection={l.icon}
            onClick={() => setOpen(false)}
          />
        ))}
      </nav>
      {withSignOut && signOutButton}
    </Stack>
  );

  return (
    <div className={classes.shell}>
      <aside className={classes.sidebar} aria-label="Menu do aluno">
        {menu(true)}
      </aside>
      <LazyDrawer opened={open} onClose={() => setOpen(false)} size="18rem" title="Área do Aluno" hiddenFrom="sm">
        {menu(false)}
      </LazyDrawer>
      <div className={classes.content}>
        <header className={classes.header}>
          <Burger
            className={classes.burger}
            opened={open}
            onClick={() => setOpen((o) => !o)}
            size="sm"
            aria-label="Abrir menu"
          />
          <div className={classes.greeting}>
            <Title order={2} size="h4">
              Bem-vindo, {firstName}
            </Title>
            <Text size="sm" c="dimmed">
              Gerencie sua conta e acompanhe seu progresso
            </Text>
          </div>
          <Button
            className={classes.headerSignOut}
            variant="subtle"
            color="red.9"
            size="compact-md"
            leftSection={<IconLogout size={18} />}
            onClick={logout}
            loading={signOut.isPending}
          >
            Sair
          </Button>
        </header>
        <main className={classes.main}>
          <Outlet />
        </main>
        <PrivacyNoticeDialog />
      </div>
    </div>
  );
}
