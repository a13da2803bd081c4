import { ENROLLMENT_DOCUMENT_KINDS } from "../enrollment-review";
import { STAFF_CREATE_QUALIFICATIONS, STAFF_CREATE_SCHEDULES } from "../enums";
import { ENROLLMENT_NOT_FOUND } from "../messages";
import {
  adminEnrollmentDetailSchema,
  adminEnrollmentListQuerySchema,
  adminEnrollmentPageSchema,
  approvedEnrollmentSchema,
  approveEnrollmentSchema,
  assignClassSchema,
  CORRECTION_MESSAGES,
  confirmPaymentSchema,
  enrollableClassSchema,
  proposedReferenceCodeSchema,
  rejectEnrollmentSchema,
  requestCorrectionSchema,
  studentEnrollmentViewSchema,
} from "../schemas/enrollment-review";
import {
  editEnrollmentSchema,
  phoneAccountsQuerySchema,
  phoneStudentAccountSchema,
  staffEnrollmentCreatedSchema,
} from "../schemas/enrollment-staff";
import { enrollmentSubmittedSchema, newApplicationStartSchema } from "../schemas/enrollments";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";
import { CROWDED } from "./parts";

/**
 * Enrolments (decisions 018, 019, 020, 024), by the sub-module that serves them: the student's own
 * (form, list, returning student's new application, document replacement) under /me, and staff's
 * review, entry and payment under /admin.
 */

const idParam = z.object({ id: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }) });

/** A file part of a multipart form (documented only: the service reads and checks it by content). */
const file = z.any().meta({ type: "string", format: "binary" });
const text = z.string();

/**
 * The multipart forms are documented, not validated here: every part is optional, so the service
 * gives the refusals in the order a user wants them (the fields, then the documents, then the course).
 */
const studentForm = z
  .object({
    birthDate: text.meta({ format: "date" }),
    motherName: text,
    fatherName: text,
    nationality: text,
    birthPlace: text,
    province: text,
    municipality: text,
    neighborhood: text,
    qualification: text,
    trainingArea: text,
    courseId: text,
    schedulePreference: text,
    idCardFront: file,
    idCardBack: file,
    certificate: file,
  })
  .partial();

const staffForm = studentForm.extend({
  studentName: text.optional(),
  studentPhone: text.optional(),
  studentEmail: text.optional(),
  qualification: text.meta({ enum: [...STAFF_CREATE_QUALIFICATIONS] }).optional(),
  schedulePreference: text.meta({ enum: [...STAFF_CREATE_SCHEDULES] }).optional(),
  studentAccount: text
    .meta({
      description:
        "'new', or the id of a student account with this phone (GET /admin/enrollments/phone-accounts); required when such accounts exist",
    })
    .optional(),
});

const uploadErrors = {
  413: "A file is larger than 5 MB",
  415: "A file is not JPEG, PNG, WEBP or PDF (by its content)",
  503: "The files could not be stored (FILES_NOT_STORED, Retry-After); nothing was recorded",
} as const;
const wrongStatus = "The enrolment's status does not allow it (the message names the status)";

export const enrollmentSchemas = endpointSchemas({
  /* The student's own (/me). */
  submit: {
    summary: "The student submits the enrolment form with the three documents (multipart)",
    form: studentForm,
    answers: { 201: enrollmentSubmittedSchema },
    errors: { 400: "A field or a document is missing or invalid", 409: "Already submitted", ...uploadErrors },
  },
  mine: {
    summary: "The student's own enrolments, newest first",
    answers: { 200: z.array(studentEnrollmentViewSchema) },
  },
  newApplicationStart: {
    summary:
      "What the returning student's 'Nova inscrição' starts from: the latest data, the documents on file, the courses held",
    answers: { 200: newApplicationStartSchema },
  },
  submitNewApplication: {
    summary:
      "A returning student applies for another course (multipart); an empty document field keeps the document on file",
    form: studentForm,
    answers: { 201: enrollmentSubmittedSchema },
    errors: {
      400: "A field is invalid, or a document is missing with none on file",
      409: "The account already holds this course (an open application or the course in progress)",
      ...uploadErrors,
    },
  },
  replaceDocument: {
    summary:
      "The student replaces a document staff refused (multipart field `file`: JPEG, PNG, WEBP or PDF by content, at most 5 MB); the last one sends the enrolment back to review",
    params: z.object({
      id: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }),
      document: z.enum(ENROLLMENT_DOCUMENT_KINDS, { message: CORRECTION_MESSAGES.document }),
    }),
    form: z.object({ file }).partial(),
    answers: { 200: studentEnrollmentViewSchema },
    errors: {
      400: "No file sent, or an empty file",
      404: "No such enrolment of this student",
      409: "This document has no open correction request",
      413: "Larger than 5 MB",
      415: "Not JPEG, PNG, WEBP or PDF (by its content)",
    },
  },

  /* Review (staff): the list, one enrolment, and the steps that decide on it. */
  list: {
    summary:
      "One page of the enrolments with course name and price and class name, searched, filtered by status and course, sorted (newest application first by default), and the summary cards' counts over every enrolment (decision 057)",
    query: adminEnrollmentListQuerySchema,
    answers: { 200: adminEnrollmentPageSchema },
    errors: { 400: "A bad page, page size, search, sort, direction, status or course" },
  },
  referenceCode: {
    summary: "Proposes an unused payment reference code (8 characters without 0/O, 1/I/L)",
    answers: { 200: proposedReferenceCodeSchema },
  },
  detail: {
    summary: "One enrolment: every field, its three documents, correction requests and history",
    params: idParam,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: { 404: "No such enrolment" },
  },
  approve: {
    summary:
      "pre_inscrito → approved with both checklist boxes, a unique reference code and optional notes; e-mails the code when the student has an e-mail",
    params: idParam,
    body: approveEnrollmentSchema,
    answers: { 200: approvedEnrollmentSchema },
    errors: {
      400: "A box unticked, or the code blank or invalid",
      404: "No such enrolment",
      409: "Not pre_inscrito, or the code is already used",
    },
  },
  whatsappSent: {
    summary: "Records in History that staff sent the code by WhatsApp (approved or payment_pending)",
    params: idParam,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: { 404: "No such enrolment", 409: wrongStatus },
  },
  reject: {
    summary: "pre_inscrito or correction_requested → rejected with a required reason (stored in notes)",
    params: idParam,
    body: rejectEnrollmentSchema,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: { 400: "Blank reason", 404: "No such enrolment", 409: wrongStatus },
  },
  requestCorrection: {
    summary:
      "pre_inscrito → correction_requested: the documents to replace, each with a reason (and a note for 'outro')",
    params: idParam,
    body: requestCorrectionSchema,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: { 400: "No document, or 'outro' without a note", 404: "No such enrolment", 409: wrongStatus },
  },
  remove: {
    summary:
      "Deletes an enrolment with its history, requests and documents, giving back a class seat; refused while payments, receipts or certificates exist",
    params: idParam,
    answers: { 204: null },
    errors: { 404: "No such enrolment", 409: "Payments, receipts or certificates point at it" },
  },

  /* Staff entry: 'Nova inscrição' and 'Editar inscrição'. */
  phoneAccounts: {
    summary:
      "The student accounts with a phone (id, code, name, created date; nothing else), oldest first: 'Nova inscrição' shows them so staff choose one or a new account (decision 024)",
    query: phoneAccountsQuerySchema,
    answers: { 200: z.array(phoneStudentAccountSchema) },
    errors: { 400: "The phone is not an Angolan mobile" },
  },
  create: {
    summary:
      "Staff record an enrolment with its three documents (multipart) for the student account they chose: studentAccount 'new' (its code and password answered once) or the id of an account with the same phone; without a choice it is refused while accounts have that phone (decision 024)",
    form: staffForm,
    answers: { 201: staffEnrollmentCreatedSchema },
    errors: {
      400: "A field or a document is missing or invalid",
      409: "Accounts have this phone and none was chosen (the message names them), the chosen account does not have this phone, or it already has an open enrolment in this course",
      ...uploadErrors,
      503: `${uploadErrors[503]}; or, for a new account, ${CROWDED}`,
    },
  },
  edit: {
    summary: "Staff correct the personal and education fields (the edit form's lists); one History event",
    params: idParam,
    body: editEnrollmentSchema,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: { 400: "Invalid input", 404: "No such enrolment" },
  },

  /* Payment: 'Confirmar pagamento' and 'Atribuir turma'. */
  classes: {
    summary: "The classes of the enrolment's course that are active and have a free seat, earliest start first",
    params: idParam,
    answers: { 200: z.array(enrollableClassSchema) },
    errors: { 404: "No such enrolment" },
  },
  confirmPayment: {
    summary:
      "The desk's payment (approved, receipt_rejected or partial_payment), through the one payment rule (decisions 083, 088), in one transaction: a 'confirmed' payment against what the enrolment still owes; one that enrols takes a seat in the chosen class; one short of the balance needs `difference`: 'await_balance' (partial_payment, no class taken; a class sent is not used) or 'accept' with a reason (enrolled). The student is e-mailed when the enrolment has an address",
    params: idParam,
    body: confirmPaymentSchema,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: {
      400: "Invalid amount, date, method or choice, or no class of the enrolment's course for a payment that enrols",
      404: "No such enrolment",
      409: "Not payable at the desk, short of the balance without a choice (payment_difference_undecided), or the class is full or not active",
    },
  },
  assignClass: {
    summary:
      "Gives an enrolled enrolment without a class (approved through a receipt) a seat in an active class of its course, in one transaction",
    params: idParam,
    body: assignClassSchema,
    answers: { 200: adminEnrollmentDetailSchema },
    errors: {
      400: "No class, or a class of another course",
      404: "No such enrolment",
      409: "Not enrolled, already has a class, or the class is full or not active",
    },
  },
});
