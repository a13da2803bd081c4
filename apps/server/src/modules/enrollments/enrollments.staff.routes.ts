import { ENROLLMENT_EDITOR_MESSAGE, ENROLLMENT_REVIEWER_ROLES } from "@app/shared/enrollment-review";
import { ENROLLMENT_NOT_FOUND } from "@app/shared/messages";
import { adminEnrollmentDetailSchema } from "@app/shared/schemas/enrollment-review";
import { editEnrollmentSchema, staffEnrollmentCreatedSchema } from "@app/shared/schemas/enrollment-staff";
import { createRoute, z } from "@hono/zod-openapi";
import { requireStaff } from "../../auth/guards";
import { errorResponse, guardErrors } from "../../http/errors";
import { component } from "../../http/openapi";
import { createRouter, json } from "../../http/router";
import { createStaffEnrollment, editEnrollment } from "./enrollment-staff.service";
import { documentsBodyLimit } from "./enrollments.routes";

/** Those who approve enrolments also record and correct them (decision 018). */
export const requireEditor = () => requireStaff(ENROLLMENT_REVIEWER_ROLES, ENROLLMENT_EDITOR_MESSAGE);
const editorErrors = guardErrors("Not super_admin, admin or secretaria");

const binary = z.any().openapi({ type: "string", format: "binary" });
const text = z.string();

const staffSubmissionDoc = z
  .object({
    studentName: text,
    birthDate: z.string().openapi({ format: "date" }),
    fatherName: text,
    motherName: text,
    nationality: text,
    birthPlace: text,
    province: text,
    municipality: text,
    neighborhood: text,
    studentPhone: text,
    studentEmail: text,
    qualification: text.openapi({ enum: ["secundario", "tecnico", "licenciatura", "mestrado", "doutoramento"] }),
    trainingArea: text,
    schedulePreference: text.openapi({ enum: ["manha", "tarde", "noite", "sabado"] }),
    courseId: text,
    studentAccount: text.openapi({
      description:
        "'new', or the id of a student account with this phone (GET /admin/enrollments/phone-accounts); required when such accounts exist",
    }),
    idCardFront: binary,
    idCardBack: binary,
    certificate: binary,
  })
  .partial()
  .openapi("StaffEnrollmentSubmission");

const create = createRoute({
  method: "post",
  path: "/admin/enrollments",
  tags: ["enrollments"],
  summary:
    "Staff record an enrolment with its three documents (multipart) for the student account they chose: studentAccount 'new' (its code and password answered once) or the id of an account with the same phone; without a choice it is refused while accounts have that phone (decision 024)",
  middleware: [requireEditor(), documentsBodyLimit()] as const,
  request: { body: { required: true, content: { "multipart/form-data": { schema: staffSubmissionDoc } } } },
  responses: {
    201: { description: "Enrolment created (pre_inscrito)", ...json(staffEnrollmentCreatedSchema) },
    400: errorResponse("A field or a document is missing or invalid"),
    ...editorErrors,
    409: errorResponse(
      "Accounts have this phone and none was chosen (the message names them), the chosen account does not have this phone, or it already has an open enrolment in this course",
    ),
    413: errorResponse("A file is larger than 5 MB"),
    415: errorResponse("A file is not JPEG, PNG, WEBP or PDF (by its content)"),
  },
});

const edit = createRoute({
  method: "patch",
  path: "/admin/enrollments/{id}",
  tags: ["enrollments"],
  summary: "Staff correct the personal and education fields (the edit form's lists); one History event",
  middleware: [requireEditor()] as const,
  request: {
    params: z.object({ id: z.uuid({ message: ENROLLMENT_NOT_FOUND.message }) }),
    body: { required: true, ...json(editEnrollmentSchema) },
  },
  responses: {
    200: { description: "The enrolment", ...json(component("AdminEnrollment", adminEnrollmentDetailSchema)) },
    400: errorResponse("Invalid input"),
    ...editorErrors,
    404: errorResponse("No such enrolment"),
  },
});

export const enrollmentStaffRoutes = createRouter()
  .openapi(create, async (c) => {
    const { db, storage } = c.get("deps");
    const form = await c.req.parseBody();
    return c.json(await createStaffEnrollment(db, storage, c.get("session").user!.id, form), 201);
  })
  .openapi(edit, async (c) =>
    c.json(
      await editEnrollment(c.get("deps").db, c.get("session").user!.id, c.req.valid("param").id, c.req.valid("json")),
      200,
    ),
  );
