import { bankStatementEndpoints as endpoints } from "@app/shared/contract/bank-statements";
import { bankStatementSchemas as schemas } from "@app/shared/contract/bank-statements.schemas";
import { route } from "../../http/contract";
import { createRouter } from "../../http/router";
import { finance } from "./bank-statements.routes";
import { deleteStatement, forgetMapping } from "./statement-undo.service";

/** Undoing a wrong import (issue 34): delete it while nothing of it is confirmed; forget a bank's columns. */
export const statementUndoRoutes = createRouter()
  .openapi(route(endpoints.remove, schemas.remove, finance), async (c) => {
    await deleteStatement(c.get("deps").db, c.get("log"), c.get("session").user!.id, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(route(endpoints.forgetMapping, schemas.forgetMapping, finance), async (c) => {
    const { mappingId } = c.req.valid("param");
    await forgetMapping(c.get("deps").db, c.get("log"), c.get("session").user!.id, mappingId);
    return c.body(null, 204);
  });
