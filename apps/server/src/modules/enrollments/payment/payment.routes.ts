import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { route } from "../../../http/contract";
import { createRouter } from "../../../http/router";
import { confirmer, reviewer } from "../enrollment-guards";
import { assignClass, confirmPayment, listEnrollableClasses } from "./payment.service";

/** 'Confirmar pagamento' (a payment and a class seat) and 'Atribuir turma' (a seat for an enrolment paid by receipt). */
export const paymentRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.classes, schemas.classes, confirmer), async (c) =>
    c.json(await listEnrollableClasses(c.get("deps").db, c.req.valid("param").id), 200),
  )
  .openapi(route(endpoints.confirmPayment, schemas.confirmPayment, confirmer), async (c) => {
    const { db, mail, config, references, sms } = c.get("deps");
    const deps = { db, mail, baseUrl: config.baseUrl, references, sms };
    return c.json(
      await confirmPayment(deps, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    );
  })
  .openapi(route(endpoints.assignClass, schemas.assignClass, reviewer), async (c) =>
    c.json(
      await assignClass(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
