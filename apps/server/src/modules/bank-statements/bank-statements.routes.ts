import { bankStatementEndpoints as endpoints } from "@app/shared/contract/bank-statements";
import { bankStatementSchemas as schemas } from "@app/shared/contract/bank-statements.schemas";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { ApiError, guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { assignLine, confirmLines, ignoreLine } from "./bank-statements.service";
import { importStatement } from "./statement-import.service";
import { getStatement, listStatements } from "./statement-list.service";
import { previewStatement } from "./statement-preview";

const tags = ["bank-statements"];

/** 'Extratos bancários' (decision 072): the roles that record payments (financeiro; super_admin passes). */
export const finance = {
  middleware: [requireScreen("bankStatements")],
  guardErrors: guardErrors("Not financeiro or super_admin"),
  tags,
};

/** One CSV of at most 5 MB plus the form fields. */
const statementBodyLimit = () =>
  bodyLimit({
    maxSize: MAX_FILE_BYTES + 256 * 1024,
    onError: () => {
      throw ApiError.of(413, FILE_TOO_LARGE);
    },
  });
const upload = { ...finance, middleware: [...finance.middleware, statementBodyLimit()] };

export const bankStatementRoutes = createRouter()
  .openapi(route(endpoints.preview, schemas.preview, upload), async (c) => {
    return c.json(await previewStatement(c.get("deps"), await c.req.parseBody()), 200);
  })
  .openapi(route(endpoints.import, schemas.import, upload), async (c) => {
    const result = await importStatement(c.get("deps"), c.get("session").user!.id, await c.req.parseBody());
    return c.json(result, 201);
  })
  .openapi(route(endpoints.list, schemas.list, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listStatements(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.get, schemas.get, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getStatement(c.get("deps").db, c.req.valid("param").id, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.assign, schemas.assign, finance), async (c) => {
    const { id, lineId } = c.req.valid("param");
    const user = c.get("session").user!.id;
    return c.json(await assignLine(c.get("deps").db, user, id, lineId, c.req.valid("json")), 200);
  })
  .openapi(route(endpoints.ignore, schemas.ignore, finance), async (c) => {
    const { id, lineId } = c.req.valid("param");
    return c.json(await ignoreLine(c.get("deps").db, c.get("session").user!.id, id, lineId, c.req.valid("json")), 200);
  })
  .openapi(route(endpoints.confirm, schemas.confirm, finance), async (c) => {
    const { db, mail, config, references, sms } = c.get("deps");
    const deps = { db, mail, baseUrl: config.baseUrl, references, sms };
    const result = await confirmLines(deps, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json"));
    return c.json(result, 200);
  });
