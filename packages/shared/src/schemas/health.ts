import { z } from "../zod";

/** GET /health: whether the server's database answers, and which kind it is. */
export const healthSchema = z.object({
  status: z.enum(["ok", "unavailable"]),
  database: z.enum(["embedded", "external"]),
});
