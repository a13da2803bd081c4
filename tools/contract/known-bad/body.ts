// A body that does not match the endpoint's body schema.
import { courseEndpoints } from "@app/shared/contract/courses";
import { api } from "../../../apps/web/src/lib/api";

export const createCourse = () => api(courseEndpoints.create, { body: { name: 42 } }); // expect-error
