import { Outlet } from "react-router";
import { StaffGuard } from "./staff-guard";

/** Route groups that need a role: a user without it is sent back to /admin. */
export function FinanceRoute() {
  return (
    <StaffGuard requiredRole="financeiro">
      <Outlet />
    </StaffGuard>
  );
}

export function SuperAdminRoute() {
  return (
    <StaffGuard requiredRole="super_admin">
      <Outlet />
    </StaffGuard>
  );
}
