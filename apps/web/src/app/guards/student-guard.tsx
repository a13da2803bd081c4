import type { ReactNode } from "react";
import { Navigate, useSearchParams } from "react-router";
import { LoadingScreen } from "../../components/loading-screen";
import { studentStart, useSession } from "../../lib/session";
import { useKeepSessionAlive } from "./keep-session-alive";

/** The screens a student meets before the student area, in order (decision 028). */
export type StudentStep = "password" | "enrollment";

/**
 * Student guard (SPEC §4): no student → /login-aluno (saying why when the session ended); a temporary
 * password → /escolher-senha before anything else; enrolment not completed → /completar-inscricao. `step`
 * is the step screen this guard wraps (without one, the student area). The server refuses the same.
 */
export function StudentGuard({ children, step }: { children: ReactNode; step?: StudentStep }) {
  const { data, isPending } = useSession();
  const course = useSearchParams()[0].get("curso");
  useKeepSessionAlive(Boolean(data?.student));
  if (isPending) return <LoadingScreen />;
  if (!data?.student) return <Navigate to="/login-aluno" replace state={data?.ended ? { sessionEnded: true } : null} />;
  const { mustChangePassword, enrollmentCompleted } = data.student;
  const early = (step !== "password" && mustChangePassword) || (!step && !enrollmentCompleted);
  if (early) return <Navigate to={studentStart(data.student, course)} replace />;
  return children;
}
