import { studentAccountEndpoints as endpoints } from "@app/shared/contract/student-accounts";
import { studentAccountSchemas as schemas } from "@app/shared/contract/student-accounts.schemas";
import { clientIp } from "../../auth/client-ip";
import { requireStudent } from "../../auth/guards";
import { PasswordQueueFullError } from "../../auth/password-hashing";
import { COUNTERS, hashingAttempt, recordSuccess } from "../../auth/rate-limit";
import { route } from "../../http/contract";
import { ApiError, studentErrors } from "../../http/errors";
import { createRouter } from "../../http/router";
import { changeOwnPassword, createStudentAccount, getOwnAccount, setOwnSms } from "./student-accounts.service";

const tags = ["student-accounts"];
/** The account and its password change stay open while the password is temporary (decision 028). */
const student = { middleware: [requireStudent({ allowTemporaryPassword: true })], guardErrors: studentErrors, tags };

export const studentAccountRoutes = createRouter()
  .openapi(route(endpoints.create, schemas.create, { tags }), async (c) => {
    const input = c.req.valid("json");
    const { db } = c.get("deps");
    const created = await hashingAttempt(db, COUNTERS.createStudentAccount(input.studentPhone, clientIp(c)), () =>
      createStudentAccount(db, input),
    );
    c.header("Cache-Control", "no-store");
    return c.json(created, 201);
  })
  .openapi(route(endpoints.own, schemas.own, student), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await getOwnAccount(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(route(endpoints.setOwnSms, schemas.setOwnSms, student), async (c) => {
    const { smsOptIn } = c.req.valid("json");
    return c.json(await setOwnSms(c.get("deps").db, c.get("session").student!.id, smsOptIn), 200);
  })
  .openapi(route(endpoints.changeOwnPassword, schemas.changeOwnPassword, student), async (c) => {
    const session = c.get("session");
    const { db } = c.get("deps");
    const counters = COUNTERS.currentPassword(session.user!.id, clientIp(c));
    try {
      const result = await hashingAttempt(db, counters, () =>
        changeOwnPassword(
          db,
          {
            studentAccountId: session.student!.id,
            userId: session.user!.id,
            sessionId: session.sessionId,
            sessionOpenedAt: session.sessionOpenedAt,
          },
          c.req.valid("json"),
        ),
      );
      await recordSuccess(db, counters);
      return c.json(result, 200);
    } catch (err) {
      // Only a wrong current password stays counted as a failure (a refused one was never counted).
      if (!(err instanceof ApiError && err.code === "wrong_password") && !(err instanceof PasswordQueueFullError))
        await recordSuccess(db, counters);
      throw err;
    }
  });
