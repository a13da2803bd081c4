import { dataExportEndpoints as endpoints } from "@app/shared/contract/data-export";
import { dataExportSchemas as schemas } from "@app/shared/contract/data-export.schemas";
import { todayInLuanda } from "@app/shared/dates";
import { sql } from "drizzle-orm";
import { stream } from "hono/streaming";
import { requireScreen } from "../../auth/guards";
import { route } from "../../http/contract";
import { superAdminErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { exportZip } from "./export-zip";

/** 'Exportar todos os dados' (decision 101): the super_admin only, as Configurações. */
const superAdmin = { middleware: [requireScreen("settings")], guardErrors: superAdminErrors, tags: ["data-export"] };

export const dataExportRoutes = createRouter().openapi(
  route(endpoints.export, schemas.export, superAdmin),
  async (c) => {
    const { db } = c.get("deps");
    // A database that is down answers the usual 503 before the download starts, not an archive cut short.
    await db.execute(sql`select 1`);
    c.header("Content-Type", "application/zip");
    c.header("Content-Disposition", `attachment; filename="instituto-dados-${todayInLuanda()}.zip"`);
    c.header("X-Content-Type-Options", "nosniff");
    c.header("Cache-Control", "no-store");
    const zip = exportZip(db);
    return stream(c, async (out) => {
      out.onAbort(() => {
        zip.destroy();
      });
      for await (const chunk of zip) await out.write(chunk as Uint8Array);
    }) as never;
  },
);
