import type { certificateSchemas as S } from "./certificates.schemas";
import { endpoint } from "./endpoint";

export const certificateEndpoints = {
  listOwn: endpoint<typeof S.listOwn>("get", "/me/certificates"),
  pdf: endpoint<typeof S.pdf>("get", "/certificates/{id}/pdf"),
  credential: endpoint<typeof S.credential>("get", "/certificates/{id}/credential"),
  revoke: endpoint<typeof S.revoke>("post", "/admin/certificates/{id}/revoke"),
  reissue: endpoint<typeof S.reissue>("post", "/admin/certificates/{id}/reissue"),
  baseUrl: endpoint<typeof S.baseUrl>("get", "/admin/base-url"),
};
