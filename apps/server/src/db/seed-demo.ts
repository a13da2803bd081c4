import { addDays } from "@app/shared/calendar-date";
import { todayInLuanda } from "@app/shared/dates";
import { slugify } from "@app/shared/slug";
import { eq, inArray, sql } from "drizzle-orm";
import { hashPassword } from "../auth/password-hashing";
import type { Config } from "../config";
import { issueCertificate, withIssuing } from "../modules/certificates/certificates.service";
import { insertStudentAccount } from "../modules/student-accounts/student-accounts.service";
import type { FileStorage } from "../storage/storage";
import type { Database, Tx } from "./client";
import { appMeta, authUser, classes, courses, enrollments, staffProfiles, teachers } from "./schema";
import { DEMO_STUDENT_PASSWORD, seedDemoReceipts } from "./seed-demo-receipts";

const DEMO_MARKER = "demo_data_loaded_at";
const SEED_LOCK_ID = 7_340_252;

type NewCourse = typeof courses.$inferInsert;

/**
 * The SPEC's three sample courses (150.000 Kz 120 h, 100.000 Kz 80 h, 80.000 Kz 60 h) come last so they are the newest;
 * they are the home page's featured courses.
 */
const DEMO_COURSES: Omit<NewCourse, "createdAt">[] = [
  {
    name: "Didáctica e Metodologias de Ensino",
    description: "Planejamento de aulas, avaliação e metodologias ativas para professores e formadores. 40 horas.",
    area: "Educação",
    modality: "online",
    durationMonths: 2,
    price: 60000,
  },
  {
    name: "Primeiros Socorros e Saúde Comunitária",
    description: "Suporte básico de vida, primeiros socorros e promoção da saúde na comunidade. 30 horas.",
    area: "Saúde",
    modality: "presencial",
    durationMonths: 1,
    price: 45000,
  },
  {
    name: "Design Gráfico e Comunicação Visual",
    description: "Identidade visual, composição, tipografia e ferramentas digitais de design. 80 horas.",
    area: "Design",
    modality: "hibrido",
    durationMonths: 3,
    price: 90000,
  },
  {
    name: "Gestão de Projetos",
    description: "Planejamento, execução e controle de projetos com métodos tradicionais e ágeis. 60 horas.",
    area: "Gestão",
    modality: "presencial",
    durationMonths: 2,
    price: 95000,
  },
  {
    name: "Inglês para Negócios",
    description: "Comunicação oral e escrita em inglês para reuniões, e-mails e apresentações. 60 horas.",
    area: "Línguas",
    modality: "presencial",
    durationMonths: 2,
    price: 80000,
    featured: true,
  },
  {
    name: "Marketing Digital",
    description: "Redes sociais, anúncios online, SEO e análise de resultados para pequenos negócios. 80 horas.",
    area: "Marketing",
    modality: "online",
    durationMonths: 3,
    price: 100000,
    featured: true,
  },
  {
    name: "Desenvolvimento Web Full Stack",
    description: "HTML, CSS, JavaScript, bancos de dados e publicação de sistemas web completos. 120 horas.",
    area: "Tecnologia",
    modality: "hibrido",
    durationMonths: 4,
    price: 150000,
    featured: true,
  },
];

const DEMO_TEACHERS: (typeof teachers.$inferInsert)[] = [
  {
    teacherName: "Ana Paula Domingos",
    teacherPhone: "923456789",
    teacherEmail: "ana.domingos@instituto.ao",
    specialization: "Desenvolvimento de Software",
    qualification: "Mestrado em Engenharia Informática",
    yearsOfExperience: 9,
    bio: "Programadora e formadora com experiência em projetos web para o setor bancário.",
  },
  {
    teacherName: "Carlos Mendes Neto",
    teacherPhone: "912345678",
    teacherEmail: "carlos.neto@instituto.ao",
    specialization: "Marketing Digital",
    qualification: "Licenciatura em Comunicação Social",
    yearsOfExperience: 6,
  },
  {
    teacherName: "Helena Baptista",
    specialization: "Língua Inglesa",
    qualification: "Licenciatura em Línguas Modernas",
    yearsOfExperience: 12,
  },
];

/**
 * The demo professor (decision 042): a staff user without a password, linked to the teacher Helena
 * Baptista. There are no built-in accounts: `npm run create-admin -- --email helena.baptista@instituto.ao
 * --password … --name "Helena Baptista" --role professor` gives it a password.
 */
export const DEMO_PROFESSOR_EMAIL = "helena.baptista@instituto.ao";

/** Three demo students in the ended English class; they sign in with DEMO_STUDENT_PASSWORD, like the receipts'. */
const DEMO_STUDENTS = [
  { name: "Rosa Tchissola Domingos", phone: "923100201", grade: 16.5 },
  { name: "Mateus Sebastião Kiala", phone: "923100202" },
  { name: "Beatriz Conceição Neto", phone: "923100203" },
] as const;

async function insertDemoUser(tx: Tx, name: string, email: string) {
  const [user] = await tx
    .insert(authUser)
    .values({ id: crypto.randomUUID(), name, email, emailVerified: true })
    .returning({ id: authUser.id });
  return user!.id;
}

/**
 * Loads the demo catalogue once per database. Restarting, or a second instance, adds nothing. With it:
 * the demo professor linked to Helena Baptista, her class that ended five days ago with three students,
 * one of them completed with a certificate (number, PDF), two awaiting their result; and three demo
 * students with a receipt each, pending, approved and rejected (seed-demo-receipts.ts).
 */
export async function seedDemoData(
  db: Database,
  deps: { storage: FileStorage; config: Pick<Config, "baseUrl"> },
  now: Date = new Date(),
): Promise<boolean> {
  return withIssuing(
    { db, ...deps },
    null,
    async (tx, issuing) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
      const done = await tx.select().from(appMeta).where(eq(appMeta.key, DEMO_MARKER));
      if (done.length > 0) return false;

      const insertedCourses = await tx
        .insert(courses)
        .values(
          DEMO_COURSES.map((c, i) => ({
            ...c,
            slug: slugify(c.name),
            createdAt: new Date(now.getTime() - (DEMO_COURSES.length - i) * 60_000),
          })),
        )
        .returning({ id: courses.id, name: courses.name, price: courses.price });
      const insertedTeachers = await tx.insert(teachers).values(DEMO_TEACHERS).returning({ id: teachers.id });
      const course = (name: string) => insertedCourses.find((c) => c.name === name)!;
      const courseId = (name: string) => course(name).id;

      const today = todayInLuanda(now);
      const openClasses = await tx
        .insert(classes)
        .values([
          {
            name: "Full Stack — Turma A",
            courseId: courseId("Desenvolvimento Web Full Stack"),
            teacherId: insertedTeachers[0]!.id,
            classType: "hibrido",
            location: "Sala 3, Edifício Central, Luanda",
            enrollmentStartDate: addDays(today, -7),
            enrollmentEndDate: addDays(today, 21),
            startDate: addDays(today, 28),
            endDate: addDays(today, 28 + 120),
            schedule: "Segunda a Quarta, 18h-21h (noite)",
            maxStudents: 25,
          },
          {
            name: "Marketing Digital — Turma Online",
            courseId: courseId("Marketing Digital"),
            teacherId: insertedTeachers[1]!.id,
            classType: "online",
            location: "Sala virtual (link enviado por e-mail)",
            enrollmentStartDate: addDays(today, 10),
            enrollmentEndDate: addDays(today, 40),
            startDate: addDays(today, 45),
            endDate: addDays(today, 45 + 90),
            schedule: "Sábado, 09h-13h (manhã)",
            maxStudents: 40,
          },
          {
            name: "Inglês para Negócios — Manhã",
            courseId: courseId("Inglês para Negócios"),
            teacherId: insertedTeachers[2]!.id,
            classType: "presencial",
            location: "Sala 1, Edifício Central, Luanda",
            enrollmentStartDate: addDays(today, -60),
            enrollmentEndDate: addDays(today, -30),
            startDate: addDays(today, -20),
            endDate: addDays(today, 40),
            schedule: "Terça e Quinta, 08h-10h (manhã)",
            maxStudents: 20,
          },
        ])
        .returning({ id: classes.id });

      const professorId = await insertDemoUser(tx, "Helena Baptista", DEMO_PROFESSOR_EMAIL);
      await tx.insert(staffProfiles).values({ userId: professorId, fullName: "Helena Baptista", role: "professor" });
      await tx.update(teachers).set({ userId: professorId }).where(eq(teachers.id, insertedTeachers[2]!.id));
      const [ended] = await tx
        .insert(classes)
        .values({
          name: "Inglês para Negócios — Turma Intensiva",
          courseId: courseId("Inglês para Negócios"),
          teacherId: insertedTeachers[2]!.id,
          classType: "presencial",
          location: "Sala 1, Edifício Central, Luanda",
          enrollmentStartDate: addDays(today, -120),
          enrollmentEndDate: addDays(today, -95),
          startDate: addDays(today, -90),
          endDate: addDays(today, -5),
          schedule: "Segunda a Sexta, 14h-17h (tarde)",
          maxStudents: 20,
          status: "completed",
        })
        .returning();
      const [english] = await tx.select().from(courses).where(eq(courses.id, ended!.courseId));
      const passwordHash = await hashPassword(DEMO_STUDENT_PASSWORD);
      for (const s of DEMO_STUDENTS) {
        const account = await insertStudentAccount(
          tx,
          { studentName: s.name, studentPhone: s.phone, studentEmail: null, enrollmentCompleted: true },
          passwordHash,
        );
        const userId = account.userId;
        const [enrollment] = await tx
          .insert(enrollments)
          .values({
            userId,
            studentAccountId: account!.id,
            courseId: ended!.courseId,
            classId: ended!.id,
            studentName: s.name,
            studentPhone: s.phone,
            birthDate: "2001-03-14",
            motherName: "Maria Domingos",
            nationality: "Angolana",
            birthPlace: "Luanda",
            province: "Luanda",
            municipality: "Belas",
            neighborhood: "Talatona",
            qualification: "licenciatura",
            trainingArea: "Gestão",
            schedulePreference: "tarde",
            status: "grade" in s ? "completed" : "enrolled",
            finalGrade: "grade" in s ? s.grade : null,
            resultAt: "grade" in s ? now : null,
            resultBy: "grade" in s ? professorId : null,
          })
          .returning();
        if ("grade" in s) {
          await issueCertificate(tx, issuing, {
            enrollment: enrollment!,
            course: english!,
            completionDate: ended!.endDate,
            issueDate: today,
          });
        }
      }
      await seedDemoReceipts(tx, deps.storage, today, course);
      // Each class's seat counter is the number of demo enrolments holding a seat in it (those with the
      // class, as 'Confirmar pagamento' and 'Atribuir turma' take one), so '3/20' is three students.
      await tx
        .update(classes)
        .set({
          currentStudents: sql`(select count(*) from ${enrollments} where ${enrollments.classId} = ${classes.id})`,
        })
        .where(inArray(classes.id, [...openClasses.map((c) => c.id), ended!.id]));
      await tx.insert(appMeta).values({ key: DEMO_MARKER, value: now.toISOString() });
      return true;
    },
    () => new Error("demo data: unexpected duplicate"),
  );
}
