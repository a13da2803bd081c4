import { endpoint } from "./endpoint";
import type { userSchemas as S } from "./users.schemas";

export const userEndpoints = {
  list: endpoint<typeof S.list>("get", "/admin/users"),
  setRole: endpoint<typeof S.setRole>("put", "/admin/users/{id}/role"),
};
