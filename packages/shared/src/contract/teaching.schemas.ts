import { CLASS_NOT_FOUND, ENROLLMENT_NOT_FOUND } from "../messages";
import {
  correctResultSchema,
  recordResultsSchema,
  teachingClassDetailSchema,
  teachingClassSchema,
} from "../schemas/certificates";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

/* 'As minhas turmas' / 'Turmas e resultados' (decision 042): professor (own classes), admin, secretaria. */

const classParam = z.object({ classId: z.uuid({ message: CLASS_NOT_FOUND.message }) });

export const teachingSchemas = endpointSchemas({
  classes: {
    summary:
      "The classes the caller may grade: a professor's own (their teacher record's classes); every class for admin, secretaria and super_admin",
    answers: { 200: z.array(teachingClassSchema) },
  },
  students: {
    summary: "A class and its students (enrolled, completed, not completed) with grade and current certificate",
    params: classParam,
    answers: { 200: teachingClassDetailSchema },
    errors: { 404: "No such class" },
  },
  results: {
    summary:
      "Records results (one or many, all or nothing): enrolled → completed (issues the certificate: number, PDF) or not_completed, with an optional grade 0–20",
    params: classParam,
    body: recordResultsSchema,
    answers: { 200: teachingClassDetailSchema },
    errors: {
      400: "Invalid input (no result, a repeated student, a grade outside 0–20)",
      404: "No such class",
      409: "A student is not enrolled in this class (any more), or the class has not started",
    },
  },
  correctResult: {
    summary:
      "Corrects a recorded result (completed or not_completed) once no certificate of the enrolment is in force: outcome, grade and a reason kept in History; 'Concluído' issues a new certificate (super_admin, admin, secretaria)",
    params: z.object({ enrollmentId: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }) }),
    body: correctResultSchema,
    answers: { 200: teachingClassDetailSchema },
    errors: {
      400: "Invalid input (no reason, a grade outside 0–20)",
      404: "No such enrolment",
      409: "No result recorded yet, a certificate still valid, or the same result",
    },
  },
});
