import { receiptEndpoints as endpoints } from "@app/shared/contract/receipts";
import { receiptSchemas as schemas } from "@app/shared/contract/receipts.schemas";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireScreen, requireStudent } from "../../auth/guards";
import { route } from "../../http/contract";
import { ApiError, guardErrors, studentErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import {
  approveReceipt,
  listAdminReceipts,
  listOwnReceipts,
  rejectReceipt,
  submitOwnReceipt,
} from "./receipts.service";

const tags = ["receipts"];

/** One receipt of at most 5 MB plus the form fields; the file's own check answers 413 above 5 MB. */
const receiptBodyLimit = () =>
  bodyLimit({
    maxSize: MAX_FILE_BYTES + 256 * 1024,
    onError: () => {
      throw ApiError.of(413, FILE_TOO_LARGE);
    },
  });

export const receiptRoutes = createRouter()
  .openapi(
    route(endpoints.submitOwn, schemas.submitOwn, {
      middleware: [requireStudent(), receiptBodyLimit()],
      guardErrors: studentErrors,
      tags,
    }),
    async (c) => {
      const session = c.get("session");
      const { db, storage } = c.get("deps");
      const form = await c.req.parseBody();
      const receipt = await submitOwnReceipt(
        db,
        storage,
        { studentAccountId: session.student!.id, userId: session.user!.id },
        form,
      );
      return c.json(receipt, 201);
    },
  )
  .openapi(
    route(endpoints.listOwn, schemas.listOwn, { middleware: [requireStudent()], guardErrors: studentErrors, tags }),
    async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json(await listOwnReceipts(c.get("deps").db, c.get("session").student!.id), 200);
    },
  );

/* Finance: 'Gestão de Comprovantes de Pagamento' (financeiro; super_admin passes). */

const finance = {
  middleware: [requireScreen("paymentReceipts")],
  guardErrors: guardErrors("Not financeiro or super_admin"),
  tags,
};

export const receiptAdminRoutes = createRouter()
  .openapi(route(endpoints.list, schemas.list, finance), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await listAdminReceipts(c.get("deps").db, c.req.valid("query")), 200);
  })
  .openapi(route(endpoints.approve, schemas.approve, finance), async (c) => {
    const { db, mail, config, references, sms } = c.get("deps");
    const result = await approveReceipt(
      { db, mail, baseUrl: config.baseUrl, references, sms },
      c.get("session").user!.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(result, 200);
  })
  .openapi(route(endpoints.reject, schemas.reject, finance), async (c) => {
    const { db, mail, config, sms } = c.get("deps");
    const result = await rejectReceipt(
      { db, mail, baseUrl: config.baseUrl, sms },
      c.get("session").user!.id,
      c.req.valid("param").id,
      c.req.valid("json"),
    );
    return c.json(result, 200);
  });
