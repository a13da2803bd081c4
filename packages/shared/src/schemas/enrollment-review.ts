import { APPLICATION_SOURCES } from "../application-source";
import { addYears, isCalendarDate } from "../calendar-date";
import { todayInLuanda } from "../dates";
import {
  DOCUMENT_REFUSAL_REASONS,
  ENROLLMENT_DOCUMENT_KINDS,
  ENROLLMENT_EVENT_KINDS,
  REFERENCE_CODE_MAX,
  REFERENCE_CODE_MESSAGES,
  REFERENCE_CODE_PATTERN,
} from "../enrollment-review";
import { CLASS_STATUSES, DESK_PAYMENT_METHODS, ENROLLMENT_STATUSES, type EnrollmentStatus, MODALITIES } from "../enums";
import { REJECTION_REASON_REQUIRED, TEXT_TOO_LONG } from "../field-messages";
import { LONG_TEXT_MAX } from "../limits";
import { moneySchema } from "../money-schema";
import { differenceChoiceSchema } from "../payment-balance-schema";
import { wholeNumberSchema } from "../whole-number-input";
import { z } from "../zod";
import { listPageSchema, listQuerySchema } from "./lists";
import { balancePaymentSchema } from "./payments";
import { bankDetailsSchema } from "./settings";

/** Staff review of enrolments (SPEC §5 'Approval, rejection, payment'; decision 018): inputs and answers. */

const optionalNotes = z
  .string()
  .trim()
  .max(LONG_TEXT_MAX, TEXT_TOO_LONG)
  .nullish()
  .transform((v) => v || null);

/** A payment reference code as staff type it: trimmed and upper-cased before the checks. */
export const referenceCodeSchema = z
  .string({ message: REFERENCE_CODE_MESSAGES.required })
  .trim()
  .toUpperCase()
  .min(1, REFERENCE_CODE_MESSAGES.required)
  .max(REFERENCE_CODE_MAX, REFERENCE_CODE_MESSAGES.tooLong)
  .refine((v) => v === "" || REFERENCE_CODE_PATTERN.test(v), REFERENCE_CODE_MESSAGES.characters);

export const APPROVAL_CHECK_MESSAGES = {
  documentsChecked: "Confirme que a documentação está completa e válida",
  personalDataChecked: "Confirme que os dados pessoais foram conferidos",
} as const;

/** POST /admin/enrollments/{id}/approve: both checklist boxes ticked, a code, optional notes. */
/** Validity of a Multicaixa reference (issue 26): 1 to 60 days; 7 when not given. */
export const REFERENCE_DEFAULT_DAYS = 7;
export const REFERENCE_MAX_DAYS = 60;
const VALID_DAYS_MESSAGE = `Indique a validade da referência Multicaixa em dias (1 a ${REFERENCE_MAX_DAYS})`;
/** A count field (decision 009): a JSON number, or the text staff typed ('7,5' refused, never read as 75). */
export const referenceValidDaysSchema = wholeNumberSchema({
  empty: VALID_DAYS_MESSAGE,
  min: 1,
  belowMin: VALID_DAYS_MESSAGE,
  max: REFERENCE_MAX_DAYS,
  aboveMax: VALID_DAYS_MESSAGE,
});

/** Staff's 'Renovar referência Multicaixa' form (decision 077): the validity asked every time. */
export const renewReferenceFormSchema = z.object({ validDays: referenceValidDaysSchema });

export const approveEnrollmentSchema = z.object({
  referenceCode: referenceCodeSchema,
  /** Only used when Multicaixa references are on (decision 075). */
  referenceValidDays: referenceValidDaysSchema.optional(),
  notes: optionalNotes,
  documentsChecked: z.literal(true, { message: APPROVAL_CHECK_MESSAGES.documentsChecked }),
  personalDataChecked: z.literal(true, { message: APPROVAL_CHECK_MESSAGES.personalDataChecked }),
});
export type ApproveEnrollmentInput = z.input<typeof approveEnrollmentSchema>;

/**
 * Rejecting an enrolment or a receipt: a non-blank reason, stored in notes and shown to the student.
 * POST /admin/enrollments/{id}/reject and POST /admin/receipts/{id}/reject.
 */
export const rejectWithReasonSchema = z.object({
  reason: z
    .string({ message: REJECTION_REASON_REQUIRED })
    .trim()
    .min(1, REJECTION_REASON_REQUIRED)
    .max(LONG_TEXT_MAX, TEXT_TOO_LONG),
});
export const rejectEnrollmentSchema = rejectWithReasonSchema;
export type RejectWithReasonInput = z.input<typeof rejectWithReasonSchema>;
export type RejectEnrollmentInput = RejectWithReasonInput;

export const CORRECTION_MESSAGES = {
  noDocument: "Selecione pelo menos um documento a corrigir",
  document: "Documento inválido",
  reason: "Selecione o motivo",
  otherNeedsNote: "Descreva o problema quando o motivo é «Outro»",
  repeated: "Cada documento só pode ser pedido uma vez",
} as const;

const documentRequestInput = z
  .object({
    document: z.enum(ENROLLMENT_DOCUMENT_KINDS, { message: CORRECTION_MESSAGES.document }),
    reason: z.enum(DOCUMENT_REFUSAL_REASONS, { message: CORRECTION_MESSAGES.reason }),
    note: optionalNotes,
  })
  .refine((d) => d.reason !== "outro" || d.note !== null, {
    message: CORRECTION_MESSAGES.otherNeedsNote,
    path: ["note"],
  });

/** POST /admin/enrollments/{id}/request-correction: one or more refused documents, each with its reason. */
export const requestCorrectionSchema = z.object({
  documents: z
    .array(documentRequestInput, { message: CORRECTION_MESSAGES.noDocument })
    .min(1, CORRECTION_MESSAGES.noDocument)
    .refine((docs) => new Set(docs.map((d) => d.document)).size === docs.length, CORRECTION_MESSAGES.repeated),
});
export type RequestCorrectionInput = z.input<typeof requestCorrectionSchema>;

export const CONFIRM_PAYMENT_MESSAGES = {
  amount: "Indique o valor pago",
  amountPositive: "O valor pago deve ser maior que zero",
  date: "Data de pagamento é obrigatória",
  invalidDate: "Data inválida",
  futureDate: "A data de pagamento não pode ser posterior a hoje",
  method: "Selecione o método de pagamento",
  classId: "Selecione uma turma para matricular o aluno",
  expectedBalance: "Indique o valor em dívida que foi mostrado (expectedBalance)",
} as const;

/** How far back a payment date may go. */
export const PAYMENT_DATE_YEARS_BACK = 5;

/** What is wrong with a payment date (`YYYY-MM-DD`) given today in Luanda, if anything. */
export function paymentDateError(date: string, today: string): string | undefined {
  if (!date) return CONFIRM_PAYMENT_MESSAGES.date;
  if (!isCalendarDate(date)) return CONFIRM_PAYMENT_MESSAGES.invalidDate;
  if (date > today) return CONFIRM_PAYMENT_MESSAGES.futureDate;
  const min = addYears(today, -PAYMENT_DATE_YEARS_BACK);
  if (date < min) return `A data de pagamento não pode ser anterior a ${min.split("-").reverse().join("/")}`;
}

const classIdSchema = z.uuid({ message: CONFIRM_PAYMENT_MESSAGES.classId });

/**
 * POST /admin/enrollments/{id}/confirm-payment: the payment, the class the student joins and, when the
 * amount is short of what the enrolment owes, the choice (decision 083, 088). Waiting for the balance
 * enrols nobody, so it needs no class (one sent is not used); every other payment needs one.
 */
export const confirmPaymentSchema = z
  .object({
    amount: moneySchema({ empty: CONFIRM_PAYMENT_MESSAGES.amount }).refine(
      (v) => v > 0,
      CONFIRM_PAYMENT_MESSAGES.amountPositive,
    ),
    paymentDate: z.string({ message: CONFIRM_PAYMENT_MESSAGES.date }).superRefine((value, ctx) => {
      const problem = paymentDateError(value, todayInLuanda());
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    method: z.enum(DESK_PAYMENT_METHODS, { message: CONFIRM_PAYMENT_MESSAGES.method }),
    classId: classIdSchema.nullish().transform((v) => v ?? null),
    notes: optionalNotes,
    difference: differenceChoiceSchema.optional(),
    /** What the enrolment owed when the payment was entered: another payment meanwhile (or a second click) is refused. */
    expectedBalance: z.number({ message: CONFIRM_PAYMENT_MESSAGES.expectedBalance }),
  })
  .superRefine(
    (v, ctx) => {
      if (!v.classId && v.difference?.choice !== "await_balance") {
        ctx.addIssue({ code: "custom", path: ["classId"], message: CONFIRM_PAYMENT_MESSAGES.classId });
      }
    },
    // Also beside another field's error (a method not chosen): the form shows every missing field at once.
    { when: ({ value }) => typeof value === "object" && value !== null },
  );
export type ConfirmPaymentInput = z.input<typeof confirmPaymentSchema>;

/** POST /admin/enrollments/{id}/assign-class: the class of an enrolled enrolment that has none (decision 045). */
export const assignClassSchema = z.object({ classId: classIdSchema });
export type AssignClassInput = z.input<typeof assignClassSchema>;

/* What the API answers. */

/** GET /admin/enrollments: one row of the staff list (course name and price joined), newest application first. */
export const adminEnrollmentRowSchema = z.object({
  id: z.uuid(),
  studentName: z.string(),
  studentPhone: z.string(),
  studentEmail: z.string().nullable(),
  courseId: z.uuid(),
  courseName: z.string(),
  coursePrice: z.number(),
  classId: z.uuid().nullable(),
  className: z.string().nullable(),
  schedulePreference: z.string(),
  status: z.enum(ENROLLMENT_STATUSES),
  applicationDate: z.string(),
  approvalDate: z.string().nullable(),
  paymentReferenceCode: z.string().nullable(),
  /** The code reached the student: its e-mail delivered or the WhatsApp message opened (decision 084). */
  codeSent: z.boolean(),
  /** 'Como soube deste curso?' (decision 093); null when the applicant did not say. */
  source: z.enum(APPLICATION_SOURCES).nullable(),
  /** The latest SMS to the student failed or was refused (decision 094): staff fall back to WhatsApp or a call. */
  smsUndelivered: z.boolean(),
});
export type AdminEnrollmentRow = z.infer<typeof adminEnrollmentRowSchema>;

/** The columns 'Inscrições' sorts by (decision 057); without one, newest application first. */
export const ADMIN_ENROLLMENT_SORTS = ["student", "course", "date", "status"] as const;
export type AdminEnrollmentSort = (typeof ADMIN_ENROLLMENT_SORTS)[number];

/** GET /admin/enrollments query: a page, a search (student's name, phone, e-mail, reference code, course), a status, a course. */
export const adminEnrollmentListQuerySchema = listQuerySchema(ADMIN_ENROLLMENT_SORTS).extend({
  status: z.enum(ENROLLMENT_STATUSES, { message: "Estado inválido" }).optional(),
  courseId: z.uuid({ message: "Curso inválido" }).optional(),
  source: z.enum(APPLICATION_SOURCES, { message: "Origem inválida" }).optional(),
});
export type AdminEnrollmentListQuery = z.output<typeof adminEnrollmentListQuerySchema>;

/**
 * The summary cards of 'Inscrições': Total and one per status, so they add up to Total (decision 024),
 * over every enrolment (the search and filters narrow the table, not the cards).
 */
export const enrollmentCountsSchema = z.object({
  total: z.number().int(),
  ...(Object.fromEntries(ENROLLMENT_STATUSES.map((s) => [s, z.number().int()])) as Record<
    EnrollmentStatus,
    z.ZodNumber
  >),
});
export type EnrollmentCounts = z.infer<typeof enrollmentCountsSchema>;

/** GET /admin/enrollments: one page of the list and the cards. */
export const adminEnrollmentPageSchema = listPageSchema(adminEnrollmentRowSchema).extend({
  counts: enrollmentCountsSchema,
});

export const enrollmentDocumentSchema = z.object({
  document: z.enum(ENROLLMENT_DOCUMENT_KINDS),
  label: z.string(),
  /** Read it at /api/files/{fileId}; null when not attached. */
  fileId: z.uuid().nullable(),
  contentType: z.string().nullable(),
});

export const documentRequestSchema = z.object({
  id: z.uuid(),
  document: z.enum(ENROLLMENT_DOCUMENT_KINDS),
  documentLabel: z.string(),
  reason: z.enum(DOCUMENT_REFUSAL_REASONS),
  reasonLabel: z.string(),
  note: z.string().nullable(),
  requestedByName: z.string().nullable(),
  requestedAt: z.string(),
  /** Null while open; set when the student sent a replacement. */
  resolvedAt: z.string().nullable(),
});
export type DocumentRequest = z.infer<typeof documentRequestSchema>;

export const enrollmentEventSchema = z.object({
  id: z.uuid(),
  at: z.string(),
  actorName: z.string().nullable(),
  fromStatus: z.enum(ENROLLMENT_STATUSES).nullable(),
  toStatus: z.enum(ENROLLMENT_STATUSES),
  /** Null for a status change; otherwise a step that kept the status (e.g. the code sent by WhatsApp). */
  kind: z.enum(ENROLLMENT_EVENT_KINDS).nullable(),
  note: z.string().nullable(),
});
export type EnrollmentEvent = z.infer<typeof enrollmentEventSchema>;

/** GET /admin/enrollments/{id} and every transition's answer: all fields, documents, requests, history. */
export const adminEnrollmentDetailSchema = adminEnrollmentRowSchema.extend({
  studentAccountId: z.uuid().nullable(),
  birthDate: z.string(),
  fatherName: z.string().nullable(),
  motherName: z.string(),
  nationality: z.string(),
  birthPlace: z.string(),
  province: z.string(),
  municipality: z.string(),
  neighborhood: z.string(),
  qualification: z.string(),
  trainingArea: z.string(),
  classSchedule: z.string().nullable(),
  approvedByName: z.string().nullable(),
  paymentReferenceSentAt: z.string().nullable(),
  notes: z.string().nullable(),
  documents: z.array(enrollmentDocumentSchema),
  documentRequests: z.array(documentRequestSchema),
  events: z.array(enrollmentEventSchema),
});
export type AdminEnrollmentDetail = z.infer<typeof adminEnrollmentDetailSchema>;

/** POST /admin/enrollments/{id}/approve: the enrolment, and what became of the e-mail to the student. */
export const approvedEnrollmentSchema = z.object({
  enrollment: adminEnrollmentDetailSchema,
  /** queued (sent by the mail queue's worker, retried; decision 056); no_email (the student gave none). */
  referenceEmail: z.enum(["queued", "no_email"]),
});

/** GET /admin/enrollments/reference-code: a proposed, currently unused code. */
export const proposedReferenceCodeSchema = z.object({
  referenceCode: z.string(),
  /** Multicaixa references are on (decision 075): the approval may choose how long the reference is valid. */
  multicaixa: z.boolean(),
});

/** GET /admin/enrollments/{id}/classes: the classes the student may join, earliest start first. */
export const enrollableClassSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  classType: z.enum(MODALITIES),
  location: z.string().nullable(),
  schedule: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  maxStudents: z.number().int(),
  currentStudents: z.number().int(),
  status: z.enum(CLASS_STATUSES),
});
export type EnrollableClass = z.infer<typeof enrollableClassSchema>;

/* The student's side. */

export const openDocumentRequestSchema = documentRequestSchema.pick({
  id: true,
  document: true,
  documentLabel: true,
  reason: true,
  reasonLabel: true,
  note: true,
  requestedAt: true,
});

/**
 * One of the student's own enrolments (GET /me/enrollments): the code once approved, the reason once
 * rejected, the refused documents while a correction is asked, the bank details while a code exists.
 */
export const studentEnrollmentViewSchema = z.object({
  id: z.uuid(),
  status: z.enum(ENROLLMENT_STATUSES),
  courseName: z.string(),
  coursePrice: z.number(),
  /** The sum of the payments received and what is still owed (coursePrice − amountPaid; decision 083). */
  amountPaid: z.number(),
  balance: z.number(),
  /** Every payment received, whatever the way (receipt, statement, Multicaixa, desk), oldest first. */
  payments: z.array(balancePaymentSchema),
  paymentReferenceCode: z.string().nullable(),
  /** The code reached the student (decision 084): 'Aprovado (Código Enviado)' only then. */
  codeSent: z.boolean(),
  applicationDate: z.string(),
  rejectionReason: z.string().nullable(),
  documentRequests: z.array(openDocumentRequestSchema),
  bankDetails: bankDetailsSchema.nullable(),
});
export type StudentEnrollmentView = z.infer<typeof studentEnrollmentViewSchema>;
