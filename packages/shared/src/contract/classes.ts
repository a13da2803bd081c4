import type { classSchemas as S } from "./classes.schemas";
import { endpoint } from "./endpoint";

export const classEndpoints = {
  list: endpoint<typeof S.list>("get", "/admin/classes"),
  create: endpoint<typeof S.create>("post", "/admin/classes"),
  update: endpoint<typeof S.update>("put", "/admin/classes/{id}"),
  remove: endpoint<typeof S.remove>("delete", "/admin/classes/{id}"),
  uploadCurriculum: endpoint<typeof S.uploadCurriculum>("put", "/admin/classes/{id}/curriculum"),
  removeCurriculum: endpoint<typeof S.removeCurriculum>("delete", "/admin/classes/{id}/curriculum"),
};
