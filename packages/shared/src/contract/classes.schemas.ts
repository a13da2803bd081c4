import { CLASS_NOT_FOUND } from "../messages";
import { classInputSchema, classSchema } from "../schemas/catalog";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

const idParam = z.object({ id: z.uuid({ message: CLASS_NOT_FOUND.message }) });

/** 'Turmas' and their curricula: any staff role reads; super_admin, admin and secretaria change (decision 014). */
export const classSchemas = endpointSchemas({
  list: {
    summary: "Every class with its course and teacher names, newest first (staff with any role)",
    answers: { 200: z.array(classSchema) },
  },
  create: {
    summary: "Creates a class (the class-form rules, including the three date rules)",
    body: classInputSchema,
    answers: { 201: classSchema },
    errors: { 400: "Invalid input" },
  },
  update: {
    summary: "Updates a class; max_students cannot drop below the enrolled students",
    params: idParam,
    body: classInputSchema,
    answers: { 200: classSchema },
    errors: { 400: "Invalid input", 404: "No such class" },
  },
  remove: {
    summary: "Deletes a class; refused while enrolments point at it",
    params: idParam,
    answers: { 204: null },
    errors: { 404: "No such class", 409: "The class has enrolments" },
  },
  uploadCurriculum: {
    summary: "Attaches or replaces the class curriculum (multipart field `file`: a PDF by its content, at most 5 MB)",
    description: "Answers the class with its new curriculum.",
    params: idParam,
    // The file is checked by the server (its content, its size), which answers each refusal in Portuguese.
    form: z.object({ file: z.any().meta({ type: "string", format: "binary" }) }).partial(),
    answers: { 200: classSchema },
    errors: { 400: "No file sent", 404: "No such class", 413: "Larger than 5 MB", 415: "Not a PDF (by its content)" },
  },
  removeCurriculum: {
    summary: "Detaches and deletes the class curriculum; answers the class without it",
    params: idParam,
    answers: { 200: classSchema },
    errors: { 404: "No such class" },
  },
});
