// expect: api-call-only-in-api-folders
// A namespace import: the rule on the name `api` did not see `client.api(...)`.
import * as client from "../../../lib/api";

export const loadHome = () => client.api("/api/catalog");
