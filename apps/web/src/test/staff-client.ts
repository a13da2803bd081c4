import type { StaffRole } from "@app/shared/enums";
import { QueryClient } from "@tanstack/react-query";
import { type Session, sessionQuery } from "../lib/session";

/**
 * A query client holding a signed-in staff session with `role`; what a test puts in it with
 * setQueryData stands for the server's answers (never refetched).
 */
export function staffClient(role: StaffRole): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  const session: Session = {
    user: { id: "u1", email: "equipa@inst.ao", name: "Equipa" },
    staff: { role, twoFactorEnabled: false, twoFactorRequired: false },
    student: null,
  };
  client.setQueryData(sessionQuery.queryKey, session);
  return client;
}
