import { z } from "zod";
import { COURSE_AREAS, COURSE_STATUSES, MODALITIES, TEACHER_STATUSES } from "../enums";

/** Course form (SPEC §5 'Course form'). */
export const courseInputSchema = z.object({
  name: z.string({ message: "Nome é obrigatório" }).trim().min(1, "Nome é obrigatório").max(100, "Nome muito longo"),
  description: z
    .string()
    .trim()
    .max(2000, "Descrição muito longa")
    .nullish()
    .transform((v) => v || null),
  area: z
    .enum(COURSE_AREAS, { message: "Área inválida" })
    .nullish()
    .transform((v) => v ?? null),
  modality: z
    .enum(MODALITIES, { message: "Modalidade inválida" })
    .nullish()
    .transform((v) => v ?? null),
  durationMonths: z
    .number({ message: "Duração é obrigatória" })
    .int("A duração deve ser um número inteiro de meses")
    .min(1, "A duração deve ser de pelo menos 1 mês")
    .max(120, "Duração muito longa"),
  price: z
    .number({ message: "Preço é obrigatório" })
    .min(0, "O preço não pode ser negativo")
    .max(999_999_999_999.99, "Preço muito alto")
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, "O preço aceita no máximo 2 casas decimais"),
  status: z.enum(COURSE_STATUSES, { message: "Estado inválido" }).default("active"),
});
export type CourseInput = z.input<typeof courseInputSchema>;

/** Teacher form (SPEC §5 'Teacher form'). */
export const teacherInputSchema = z.object({
  teacherName: z
    .string({ message: "Nome é obrigatório" })
    .trim()
    .min(1, "Nome é obrigatório")
    .max(100, "Nome muito longo"),
  specialization: z
    .string({ message: "Especialização é obrigatória" })
    .trim()
    .min(1, "Especialização é obrigatória")
    .max(100, "Texto muito longo"),
  qualification: z
    .string({ message: "Qualificação é obrigatória" })
    .trim()
    .min(1, "Qualificação é obrigatória")
    .max(100, "Texto muito longo"),
  yearsOfExperience: z
    .number({ message: "Anos de experiência são obrigatórios" })
    .int("Use um número inteiro de anos")
    .min(0, "Os anos de experiência vão de 0 a 50")
    .max(50, "Os anos de experiência vão de 0 a 50"),
  teacherPhone: z
    .string()
    .trim()
    .max(20, "Telefone muito longo")
    .nullish()
    .transform((v) => v || null),
  teacherEmail: z
    .string()
    .trim()
    .toLowerCase()
    .max(255, "Email muito longo")
    .nullish()
    .transform((v) => v || null)
    .refine((v) => v === null || z.email().safeParse(v).success, "Email inválido"),
  bio: z
    .string()
    .trim()
    .max(2000, "Texto muito longo")
    .nullish()
    .transform((v) => v || null),
  status: z.enum(TEACHER_STATUSES, { message: "Estado inválido" }).default("active"),
});
export type TeacherInput = z.input<typeof teacherInputSchema>;
