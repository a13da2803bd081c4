import { roleSatisfies, type StaffRole } from "@app/shared/enums";
import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../lib/session";
import { useKeepSessionAlive } from "./keep-session-alive";

/**
 * Admin guard (SPEC §4): no staff user → /auth; a required role not held → /admin.
 * The server enforces the same rules on every call; this only routes the user.
 */
export function StaffGuard({
  requiredRole,
  children,
}: {
  requiredRole?: StaffRole | readonly StaffRole[];
  children: ReactNode;
}) {
  const { data, isPending } = useSession();
  useKeepSessionAlive(Boolean(data?.staff));
  if (isPending) return <LoadingScreen />;
  if (!data?.user || !data.staff)
    return <Navigate to="/auth" replace state={data?.ended ? { sessionEnded: true } : null} />;
  if (requiredRole && !roleSatisfies(data.staff.role, requiredRole)) return <Navigate to="/admin" replace />;
  return children;
}
