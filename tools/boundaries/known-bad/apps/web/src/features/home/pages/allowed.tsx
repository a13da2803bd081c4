// expect: none
// What the rules allow: another feature's api/, ApiError, the shared UI and helpers.

import { ApiError } from "../../../lib/api-error";
import { formatKz } from "../../../lib/money";
import { catalogQuery } from "../../courses/api/catalog";

export const allowed = { catalogQuery, ApiError, formatKz };
