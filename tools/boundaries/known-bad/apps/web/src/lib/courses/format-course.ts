// expect: shared-ui-not-to-features-or-app
// One folder deeper in src/lib: "../../features" escaped the pattern "../features/**".
import { catalogQuery } from "../../features/courses/api/catalog";

export const courseQueryKey = catalogQuery.queryKey;
