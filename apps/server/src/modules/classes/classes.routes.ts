import { CLASS_STATUSES, classInputSchema, MODALITIES } from "@app/shared";
import { createRoute, z } from "@hono/zod-openapi";
import { requireStaff } from "../../auth/guards";
import { errorResponse } from "../../http/errors";
import { createRouter, json } from "../../http/router";
import { createClass, deleteClass, listClasses, updateClass } from "./classes.service";

const classSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    courseId: z.uuid(),
    courseName: z.string(),
    teacherId: z.uuid().nullable(),
    teacherName: z.string().nullable(),
    classType: z.enum(MODALITIES),
    location: z.string().nullable(),
    enrollmentStartDate: z.string(),
    enrollmentEndDate: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    schedule: z.string(),
    maxStudents: z.number().int(),
    currentStudents: z.number().int(),
    curriculumFileId: z.uuid().nullable(),
    status: z.enum(CLASS_STATUSES),
    notes: z.string().nullable(),
    createdAt: z.string(),
  })
  .openapi("SchoolClass");

const idParam = z.object({ id: z.uuid({ message: "Turma não encontrada" }) });
const staffErrors = { 401: errorResponse("Not signed in"), 403: errorResponse("Not staff with a role") };

const list = createRoute({
  method: "get",
  path: "/classes",
  tags: ["classes"],
  summary: "Every class with its course and teacher names, newest first (staff with any role)",
  middleware: [requireStaff()] as const,
  responses: { 200: { description: "Classes", ...json(z.array(classSchema)) }, ...staffErrors },
});

const create = createRoute({
  method: "post",
  path: "/classes",
  tags: ["classes"],
  summary: "Creates a class (the class-form rules, including the three date rules)",
  middleware: [requireStaff()] as const,
  request: { body: { required: true, ...json(classInputSchema) } },
  responses: {
    201: { description: "Created", ...json(classSchema) },
    400: errorResponse("Invalid input"),
    ...staffErrors,
  },
});

const update = createRoute({
  method: "put",
  path: "/classes/{id}",
  tags: ["classes"],
  summary: "Updates a class; max_students cannot drop below the enrolled students",
  middleware: [requireStaff()] as const,
  request: { params: idParam, body: { required: true, ...json(classInputSchema) } },
  responses: {
    200: { description: "Updated", ...json(classSchema) },
    400: errorResponse("Invalid input"),
    ...staffErrors,
    404: errorResponse("No such class"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/classes/{id}",
  tags: ["classes"],
  summary: "Deletes a class; refused while enrolments point at it",
  middleware: [requireStaff()] as const,
  request: { params: idParam },
  responses: {
    204: { description: "Deleted" },
    ...staffErrors,
    404: errorResponse("No such class"),
    409: errorResponse("The class has enrolments"),
  },
});

export const classRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listClasses(c.get("deps").db), 200))
  .openapi(create, async (c) => c.json(await createClass(c.get("deps").db, c.req.valid("json")), 201))
  .openapi(update, async (c) =>
    c.json(await updateClass(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(remove, async (c) => {
    await deleteClass(c.get("deps").db, c.req.valid("param").id);
    return c.body(null, 204);
  });
