import { endpoint } from "./endpoint";
import type { verifySchemas as S } from "./verify.schemas";

/** Public (the /verificar page): zod-free, like every `<module>.ts` of the contract. */
export const verifyEndpoints = {
  issuer: endpoint<typeof S.issuer>("get", "/verify/issuer"),
  number: endpoint<typeof S.number>("get", "/verify/{number}"),
  credential: endpoint<typeof S.credential>("post", "/verify/credential"),
};
