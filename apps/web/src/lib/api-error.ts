// What screens import to recognise an API refusal (`instanceof ApiError`, `error.code`). It is its own
// module so that the boundary rule "only api/ folders, app/guards and lib/ import lib/api" can be checked on
// resolved paths: a screen that imports lib/api could call api() by any spelling (decision 032).
export { ApiError } from "./api";
