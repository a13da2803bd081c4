import { endpoint, endpointSchemas } from "@app/shared/contract/endpoint";
import { OpenAPIHono, z } from "@hono/zod-openapi";
import { describe, expect, it } from "vitest";
import { body } from "../../test/context";
import { route } from "./contract";
import type { AppEnv } from "./env";
import { createRouter } from "./router";

const schemas = endpointSchemas({
  read: {
    summary: "A thing",
    params: z.object({ id: z.string() }),
    answers: { 200: z.object({ id: z.string(), name: z.string() }) },
  },
});
const thing = endpoint<typeof schemas.read>("get", "/things/{id}");

/** The thing endpoint, answered with whatever `answer` gives for the requested id. */
function appAnswering(answer: (id: string) => object, checkAnswers = true) {
  const router = createRouter().openapi(route(thing, schemas.read, { tags: ["test"] }), (c) =>
    c.json(answer(c.req.valid("param").id) as never, 200),
  );
  const app = new OpenAPIHono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("checkAnswers", checkAnswers);
    await next();
  });
  return app.route("/api", router);
}

describe("an endpoint mounted from the shared contract", () => {
  it("serves its path and validates its params from the contract", async () => {
    const res = await appAnswering((id) => ({ id, name: "Excel" })).request("/api/things/abc");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: "abc", name: "Excel" });
  });

  it("fails a test when the answer has a field the contract does not", async () => {
    const res = await appAnswering((id) => ({ id, name: "Excel", secret: "x" })).request("/api/things/abc");
    expect(res.status).toBe(500);
    expect((await body(res)).error).toMatchObject({ code: "answer_breaks_contract" });
  });

  it("fails a test when the answer lacks a field of the contract", async () => {
    const res = await appAnswering((id) => ({ id })).request("/api/things/abc");
    expect(res.status).toBe(500);
    expect((await body(res)).error.message).toContain("name");
  });

  it("checks nothing in production (the schemas are the server's own)", async () => {
    const res = await appAnswering((id) => ({ id }), false).request("/api/things/abc");
    expect(res.status).toBe(200);
  });
});
