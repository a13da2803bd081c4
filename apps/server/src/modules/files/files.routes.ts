import { fileEndpoints as endpoints } from "@app/shared/contract/files";
import { fileSchemas as schemas } from "@app/shared/contract/files.schemas";
import { FILE_ACCESS_SCREEN_PARAM, fileAccessScreen } from "@app/shared/privacy";
import { NOT_SIGNED_IN, refuseUnreadyStaff } from "../../auth/guards";
import { readSession } from "../../auth/session";
import { route } from "../../http/contract";
import { guardErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { sendFile } from "../../http/send-file";
import { recordFileAccess } from "../privacy/file-access";
import { readableFile } from "./files.service";

/** One path for students (own files only) and staff with a role: who may read which file is checked inside. */
export const fileRoutes = createRouter().openapi(
  route(endpoints.read, schemas.read, { guardErrors: guardErrors("Staff without a role"), tags: ["files"] }),
  async (c) => {
    const session = await readSession(c);
    if (!session.user) throw NOT_SIGNED_IN();
    if (session.staff) refuseUnreadyStaff(session.staff);
    const { file, body } = await readableFile(
      c.get("deps"),
      { ...session, user: session.user },
      c.req.valid("param").id,
    );
    // Staff opening an applicant's document is recorded (decision 099); a HEAD only asks whether it exists.
    if (session.staff && c.req.method === "GET") {
      const screen = fileAccessScreen(c.req.query(FILE_ACCESS_SCREEN_PARAM));
      recordFileAccess({ db: c.get("deps").db, log: c.get("log") }, { file, actorUserId: session.user.id, screen });
    }
    const extension = file.storageKey.split(".").at(-1);
    return sendFile(c, {
      body,
      contentType: file.contentType,
      size: file.size,
      name: `documento.${extension}`,
    }) as never;
  },
);
