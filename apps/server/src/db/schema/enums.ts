import {
  DOCUMENT_REFUSAL_REASONS,
  ENROLLMENT_DOCUMENT_KINDS,
  ENROLLMENT_EVENT_KINDS,
} from "@app/shared/enrollment-review";
import {
  CLASS_STATUSES,
  COURSE_AREAS,
  COURSE_STATUSES,
  ENROLLMENT_STATUSES,
  FILE_KINDS,
  PAYMENT_STATUSES,
  PROVINCES,
  RECEIPT_FILE_TYPES,
  RECEIPT_STATUSES,
  STAFF_ROLES,
  TEACHER_STATUSES,
} from "@app/shared/enums";
import { MODALITIES } from "@app/shared/modalities";
import { pgEnum } from "drizzle-orm/pg-core";

export const staffRole = pgEnum("staff_role", STAFF_ROLES);
export const courseArea = pgEnum("course_area", COURSE_AREAS);
export const modality = pgEnum("modality", MODALITIES);
export const courseStatus = pgEnum("course_status", COURSE_STATUSES);
export const classStatus = pgEnum("class_status", CLASS_STATUSES);
export const teacherStatus = pgEnum("teacher_status", TEACHER_STATUSES);
export const province = pgEnum("province", PROVINCES);
export const enrollmentStatus = pgEnum("enrollment_status", ENROLLMENT_STATUSES);
export const receiptStatus = pgEnum("receipt_status", RECEIPT_STATUSES);
export const receiptFileType = pgEnum("receipt_file_type", RECEIPT_FILE_TYPES);
export const paymentStatus = pgEnum("payment_status", PAYMENT_STATUSES);
export const fileKind = pgEnum("file_kind", FILE_KINDS);
export const enrollmentDocument = pgEnum("enrollment_document", ENROLLMENT_DOCUMENT_KINDS);
export const documentRefusalReason = pgEnum("document_refusal_reason", DOCUMENT_REFUSAL_REASONS);
export const enrollmentEventKind = pgEnum("enrollment_event_kind", ENROLLMENT_EVENT_KINDS);
