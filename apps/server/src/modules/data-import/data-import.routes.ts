import { dataImportEndpoints as endpoints } from "@app/shared/contract/data-import";
import { dataImportSchemas as schemas } from "@app/shared/contract/data-import.schemas";
import { XLSX_TYPE } from "@app/shared/contract/payments.schemas";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { ApiError, guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { previewImport, runImport } from "./data-import.service";
import { importTemplate } from "./import-template";

/** 'Importar dados' (decision 097): super_admin and admin. */
const importers = {
  middleware: [requireScreen("dataImport")],
  guardErrors: guardErrors("Not admin or super_admin"),
  tags: ["data-import"],
};

/** One sheet of at most 5 MB plus the form fields, refused before it is read. */
const upload = {
  ...importers,
  middleware: [
    ...importers.middleware,
    bodyLimit({
      maxSize: MAX_FILE_BYTES + 64 * 1024,
      onError: () => {
        throw ApiError.of(413, FILE_TOO_LARGE);
      },
    }),
  ],
};

export const dataImportRoutes = createRouter()
  .openapi(route(endpoints.template, schemas.template, importers), async (c) => {
    const { kind } = c.req.valid("param");
    c.header("Content-Type", XLSX_TYPE);
    c.header("Content-Disposition", `attachment; filename="modelo-${kind}.xlsx"`);
    return c.body((await importTemplate(kind)).buffer as ArrayBuffer, 200) as never;
  })
  .openapi(route(endpoints.preview, schemas.preview, upload), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await previewImport(c.get("deps"), await c.req.parseBody()), 200);
  })
  .openapi(route(endpoints.import, schemas.import, upload), async (c) => {
    const result = await runImport(c.get("deps"), c.get("session").user!.id, await c.req.parseBody());
    return c.json(result, 201);
  });
