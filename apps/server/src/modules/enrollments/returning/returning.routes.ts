import { enrollmentEndpoints as endpoints } from "@app/shared/contract/enrollments";
import { enrollmentSchemas as schemas } from "@app/shared/contract/enrollments.schemas";
import { route } from "../../../http/contract";
import { createRouter } from "../../../http/router";
import { student, studentUpload } from "../enrollment-guards";
import { newApplicationStart, submitNewApplication } from "./returning.service";

/** A returning student's 'Nova inscrição': what it starts from, and the new application (issue 14). */
export const returningRoutes: ReturnType<typeof createRouter> = createRouter()
  .openapi(route(endpoints.newApplicationStart, schemas.newApplicationStart, student), async (c) => {
    c.header("Cache-Control", "no-store");
    return c.json(await newApplicationStart(c.get("deps").db, c.get("session").student!.id), 200);
  })
  .openapi(route(endpoints.submitNewApplication, schemas.submitNewApplication, studentUpload), async (c) => {
    const session = c.get("session");
    const { db, storage } = c.get("deps");
    const who = { studentAccountId: session.student!.id, userId: session.user!.id };
    return c.json(await submitNewApplication(db, storage, who, await c.req.parseBody()), 201);
  });
