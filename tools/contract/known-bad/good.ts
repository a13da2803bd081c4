// The same calls written as the contract says: no error.
import { courseEndpoints } from "@app/shared/contract/courses";
import { enrollmentEndpoints } from "@app/shared/contract/enrollments";
import { api } from "../../../apps/web/src/lib/api";

export async function fine(id: string) {
  const course = await api(courseEndpoints.update, { params: { id }, body: {} as never });
  await api(courseEndpoints.remove, { params: { id } });
  const { rows } = await api(enrollmentEndpoints.list, { query: {} });
  return [course.name, rows.filter((row) => row.status === "approved").length];
}
