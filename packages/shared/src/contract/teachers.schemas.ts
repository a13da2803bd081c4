import { TEACHER_NOT_FOUND } from "../messages";
import { teacherInputSchema, teacherSchema, teacherUserOptionSchema } from "../schemas/catalog";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

const idParam = z.object({ id: z.uuid({ message: TEACHER_NOT_FOUND.message }) });

/** 'Professores': any staff role reads; super_admin, admin and secretaria change (decision 014). */
export const teacherSchemas = endpointSchemas({
  list: {
    summary: "Every teacher, newest first (staff with any role)",
    answers: { 200: z.array(teacherSchema) },
  },
  userOptions: {
    summary:
      "The staff users with the role professor, for the teacher form's 'Usuário (acesso)' (each with the teacher it is linked to, if any)",
    answers: { 200: z.array(teacherUserOptionSchema) },
  },
  create: {
    summary: "Creates a teacher",
    body: teacherInputSchema,
    answers: { 201: teacherSchema },
    errors: {
      400: "Invalid input, or the user is not a professor",
      409: "The user is linked to another teacher",
    },
  },
  update: {
    summary: "Updates a teacher",
    params: idParam,
    body: teacherInputSchema,
    answers: { 200: teacherSchema },
    errors: {
      400: "Invalid input, or the user is not a professor",
      404: "No such teacher",
      409: "The user is linked to another teacher",
    },
  },
  remove: {
    summary: "Deletes a teacher (their classes stay, without a teacher)",
    params: idParam,
    answers: { 204: null },
    errors: { 404: "No such teacher" },
  },
});
