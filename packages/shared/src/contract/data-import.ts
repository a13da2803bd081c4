import type { dataImportSchemas as S } from "./data-import.schemas";
import { endpoint } from "./endpoint";

/** 'Importar dados' (issue 38, decision 097): super_admin and admin bring the institute's sheets in. */
export const dataImportEndpoints = {
  template: endpoint<typeof S.template>("get", "/admin/data-import/templates/{kind}"),
  preview: endpoint<typeof S.preview>("post", "/admin/data-import/preview"),
  import: endpoint<typeof S.import>("post", "/admin/data-import"),
};
