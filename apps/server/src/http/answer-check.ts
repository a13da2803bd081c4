import { isDeepStrictEqual } from "node:util";
import { gunzipSync } from "node:zlib";
import type { EndpointSchemas } from "@app/shared/contract/endpoint";
import type { z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./env";

/** The answer's text, decoded when a handler sent it compressed already (the catalogue: decision 059). */
async function bodyText(res: Response): Promise<string> {
  if (res.headers.get("Content-Encoding") !== "gzip") return res.clone().text();
  return gunzipSync(Buffer.from(await res.clone().arrayBuffer())).toString("utf8");
}

/**
 * Why a success answer breaks its endpoint's contract, or undefined when it keeps it. Also read by tests of
 * real server processes (two-instances.test.ts), where checkAnswers cannot be turned on.
 */
export async function breach(schemas: EndpointSchemas, res: Response): Promise<string | undefined> {
  const answers = schemas.answers as Record<number, z.ZodType | { file: readonly string[] } | null | undefined>;
  if (!(res.status in answers)) return `status ${res.status} is not one of the contract's (${Object.keys(answers)})`;
  const answer = answers[res.status];
  if (answer === null) return (await res.clone().text()) ? "a body where the contract has none" : undefined;
  if (!answer || "file" in answer) return undefined;
  const sent = JSON.parse(await bodyText(res));
  const parsed = answer.safeParse(sent);
  if (!parsed.success) return parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
  // Zod drops unknown keys: what survives parsing must be all that was sent (no extra field).
  if (!isDeepStrictEqual(JSON.parse(JSON.stringify(parsed.data)), sent)) return "fields the contract does not have";
  return undefined;
}

/**
 * With `checkAnswers` on (every server test), a success answer that does not match its endpoint's
 * shared schema becomes a 500 naming the breach, so a handler sending an extra or missing field fails
 * the module's tests. Off in production: the schemas are the server's own.
 */
export function checkAnswer(schemas: EndpointSchemas): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!c.get("checkAnswers") || (c.res.status >= 300 && c.res.status !== 304)) return;
    const why = await breach(schemas, c.res);
    if (why) {
      // For the developer reading a failed test, not for a user: not a shared message.
      const breach = `${c.req.method} ${c.req.path}: ${why}`;
      c.res = Response.json({ error: { code: "answer_breaks_contract", message: breach } }, { status: 500 });
    }
  };
}
