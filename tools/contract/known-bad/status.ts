// A status compared with a value outside its shared enum (statuses are not widened to string).
import { enrollmentEndpoints } from "@app/shared/contract/enrollments";
import { api } from "../../../apps/web/src/lib/api";

export async function approvedCount() {
  const { rows } = await api(enrollmentEndpoints.list, { query: {} });
  return rows.filter((row) => row.status === "aprovada").length; // expect-error
}
