import { endpoint } from "./endpoint";
import type { healthSchemas as S } from "./health.schemas";

export const healthEndpoints = {
  health: endpoint<typeof S.health>("get", "/health"),
};
