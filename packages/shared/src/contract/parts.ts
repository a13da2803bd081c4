import { IDEMPOTENCY_KEY_MISSING } from "../messages";
import { z } from "../zod";

/** A file field of a multipart form, for the document: the handler reads and checks the file itself. */
export const fileField = () => z.any().meta({ type: "string", format: "binary" });

/** The `Idempotency-Key` of a staff confirmation (decision 026): required, one UUID per confirmation. */
export const idempotencyHeaders = z.object({
  "idempotency-key": z
    .uuid({ message: IDEMPOTENCY_KEY_MISSING.message })
    .meta({ description: "One UUID per confirmation: a repeated request with it gets the first answer back" }),
});

/** The 503 of every request that hashes a password while the hasher's line is full (decision 090). */
export const CROWDED =
  "The password hasher's line is full ('crowded', Retry-After in seconds, the same N in the message): nothing was done; send it again after Retry-After";
