import { NO_ROLE_HEADER_LABEL, ROLE_LABELS } from "@app/shared/enums";
import { NO_ROLE_LABEL } from "@app/shared/messages";
import { ActionIcon, Alert, Anchor, Burger, Button, Indicator, Text } from "@mantine/core";
import { useHotkeys } from "@mantine/hooks";
import {
  IconExternalLink,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconLogout,
  IconUserCircle,
} from "@tabler/icons-react";
import { useState } from "react";
import { Link, Navigate, Outlet, useLocation } from "react-router";
import { LazyDrawer } from "../../components/lazy-drawer";
import { useSignOut } from "../../features/auth/api/auth";
import { referencesWaitingText, useReferenceSummary } from "../../features/payment-references/api/payment-references";
import { feedback } from "../../lib/mutation-feedback";
import { useRenderingScreenFrame } from "../../lib/screen-frame";
import { mustSetUpTwoFactor, STAFF_ACCOUNT_PATH, useSession } from "../../lib/session";
import { StaffGuard } from "../guards/staff-guard";
import classes from "./admin-layout.module.css";
import { AdminSidebarNav } from "./admin-sidebar-nav";
import { readSidebarCollapsed, writeSidebarCollapsed } from "./sidebar-state";

export function Component() {
  return (
    <StaffGuard>
      <AdminShell />
    </StaffGuard>
  );
}

/** The staff area's layout; its frame (lib/screen-frame.ts) is drawn without a session: the page, no menu. */
export function AdminShell() {
  const framing = useRenderingScreenFrame();
  const { data: session } = useSession();
  const signOut = useSignOut("/", { reload: true });
  const [collapsed, setCollapsed] = useState(() => !framing && readSidebarCollapsed());
  const [drawerOpen, setDrawerOpen] = useState(false);
  const role = session?.staff?.role ?? null;
  const { pathname } = useLocation();
  // A role that requires two-factor sign-in: its set-up before any other screen (decision 076).
  const setUpFirst = mustSetUpTwoFactor(session);
  // Reference payments waiting for finance (decision 084): a dot on the phone's menu button too.
  const waiting = useReferenceSummary(setUpFirst ? null : role).data?.open ?? 0;

  const toggle = () =>
    setCollapsed((c) => {
      writeSidebarCollapsed(!c);
      return !c;
    });
  useHotkeys([["mod+B", toggle]], []);

  const logout = () => signOut.mutate(undefined, feedback({ failure: "Erro ao fazer logout" }));

  return (
    <div className={classes.shell}>
      <aside className={classes.sidebar} data-collapsed={collapsed} aria-label="Barra lateral">
        <div className={classes.brand}>{collapsed ? "I" : "Instituto"}</div>
        <div className={classes.nav}>
          {role && !setUpFirst && <AdminSidebarNav role={role} collapsed={collapsed} />}
        </div>
        <div className={classes.sidebarFooter}>
          <Anchor
            href="/"
            target="_blank"
            rel="noopener"
            size="sm"
            aria-label="Ver site público (abre num novo separador)"
          >
            <IconExternalLink size={16} style={{ verticalAlign: "middle" }} aria-hidden />
            {!collapsed && " Ver site público"}
          </Anchor>
        </div>
      </aside>
      <LazyDrawer
        opened={drawerOpen}
        onClose={() => setDrawerOpen(false)}
        size="18rem"
        title="Instituto"
        hiddenFrom="sm"
        padding="sm"
      >
        {role && !setUpFirst && (
          <AdminSidebarNav role={role} collapsed={false} onNavigate={() => setDrawerOpen(false)} />
        )}
        <Anchor href="/" target="_blank" rel="noopener" size="sm" mt="md" display="block">
          Ver site público
        </Anchor>
      </LazyDrawer>
      <div className={classes.content}>
        <header className={classes.header}>
          <Indicator hiddenFrom="sm" inline disabled={waiting === 0} size={9} color="red.8" offset={4}>
            <Burger
              opened={drawerOpen}
              onClick={() => setDrawerOpen((o) => !o)}
              size="sm"
              aria-label={waiting ? `Abrir menu (${referencesWaitingText(waiting)})` : "Abrir menu"}
            />
          </Indicator>
          <ActionIcon
            className={classes.desktopToggle}
            variant="subtle"
            color="gray"
            onClick={toggle}
            aria-label={collapsed ? "Expandir menu lateral (Ctrl+B)" : "Recolher menu lateral (Ctrl+B)"}
            aria-expanded={!collapsed}
          >
            {collapsed ? <IconLayoutSidebarLeftExpand size={20} /> : <IconLayoutSidebarLeftCollapse size={20} />}
          </ActionIcon>
          <Text className={classes.title}>Sistema de Gestão Acadêmica</Text>
          <div className={classes.who}>
            <Text size="sm" fw={600}>
              {session?.user?.email}
            </Text>
            <Text size="xs" c="dimmed" data-testid="role-label">
              {role ? ROLE_LABELS[role] : framing ? "" : NO_ROLE_HEADER_LABEL}
            </Text>
          </div>
          <ActionIcon
            component={Link}
            to={STAFF_ACCOUNT_PATH}
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Minha conta"
            title="Minha conta"
          >
            <IconUserCircle size={22} aria-hidden />
          </ActionIcon>
          <Button
            variant="subtle"
            color="gray"
            onClick={logout}
            loading={signOut.isPending}
            leftSection={<IconLogout size={18} />}
            aria-label="Sair"
          >
            <span className={classes.who}>Sair</span>
          </Button>
        </header>
        <main className={classes.main}>
          {framing ? (
            <Outlet />
          ) : !role ? (
            <NoRoleNotice />
          ) : setUpFirst && pathname !== STAFF_ACCOUNT_PATH ? (
            <Navigate to={STAFF_ACCOUNT_PATH} replace />
          ) : (
            <Outlet />
          )}
        </main>
      </div>
    </div>
  );
}

function NoRoleNotice() {
  return (
    <Alert color="yellow" title={NO_ROLE_LABEL} maw={640} role="status">
      A sua conta foi criada, mas ainda não tem um perfil de acesso. Por favor, aguarde que um administrador atribua um
      perfil à sua conta. Depois disso, volte a entrar para ver as áreas de gestão.
    </Alert>
  );
}
