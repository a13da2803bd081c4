import { COURSE_NOT_FOUND } from "../messages";
import { catalogCourseSchema, courseInputSchema, coursePageSchema, courseSchema } from "../schemas/catalog";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

const idParam = z.object({ id: z.uuid({ message: COURSE_NOT_FOUND.message }) });

export const courseSchemas = endpointSchemas({
  catalog: {
    summary: "Public catalogue: active courses, newest first; `featured` ones are shown on the home page",
    description:
      "Sent with `Cache-Control: no-cache` and an `ETag`: a cache may keep it but asks each time; `If-None-Match` with the current ETag answers 304 without a body.",
    answers: { 200: z.array(catalogCourseSchema), 304: null },
  },
  page: {
    summary: "An active course's public page: the course and its classes open (or about to open) for enrolment",
    description:
      "`slug` may be one the course had before a rename: the answer names the current one. Inactive or unknown: 404.",
    params: z.object({ slug: z.string().max(200) }),
    answers: { 200: coursePageSchema },
    errors: { 404: "No such active course" },
  },
  list: {
    summary: "Every course, newest first (staff with any role)",
    answers: { 200: z.array(courseSchema) },
  },
  create: {
    summary: "Creates a course",
    body: courseInputSchema,
    answers: { 201: courseSchema },
    errors: { 400: "Invalid input", 409: "Already three featured courses" },
  },
  update: {
    summary: "Updates a course",
    params: idParam,
    body: courseInputSchema,
    answers: { 200: courseSchema },
    errors: { 400: "Invalid input", 404: "No such course", 409: "Already three featured courses" },
  },
  remove: {
    summary: "Deletes a course; refused while classes or enrolments point at it",
    params: idParam,
    answers: { 204: null },
    errors: { 404: "No such course", 409: "The course has classes or enrolments" },
  },
});
