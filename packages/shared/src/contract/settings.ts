import { endpoint } from "./endpoint";
import type { settingsSchemas as S } from "./settings.schemas";

export const settingsEndpoints = {
  institute: endpoint<typeof S.institute>("get", "/admin/settings/institute"),
  updateInstitute: endpoint<typeof S.updateInstitute>("put", "/admin/settings/institute"),
  passMark: endpoint<typeof S.passMark>("get", "/admin/settings/pass-mark"),
  updatePassMark: endpoint<typeof S.updatePassMark>("put", "/admin/settings/pass-mark"),
};
