import { Outlet } from "react-router";
import { StudentGuard } from "./student-guard";

/** 'Completar inscrição': a signed-in student whose enrolment may still be incomplete. */
export function IncompleteStudentRoute() {
  return (
    <StudentGuard allowIncomplete>
      <Outlet />
    </StudentGuard>
  );
}
