import type { Answers, Endpoint, EndpointSchemas, FileAnswer, SchemaPart } from "@app/shared/contract/endpoint";
import { createRoute, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { checkAnswer } from "./answer-check";
import type { AppEnv } from "./env";
import { errorResponse } from "./errors";

type Json<T> = { content: { "application/json": { schema: T } } };
type ErrorAnswer = ReturnType<typeof errorResponse>;

type RequestOf<S extends EndpointSchemas> = {
  params: SchemaPart<S, "params">;
  query: SchemaPart<S, "query">;
  headers: SchemaPart<S, "headers">;
  body: SchemaPart<S, "body"> extends z.ZodType
    ? { required: true } & Json<SchemaPart<S, "body">>
    : SchemaPart<S, "form"> extends z.ZodType
      ? { required: true; content: { "multipart/form-data": { schema: SchemaPart<S, "form"> } } }
      : undefined;
};

type AnswerOf<A> = A extends z.ZodType
  ? { description: string } & Json<A>
  : A extends FileAnswer
    ? { description: string; content: Record<string, { schema: z.ZodType }> }
    : { description: string };

type ResponsesOf<S extends EndpointSchemas, G> = { [K in keyof S["answers"]]: AnswerOf<S["answers"][K]> } & {
  [K in keyof SchemaPart<S, "errors">]: ErrorAnswer;
} & G;

export interface RouteOptions<M extends MiddlewareHandler<AppEnv>[], G> {
  /** Guards run before the handler (requireStaff, requireStudent…). */
  middleware?: M;
  /** The guards' 401/403 answers for the document (staffErrors, studentErrors…). */
  guardErrors?: G;
  tags: string[];
}

const DESCRIPTIONS: Record<string, string> = { 200: "OK", 201: "Created", 204: "Done, no body", 304: "Not modified" };
const binary = z.string().openapi({ format: "binary" });

function responsesOf(schemas: EndpointSchemas, guard: object) {
  const responses: Record<string, unknown> = {};
  const answers = Object.entries(schemas.answers) as [string, Answers[keyof Answers]][];
  for (const [status, answer] of answers) {
    const description = DESCRIPTIONS[status] ?? status;
    if (answer === null) responses[status] = { description };
    else if (answer && "file" in answer) {
      responses[status] = {
        description,
        content: Object.fromEntries(answer!.file.map((type) => [type, { schema: binary }])),
      };
    } else responses[status] = { description, content: { "application/json": { schema: answer } } };
  }
  for (const [status, description] of Object.entries(schemas.errors ?? {}))
    responses[status] = errorResponse(description);
  return { ...responses, ...guard };
}

/**
 * The route the server mounts for a contract endpoint (`router.openapi(route(e.x, s.x, …), handler)`):
 * its method, path and schemas come from the shared contract, so the web calls exactly what is served.
 */
export function route<
  S extends EndpointSchemas,
  const M extends MiddlewareHandler<AppEnv>[] = [],
  G extends object = Record<never, never>,
>(endpoint: Endpoint<S>, schemas: S, options: RouteOptions<M, G>) {
  const body = schemas.body
    ? { required: true, content: { "application/json": { schema: schemas.body } } }
    : schemas.form
      ? { required: true, content: { "multipart/form-data": { schema: schemas.form } } }
      : undefined;
  const config = {
    method: endpoint.method,
    path: endpoint.path,
    tags: options.tags,
    summary: schemas.summary,
    ...(schemas.description ? { description: schemas.description } : {}),
    middleware: [checkAnswer(schemas), ...(options.middleware ?? [])],
    request: {
      ...(schemas.params ? { params: schemas.params } : {}),
      ...(schemas.query ? { query: schemas.query } : {}),
      ...(schemas.headers ? { headers: schemas.headers } : {}),
      ...(body ? { body } : {}),
    },
    responses: responsesOf(schemas, options.guardErrors ?? {}),
  };
  return createRoute(config as never) as unknown as {
    method: Endpoint["method"];
    path: string;
    middleware: M;
    request: RequestOf<S>;
    responses: ResponsesOf<S, G>;
  } & { getRoutingPath(): string };
}
