import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { useSession } from "../../lib/session";
import { useKeepSessionAlive } from "./keep-session-alive";

/**
 * Student guard (SPEC §4): no student → /login-aluno; enrolment not completed → /completar-inscricao
 * (unless `allowIncomplete`, used by that page itself).
 */
export function StudentGuard({
  children,
  allowIncomplete = false,
}: {
  children: ReactNode;
  allowIncomplete?: boolean;
}) {
  const { data, isPending } = useSession();
  useKeepSessionAlive(Boolean(data?.student));
  if (isPending) return <LoadingScreen />;
  if (!data?.student) return <Navigate to="/login-aluno" replace state={data?.ended ? { sessionEnded: true } : null} />;
  if (!allowIncomplete && !data.student.enrollmentCompleted) return <Navigate to="/completar-inscricao" replace />;
  return children;
}
