import { endpoint } from "./endpoint";
import type { teacherSchemas as S } from "./teachers.schemas";

export const teacherEndpoints = {
  list: endpoint<typeof S.list>("get", "/admin/teachers"),
  userOptions: endpoint<typeof S.userOptions>("get", "/admin/teachers/user-options"),
  create: endpoint<typeof S.create>("post", "/admin/teachers"),
  update: endpoint<typeof S.update>("put", "/admin/teachers/{id}"),
  remove: endpoint<typeof S.remove>("delete", "/admin/teachers/{id}"),
};
