import { folded, IMPORT_SPECS } from "@app/shared/data-import/kinds";
import { maxStudentsBelowEnrolled } from "@app/shared/messages";
import { classInputSchema } from "@app/shared/schemas/catalog";
import { eq } from "drizzle-orm";
import type { Database, Tx } from "../../db/client";
import { classes, courses } from "../../db/schema";
import { bySchema, type ImportPlan, planned, refused, rowByRow, sameFields } from "./import-plan";
import { duplicateFinder, problem, type SheetRow } from "./import-rows";
import { teacherIndex } from "./plan-teachers";

const spec = IMPORT_SPECS.turmas;

/** The courses by folded name, and each course's classes by folded name. */
export async function catalogIndex(db: Database | Tx) {
  const courseRows = await db.select().from(courses);
  const classRows = await db.select().from(classes);
  const course = new Map(courseRows.map((c) => [folded(c.name), c]));
  const classOf = new Map(classRows.map((c) => [`${c.courseId}|${folded(c.name)}`, c]));
  return {
    course: (name: string) => course.get(folded(name)),
    schoolClass: (courseId: string, name: string) => classOf.get(`${courseId}|${folded(name)}`),
  };
}

export const unknownCourse = (name: string) =>
  problem("Curso", `«${name}» não existe no portal: importe ou crie primeiro o curso`);

/** Classes, matched on their course + name. */
export async function planClasses(db: Database | Tx, rows: SheetRow[]): Promise<ImportPlan> {
  const catalog = await catalogIndex(db);
  const findTeacher = await teacherIndex(db);
  const duplicate = duplicateFinder("Turma");
  return rowByRow(
    rows.map((row) => {
      if ("error" in row) return refused(row.line, row.key, row.error);
      const { values } = row;
      const key = `${values.course} — ${values.name}`;
      const course = catalog.course(values.course!);
      if (!course) return refused(row.line, key, unknownCourse(values.course!));
      let teacherId: string | null = null;
      if (values.teacher) {
        const phone = values.teacher.includes("@")
          ? null
          : values.teacher.replace(/[\s().+-]/g, "").replace(/^(00)?244/, "");
        const teacher = findTeacher(values.teacher.includes("@") ? values.teacher : null, phone);
        if (!teacher) return refused(row.line, key, problem("Professor", `«${values.teacher}» não existe no portal`));
        teacherId = teacher.id;
      }
      const read = bySchema(
        spec,
        classInputSchema,
        { ...values, courseId: course.id, teacherId },
        { courseId: "course" },
      );
      if ("error" in read) return refused(row.line, key, read.error);
      const again = duplicate(`${course.id}|${values.name}`, row.line);
      if (again) return refused(row.line, key, again);
      const input = read.data;
      const found = catalog.schoolClass(course.id, input.name);
      if (!found) return planned(row.line, key, "nova", async (tx) => void (await tx.insert(classes).values(input)));
      if (input.maxStudents < found.currentStudents) {
        return refused(
          row.line,
          key,
          problem("Máximo de alunos", maxStudentsBelowEnrolled(found.currentStudents).message),
        );
      }
      const { status: _status, notes: _notes, ...compared } = input;
      return planned(row.line, key, sameFields(found, compared) ? "igual" : "atualizada", async (tx) => {
        await tx.update(classes).set(compared).where(eq(classes.id, found.id));
      });
    }),
  );
}
