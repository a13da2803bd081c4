import type { dataExportSchemas as S } from "./data-export.schemas";
import { endpoint } from "./endpoint";

/** 'Exportar todos os dados' (issue 38, decision 101): the super_admin takes every table out. */
export const dataExportEndpoints = {
  export: endpoint<typeof S.export>("get", "/admin/data-export"),
};
