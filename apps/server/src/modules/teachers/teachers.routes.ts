import { TEACHER_NOT_FOUND } from "@app/shared/messages";
import { teacherInputSchema, teacherSchema, teacherUserOptionSchema } from "@app/shared/schemas/catalog";
import { createRoute, z } from "@hono/zod-openapi";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { catalogManagerErrors, errorResponse, staffErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { createTeacher, deleteTeacher, listTeachers, listTeacherUserOptions, updateTeacher } from "./teachers.service";

const teacherBody = component("Teacher", teacherSchema);

const idParam = z.object({ id: z.uuid({ message: TEACHER_NOT_FOUND.message }) });

const list = createRoute({
  method: "get",
  path: "/teachers",
  tags: ["teachers"],
  summary: "Every teacher, newest first (staff with any role)",
  middleware: [requireScreen("teachers", "classes")] as const,
  responses: { 200: { description: "Teachers", ...json(z.array(teacherBody)) }, ...staffErrors },
});

const userOptions = createRoute({
  method: "get",
  path: "/teachers/user-options",
  tags: ["teachers"],
  summary:
    "The staff users with the role professor, for the teacher form's 'Utilizador (acesso)' (each with the teacher it is linked to, if any)",
  middleware: [requireCatalogManager()] as const,
  responses: {
    200: {
      description: "Professor users",
      ...json(z.array(component("TeacherUserOption", teacherUserOptionSchema))),
    },
    ...catalogManagerErrors,
  },
});

const create = createRoute({
  method: "post",
  path: "/teachers",
  tags: ["teachers"],
  summary: "Creates a teacher",
  middleware: [requireCatalogManager()] as const,
  request: { body: { required: true, ...json(teacherInputSchema) } },
  responses: {
    201: { description: "Created", ...json(teacherBody) },
    400: errorResponse("Invalid input, or the user is not a professor"),
    ...catalogManagerErrors,
    409: errorResponse("The user is linked to another teacher"),
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
    200: { description: "Updated", ...json(teacherBody) },
    400: errorResponse("Invalid input, or the user is not a professor"),
    ...catalogManagerErrors,
    404: errorResponse("No such teacher"),
    409: errorResponse("The user is linked to another teacher"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/teachers/{id}",
  tags: ["teachers"],
  summary: "Deletes a teacher (their classes stay, without a teacher)",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam },
  responses: { 204: { description: "Deleted" }, ...catalogManagerErrors, 404: errorResponse("No such teacher") },
});

export const teacherRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listTeachers(c.get("deps").db), 200))
  .openapi(userOptions, async (c) => c.json(await listTeacherUserOptions(c.get("deps").db), 200))
  .openapi(create, async (c) => c.json(await createTeacher(c.get("deps").db, c.req.valid("json")), 201))
  .openapi(update, async (c) =>
    c.json(await updateTeacher(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(remove, async (c) => {
    await deleteTeacher(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  });
