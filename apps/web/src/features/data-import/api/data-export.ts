import { dataExportEndpoints as endpoints } from "@app/shared/contract/data-export";
import { apiUrl } from "../../../lib/api";

/** 'Exportar todos os dados' (decision 101): a link, the browser downloads the ZIP as it is made. */
export const dataExportUrl = () => apiUrl(endpoints.export);
