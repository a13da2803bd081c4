import type { StaffRole } from "@app/shared/enums";
import { ADMIN_SCREENS, adminScreenAt, canOpenScreen } from "@app/shared/screen-access";
import { Badge, Indicator, NavLink, Tooltip, VisuallyHidden } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { useId } from "react";
import { NavLink as RouterNavLink, useLocation } from "react-router";
import { referencesWaitingText, useReferenceSummary } from "../../features/payment-references/api/payment-references";
import { MAIN_NAV, type NavItem, navLabel, SETTINGS_NAV } from "./admin-nav";

/**
 * The admin navigation, filtered by role; in icon mode each item keeps its name for screen readers and a
 * tooltip. 'Financeiro' carries how many reference payments wait for finance (decision 084): a badge, or a
 * dot on the icon, described to screen readers (the link's name stays 'Financeiro').
 */
export function AdminSidebarNav({
  role,
  collapsed,
  onNavigate,
}: {
  role: StaffRole;
  collapsed: boolean;
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  const allowed = (item: NavItem) => canOpenScreen(role, item.screen);
  const settings = SETTINGS_NAV.filter(allowed);
  const waitingCount = useReferenceSummary(role).data?.open ?? 0;
  const waitingId = useId();

  const item = (i: NavItem) => {
    const to = ADMIN_SCREENS[i.screen].path;
    const label = navLabel(i, role);
    // The screen the address shows, not every screen whose path it starts with: /admin/settings/privacy
    // is 'Privacidade', not also 'Dados do instituto' (/admin/settings).
    const active = adminScreenAt(pathname) === ADMIN_SCREENS[i.screen];
    const hasScreensBelow = Object.values(ADMIN_SCREENS).some((s) => s.path.startsWith(`${to}/`));
    const waiting = i.screen === "financial" && waitingCount > 0;
    const link = (
      <NavLink
        key={to}
        component={RouterNavLink}
        to={to}
        end={hasScreensBelow}
        label={collapsed ? undefined : label}
        aria-label={collapsed ? label : undefined}
        aria-describedby={waiting ? waitingId : undefined}
        leftSection={
          waiting && collapsed ? (
            <Indicator size={9} color="red.8" offset={2}>
              {i.icon}
            </Indicator>
          ) : (
            i.icon
          )
        }
        rightSection={
          waiting && !collapsed ? (
            <Badge size="sm" color="red.8" variant="filled" aria-hidden>
              {waitingCount}
            </Badge>
          ) : undefined
        }
        active={active}
        onClick={onNavigate}
        styles={collapsed ? { root: { justifyContent: "center", padding: 8 }, section: { margin: 0 } } : undefined}
      />
    );
    return collapsed ? (
      <Tooltip key={to} label={waiting ? `${label}: ${referencesWaitingText(waitingCount)}` : label} position="right">
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <nav aria-label="Menu de administração">
      {MAIN_NAV.filter(allowed).map(item)}
      {waitingCount > 0 && <VisuallyHidden id={waitingId}>{referencesWaitingText(waitingCount)}</VisuallyHidden>}
      {settings.length > 0 &&
        (collapsed ? (
          settings.map(item)
        ) : (
          <NavLink
            component="button"
            type="button"
            label="Configurações"
            leftSection={<IconSettings size={18} />}
            defaultOpened={settings.some((s) => pathname.startsWith(ADMIN_SCREENS[s.screen].path))}
          >
            {settings.map(item)}
          </NavLink>
        ))}
    </nav>
  );
}
