import {
  ENROLLMENT_EDITOR_MESSAGE,
  ENROLLMENT_REVIEWER_MESSAGE,
  ENROLLMENT_REVIEWER_ROLES,
  ENROLLMENT_VIEWER_MESSAGE,
  ENROLLMENT_VIEWER_ROLES,
  PAYMENT_CONFIRMER_MESSAGE,
  PAYMENT_CONFIRMER_ROLES,
} from "@app/shared/enrollment-review";
import { MAX_FILE_BYTES } from "@app/shared/limits";
import { FILE_TOO_LARGE } from "@app/shared/messages";
import { bodyLimit } from "hono/body-limit";
import { requireStaff, requireStudent } from "../../auth/guards";
import { ApiError, guardErrors, studentErrors } from "../../http/errors";

/**
 * Who may call the enrolment routes (decision 018), as `route()` options: viewers see; reviewers
 * approve, reject, ask corrections, delete, assign classes, and also record and correct enrolments
 * (editors); confirmers take payments; students reach only their own.
 */
const tags = ["enrollments"];
const viewerErrors = guardErrors("Not super_admin, admin, secretaria or financeiro");
const reviewerErrors = guardErrors("Not super_admin, admin or secretaria");

export const viewer = {
  middleware: [requireStaff(ENROLLMENT_VIEWER_ROLES, ENROLLMENT_VIEWER_MESSAGE)],
  guardErrors: viewerErrors,
  tags,
};
export const reviewer = {
  middleware: [requireStaff(ENROLLMENT_REVIEWER_ROLES, ENROLLMENT_REVIEWER_MESSAGE)],
  guardErrors: reviewerErrors,
  tags,
};
export const confirmer = {
  middleware: [requireStaff(PAYMENT_CONFIRMER_ROLES, PAYMENT_CONFIRMER_MESSAGE)],
  guardErrors: viewerErrors,
  tags,
};
const requireEditor = () => requireStaff(ENROLLMENT_REVIEWER_ROLES, ENROLLMENT_EDITOR_MESSAGE);
export const editor = { middleware: [requireEditor()], guardErrors: reviewerErrors, tags };
export const student = { middleware: [requireStudent()], guardErrors: studentErrors, tags };

/** An enrolment form's body: three documents of at most 5 MB each, plus the form fields. */
const documentsBodyLimit = () =>
  bodyLimit({
    maxSize: 3 * MAX_FILE_BYTES + 256 * 1024,
    onError: () => {
      throw ApiError.of(413, FILE_TOO_LARGE);
    },
  });

/** An enrolment form with its three documents, sent by staff or by the student. */
export const editorUpload = { ...editor, middleware: [requireEditor(), documentsBodyLimit()] };
export const studentUpload = { ...student, middleware: [requireStudent(), documentsBodyLimit()] };
