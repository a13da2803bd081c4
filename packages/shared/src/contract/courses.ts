import type { courseSchemas as S } from "./courses.schemas";
import { endpoint } from "./endpoint";

export const courseEndpoints = {
  catalog: endpoint<typeof S.catalog>("get", "/courses/catalog"),
  page: endpoint<typeof S.page>("get", "/courses/page/{slug}"),
  list: endpoint<typeof S.list>("get", "/admin/courses"),
  create: endpoint<typeof S.create>("post", "/admin/courses"),
  update: endpoint<typeof S.update>("put", "/admin/courses/{id}"),
  remove: endpoint<typeof S.remove>("delete", "/admin/courses/{id}"),
};
