import { healthSchema } from "../schemas/health";
import { endpointSchemas } from "./endpoint";

export const healthSchemas = endpointSchemas({
  health: {
    summary: "Liveness and database reachability",
    description:
      'Sent with `Cache-Control: no-store`. When the database does not answer: 503 with `{ "status": "unavailable", "database" }` (this body, not an error body) and `Retry-After`.',
    answers: { 200: healthSchema },
    errors: { 503: "The database does not answer" },
  },
});
