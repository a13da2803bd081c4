import type { StaffRole } from "@app/shared/enums";
import { ADMIN_SCREENS, canOpenScreen } from "@app/shared/screen-access";
import { NavLink, Tooltip } from "@mantine/core";
import { IconSettings } from "@tabler/icons-react";
import { NavLink as RouterNavLink, useLocation } from "react-router";
import { MAIN_NAV, type NavItem, navLabel, SETTINGS_NAV } from "./admin-nav";

/** The admin navigation, filtered by role; in icon mode each item keeps its name for screen readers and a tooltip. */
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

  const item = (i: NavItem) => {
    const to = ADMIN_SCREENS[i.screen].path;
    const label = navLabel(i, role);
    const active = i.screen === "dashboard" ? pathname === to : pathname.startsWith(to);
    const link = (
      <NavLink
        key={to}
        component={RouterNavLink}
        to={to}
        end={i.screen === "dashboard"}
        label={collapsed ? undefined : label}
        aria-label={collapsed ? label : undefined}
        leftSection={i.icon}
        active={active}
        onClick={onNavigate}
        styles={collapsed ? { root: { justifyContent: "center", padding: 8 }, section: { margin: 0 } } : undefined}
      />
    );
    return collapsed ? (
      <Tooltip key={to} label={label} position="right">
        {link}
      </Tooltip>
    ) : (
      link
    );
  };

  return (
    <nav aria-label="Menu de administração">
      {MAIN_NAV.filter(allowed).map(item)}
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
