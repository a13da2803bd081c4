import { adminScreenAt } from "@app/shared/screen-access";
import { Outlet, useLocation } from "react-router";
import { StaffGuard } from "./staff-guard";

/** Admin screens: a role the shared screen map does not give the current screen is sent back to /admin. */
export function AdminScreenRoute() {
  const { pathname } = useLocation();
  return (
    <StaffGuard requiredRole={adminScreenAt(pathname)?.roles}>
      <Outlet />
    </StaffGuard>
  );
}
