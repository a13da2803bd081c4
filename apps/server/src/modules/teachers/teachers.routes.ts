import { TEACHER_STATUSES } from "@app/shared/enums";
import { TEACHER_NOT_FOUND } from "@app/shared/messages";
import { teacherInputSchema } from "@app/shared/schemas/catalog";
import { createRoute, z } from "@hono/zod-openapi";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { errorResponse } from "../../http/errors";
import { createRouter, json } from "../../http/router";
import { createTeacher, deleteTeacher, listTeachers, updateTeacher } from "./teachers.service";

const teacherSchema = z
  .object({
    id: z.uuid(),
    teacherName: z.string(),
    teacherPhone: z.string().nullable(),
    teacherEmail: z.string().nullable(),
    specialization: z.string(),
    qualification: z.string(),
    yearsOfExperience: z.number().int(),
    bio: z.string().nullable(),
    status: z.enum(TEACHER_STATUSES),
    createdAt: z.string(),
  })
  .openapi("Teacher");

const staffErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not staff with a role") };
/** Creating, editing and deleting is for super_admin, admin and secretaria (decision 014). */
const managerErrors = {
  401: errorResponse("Not signed in"),
  403: errorResponse("Not super_admin, admin or secretaria"),
};
const idParam = z.object({ id: z.uuid({ message: TEACHER_NOT_FOUND.message }) });

const list = createRoute({
  method: "get",
  path: "/teachers",
  tags: ["teachers"],
  summary: "Every teacher, newest first (staff with any role)",
  middleware: [requireScreen("teachers", "classes")] as const,
  responses: { 200: { description: "Teachers", ...json(z.array(teacherSchema)) }, ...staffErrors },
});

const create = createRoute({
  method: "post",
  path: "/teachers",
  tags: ["teachers"],
  summary: "Creates a teacher",
  middleware: [requireCatalogManager()] as const,
  request: { body: { required: true, ...json(teacherInputSchema) } },
  responses: {
    201: { description: "Created", ...json(teacherSchema) },
    400: errorResponse("Invalid input"),
    ...managerErrors,
  },
});

const update = createRoute({
  method: "put",
  path: "/teachers/{id}",
  tags: ["teachers"],
  summary: "Updates a teacher",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam, body: { required: true, ...json(teacherInputSchema) } },
  responses: {
    200: { description: "Updated", ...json(teacherSchema) },
    400: errorResponse("Invalid input"),
    ...managerErrors,
    404: errorResponse("No such teacher"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/teachers/{id}",
  tags: ["teachers"],
  summary: "Deletes a teacher (their classes stay, without a teacher)",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...managerErrors, 404: errorResponse("No such teacher") },
});

export const teacherRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listTeachers(c.get("deps").db), 200))
  .openapi(create, async (c) => c.json(await createTeacher(c.get("deps").db, c.req.valid("json")), 201))
  .openapi(update, async (c) =>
    c.json(await updateTeacher(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(remove, async (c) => {
    await deleteTeacher(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  });
