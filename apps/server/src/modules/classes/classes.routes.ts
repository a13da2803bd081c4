import { MAX_FILE_BYTES } from "@app/shared/limits";
import { CLASS_NOT_FOUND, FILE_TOO_LARGE } from "@app/shared/messages";
import { classInputSchema, classSchema } from "@app/shared/schemas/catalog";
import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { requireCatalogManager, requireScreen } from "../../auth/guards";
import { ApiError, catalogManagerErrors, errorResponse, staffErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { attachCurriculum, detachCurriculum } from "./class-curriculum.service";
import { createClass, deleteClass, getClass, listClasses, updateClass } from "./classes.service";

const schoolClassBody = component("SchoolClass", classSchema);

const idParam = z.object({ id: z.uuid({ message: CLASS_NOT_FOUND.message }) });

const list = createRoute({
  method: "get",
  path: "/classes",
  tags: ["classes"],
  summary: "Every class with its course and teacher names, newest first (staff with any role)",
  middleware: [requireScreen("classes")] as const,
  responses: { 200: { description: "Classes", ...json(z.array(schoolClassBody)) }, ...staffErrors },
});

const create = createRoute({
  method: "post",
  path: "/classes",
  tags: ["classes"],
  summary: "Creates a class (the class-form rules, including the three date rules)",
  middleware: [requireCatalogManager()] as const,
  request: { body: { required: true, ...json(classInputSchema) } },
  responses: {
    201: { description: "Created", ...json(schoolClassBody) },
    400: errorResponse("Invalid input"),
    ...catalogManagerErrors,
  },
});

const update = createRoute({
  method: "put",
  path: "/classes/{id}",
  tags: ["classes"],
  summary: "Updates a class; max_students cannot drop below the enrolled students",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam, body: { required: true, ...json(classInputSchema) } },
  responses: {
    200: { description: "Updated", ...json(schoolClassBody) },
    400: errorResponse("Invalid input"),
    ...catalogManagerErrors,
    404: errorResponse("No such class"),
  },
});

const remove = createRoute({
  method: "delete",
  path: "/classes/{id}",
  tags: ["classes"],
  summary: "Deletes a class; refused while enrolments point at it",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam },
  responses: {
    204: { description: "Deleted" },
    ...catalogManagerErrors,
    404: errorResponse("No such class"),
    409: errorResponse("The class has enrolments"),
  },
});

const uploadCurriculum = createRoute({
  method: "put",
  path: "/classes/{id}/curriculum",
  tags: ["classes"],
  summary: "Attaches or replaces the class curriculum (multipart field `file`: a PDF by its content, at most 5 MB)",
  middleware: [
    requireCatalogManager(),
    bodyLimit({
      maxSize: MAX_FILE_BYTES + 64 * 1024,
      onError: () => {
        throw ApiError.of(413, FILE_TOO_LARGE);
      },
    }),
  ] as const,
  request: {
    params: idParam,
    body: {
      required: true,
      content: {
        "multipart/form-data": {
          schema: z.object({ file: z.any().openapi({ type: "string", format: "binary" }) }).partial(),
        },
      },
    },
  },
  responses: {
    200: { description: "The class with its new curriculum", ...json(schoolClassBody) },
    400: errorResponse("No file sent"),
    ...catalogManagerErrors,
    404: errorResponse("No such class"),
    413: errorResponse("Larger than 5 MB"),
    415: errorResponse("Not a PDF (by its content)"),
  },
});

const removeCurriculum = createRoute({
  method: "delete",
  path: "/classes/{id}/curriculum",
  tags: ["classes"],
  summary: "Detaches and deletes the class curriculum",
  middleware: [requireCatalogManager()] as const,
  request: { params: idParam },
  responses: {
    200: { description: "The class without a curriculum", ...json(schoolClassBody) },
    ...catalogManagerErrors,
    404: errorResponse("No such class"),
  },
});

export const classRoutes = createRouter()
  .openapi(list, async (c) => c.json(await listClasses(c.get("deps").db), 200))
  .openapi(create, async (c) => c.json(await createClass(c.get("deps").db, c.req.valid("json")), 201))
  .openapi(update, async (c) =>
    c.json(await updateClass(c.get("deps").db, c.req.valid("param").id, c.req.valid("json")), 200),
  )
  .openapi(remove, async (c) => {
    const { db, storage } = c.get("deps");
    await deleteClass(db, storage, c.req.valid("param").id);
    return c.body(null, 204);
  })
  .openapi(uploadCurriculum, async (c) => {
    const { db, storage } = c.get("deps");
    const { id } = c.req.valid("param");
    const form = await c.req.parseBody();
    await attachCurriculum(db, storage, { userId: c.get("session").user!.id }, id, form.file);
    return c.json(await getClass(db, id), 200);
  })
  .openapi(removeCurriculum, async (c) => {
    const { db, storage } = c.get("deps");
    const { id } = c.req.valid("param");
    await detachCurriculum(db, storage, id);
    return c.json(await getClass(db, id), 200);
  });
