// A call without the path parameter its endpoint's path names.
import { courseEndpoints } from "@app/shared/contract/courses";
import { api } from "../../../apps/web/src/lib/api";

export const removeCourse = () => api(courseEndpoints.remove, {}); // expect-error
