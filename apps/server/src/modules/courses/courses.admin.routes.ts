import { COURSE_NOT_FOUND } from "@app/shared/messages";
import { courseInputSchema, courseSchema } from "@app/shared/schemas/catalog";
import { createRoute, z } from "@hono/zod-openapi";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { catalogManagerErrors, errorResponse, staffErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { createCourse, deleteCourse, listCourses, updateCourse } from "./courses.service";

const courseBody = component("Course", courseSchema);

const idParam = z.object({ id: z.uuid({ message: COURSE_NOT_FOUND.message }) });

const list = createRoute({
  method: "get",
  path: "/courses",
  tags: ["courses"],
  summary: "Every course, newest first (staff with any role)",
  middleware: [requireScreen("courses", "classes")] as const,
  responses: { 200: { description: "Courses", ...json(z.array(courseBody)) }, ...staffErrors },
});

const create = createRoute({
  method: "post",
  path: "/courses",
  tags: ["courses"],
  summary: "Creates a course",
  middleware: [requireCatalogManager()] as const,
  request: { body: { required: true, ...json(courseInputSchema) } },
  responses: {
    201: { description: "Created", ...json(courseBody) },
    400: errorResponse("Invalid input"),
    409: errorResponse("Already three featured courses"),
    ...catalogManagerErrors,
  },
});

const update = createRoute({
  method: "put",
  path: "/courses/{id}",
  tags: ["courses"],
  summary: "Updates a course",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam, body: { required: true, ...json(courseInputSchema) } },
  responses: {
    200: { description: "Updated", ...json(courseBody) },
    400: errorResponse("Invalid input"),
    409: errorResponse("Already three featured courses"),
    ...catalogManagerErrors,
    404: errorResponse("No such course"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/courses/{id}",
  tags: ["courses"],
  summary: "Deletes a course; refused while classes or enrolments point at it",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam },
  responses: {
    204: { description: "Deleted" },
    ...catalogManagerErrors,
    404: errorResponse("No such course"),
    409: errorResponse("The course has classes or enrolments"),
  },
});

export const courseAdminRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listCourses(c.get("deps").db), 200))
  .openapi(create, async (c) => c.json(await createCourse(c.get("deps").db, c.req.valid("json")), 201))
  .openapi(update, async (c) =>
    c.json(await updateCourse(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(remove, async (c) => {
    await deleteCourse(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  });
