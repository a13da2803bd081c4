import { adminScreenAt } from "@app/shared/screen-access";
import { Navigate, Outlet, useLocation } from "react-router";
import { StaffGuard } from "./staff-guard";

/**
 * Admin screens: a role the shared screen map does not give the current screen is sent back to /admin,
 * and so is anyone on a path the map does not list (no entry: no screen to open, whatever the role).
 */
export function AdminScreenRoute() {
  const { pathname } = useLocation();
  const screen = adminScreenAt(pathname);
  return <StaffGuard requiredRole={screen?.roles}>{screen ? <Outlet /> : <Navigate to="/admin" replace />}</StaffGuard>;
}
