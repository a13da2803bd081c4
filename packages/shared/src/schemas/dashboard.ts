import { APPLICATION_SOURCES } from "../application-source";
import { z } from "../zod";

/** The 'Painel' figures of the admin dashboard (GET /admin/dashboard; SPEC §2 'Admin dashboard', decision 012). */
export const dashboardFiguresSchema = z.object({
  totalStudents: z.number().int(),
  activeCourses: z.number().int(),
  /** What awaits staff: `preEnrollmentsToReview` + `receiptsToValidate`. */
  pendingEnrollments: z.number().int().describe("preEnrollmentsToReview + receiptsToValidate"),
  preEnrollmentsToReview: z.number().int().describe("Enrolments with status pre_inscrito"),
  receiptsToValidate: z.number().int().describe("Payment receipts with status pending"),
  awaitingNewReceipt: z
    .number()
    .int()
    .describe("Enrolments with status receipt_rejected: the student must send a new receipt (decision 050)"),
  monthRevenue: z.number(),
  /** 12 entries, oldest first; `month` is "YYYY-MM" (a calendar month in Luanda). */
  revenueByMonth: z.array(z.object({ month: z.string(), total: z.number() })),
  /** Applications of the last `periodDays` days by where the applicant heard of the course (decision 093). */
  applicationsBySource: z.object({
    periodDays: z.number().int(),
    sources: z.array(z.object({ source: z.enum(APPLICATION_SOURCES), count: z.number().int() })),
    notStated: z.number().int().describe("Applications that did not say"),
  }),
});
