// A web screen reads a field the endpoint's answer schema does not have (as after a rename in shared).
import { courseEndpoints } from "@app/shared/contract/courses";
import { api } from "../../../apps/web/src/lib/api";

export async function courseTitle(id: string) {
  const course = await api(courseEndpoints.update, { params: { id }, body: {} as never });
  return course.nome; // expect-error
}
