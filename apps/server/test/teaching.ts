import { randomUUID } from "node:crypto";
import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import { eq } from "drizzle-orm";
import { authUser, classes, courses, enrollments, studentAccounts, teachers } from "../src/db/schema";
import { jsonRequest, staffActor, studentActor } from "./actors";
import type { ApiContext } from "./context";
import { enrollmentRow } from "./fixtures";

let accounts = 0;

/** A course, a teacher linked to a signed-in professor, and a class that started `startedDaysAgo` days ago. */
export async function teachingSetup(
  ctx: ApiContext,
  options: { startedDaysAgo?: number; lastsDays?: number; workloadHours?: number | null; courseName?: string } = {},
) {
  const today = todayInLuanda();
  const startDate = addDays(today, -(options.startedDaysAgo ?? 30));
  const [course] = await ctx.db
    .insert(courses)
    .values({
      name: options.courseName ?? "Gestão de Recursos Humanos",
      durationMonths: 3,
      workloadHours: options.workloadHours === undefined ? 40 : options.workloadHours,
      price: 90000,
    })
    .returning();
  const professor = await staffActor(ctx, "professor", "Paulo Professor");
  const [teacher] = await ctx.db
    .insert(teachers)
    .values({
      teacherName: "Paulo Professor",
      specialization: "Gestão",
      qualification: "Mestrado",
      yearsOfExperience: 8,
      userId: professor.userId,
    })
    .returning();
  const [cls] = await ctx.db
    .insert(classes)
    .values({
      name: `Turma ${randomUUID().slice(0, 6)}`,
      courseId: course!.id,
      teacherId: teacher!.id,
      classType: "presencial",
      enrollmentStartDate: addDays(startDate, -30),
      enrollmentEndDate: addDays(startDate, -1),
      startDate,
      endDate: addDays(startDate, options.lastsDays ?? 60),
      schedule: "Seg e Qua 18h",
    })
    .returning();
  return { course: course!, teacher: teacher!, cls: cls!, professor };
}

/** A student account (created directly, without a login) enrolled in the class. */
export async function enrolledStudent(
  ctx: ApiContext,
  cls: { id: string; courseId: string },
  name: string,
  overrides: Record<string, unknown> = {},
) {
  const n = ++accounts;
  const [user] = await ctx.db
    .insert(authUser)
    .values({ id: randomUUID(), name, email: `aluno-cert-${n}-${randomUUID().slice(0, 8)}@alunos.invalid` })
    .returning();
  const [account] = await ctx.db
    .insert(studentAccounts)
    .values({
      userId: user!.id,
      studentName: name,
      studentPhone: String(930000000 + n),
      studentCode: `CT${String(n).padStart(6, "0")}`.slice(0, 10),
    })
    .returning();
  const [enrollment] = await ctx.db
    .insert(enrollments)
    .values({
      ...enrollmentRow(cls.courseId),
      studentName: name,
      studentAccountId: account!.id,
      userId: user!.id,
      classId: cls.id,
      status: "enrolled",
      ...overrides,
    })
    .returning();
  return { account: account!, enrollment: enrollment! };
}

/** A student who can sign in (created through the API), enrolled in the class. */
export async function signedInEnrolledStudent(ctx: ApiContext, cls: { id: string; courseId: string }, name: string) {
  const s = await studentActor(ctx, name);
  const [account] = await ctx.db.select().from(studentAccounts).where(eq(studentAccounts.studentCode, s.studentCode));
  const [enrollment] = await ctx.db
    .insert(enrollments)
    .values({
      ...enrollmentRow(cls.courseId),
      studentName: name,
      studentAccountId: account!.id,
      userId: account!.userId,
      classId: cls.id,
      status: "enrolled",
    })
    .returning();
  return { ...s, account: account!, enrollment: enrollment! };
}

/** POST /admin/teaching/classes/{id}/results as `cookie` (to ctx's app, or to `app`). */
export function postResults(
  ctx: ApiContext,
  cookie: string,
  classId: string,
  results: { enrollmentId: string; outcome: "completed" | "not_completed"; finalGrade?: unknown }[],
  app: { request(path: string, init: RequestInit): Response | Promise<Response> } = ctx.app,
) {
  return app.request(`/api/admin/teaching/classes/${classId}/results`, jsonRequest("POST", { results }, cookie));
}
