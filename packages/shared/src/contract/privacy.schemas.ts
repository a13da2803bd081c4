import { ENROLLMENT_NOT_FOUND, STUDENT_ACCOUNT_NOT_FOUND } from "../messages";
import { ERASURE_REQUEST_NOT_FOUND } from "../privacy";
import {
  acceptPrivacyNoticeSchema,
  erasureRequestListSchema,
  erasureRequestSchema,
  fileAccessListSchema,
  ownPrivacySchema,
  privacyNoticeSchema,
  privacySettingsInputSchema,
  privacySettingsSchema,
  refuseErasureSchema,
} from "../schemas/privacy";
import { z } from "../zod";
import { endpointSchemas } from "./endpoint";

const id = (message: string) => z.object({ id: z.uuid({ message }) });

export const privacySchemas = endpointSchemas({
  notice: {
    summary: "The privacy notice in force (public: account creation and the enrolment form show it)",
    answers: { 200: privacyNoticeSchema },
  },
  own: {
    summary:
      "The signed-in student's privacy: the notice version they accepted, when staff opened their documents (not who), their erasure request",
    answers: { 200: ownPrivacySchema },
  },
  accept: {
    summary: "The student accepts the notice in force; the version and the time are recorded",
    body: acceptPrivacyNoticeSchema,
    answers: { 200: ownPrivacySchema },
    errors: { 409: "The version is not the one in force (privacy_notice_outdated)" },
  },
  ownData: {
    summary:
      "'Baixar meus dados': a ZIP streamed as it is made with resumo.html (readable), dados.json and the files the student sent; a few a day",
    answers: { 200: { file: ["application/zip"] } },
    errors: { 429: "Past the day's downloads (Retry-After)" },
  },
  requestErasure: {
    summary:
      "The student asks for their data to be erased; a super_admin carries it out. Asking twice gives one request",
    answers: { 200: ownPrivacySchema },
  },
  settings: {
    summary: "Configurações → 'Privacidade': the notice in force and the files' retention period (super_admin)",
    answers: { 200: privacySettingsSchema },
  },
  updateSettings: {
    summary: "Saves the notice (a changed text becomes a new version) and the retention period (super_admin)",
    body: privacySettingsInputSchema,
    answers: { 200: privacySettingsSchema },
    errors: { 400: "Invalid input" },
  },
  fileAccesses: {
    summary: "Who opened the enrolment's documents and receipts, when and from which screen (super_admin)",
    params: id(ENROLLMENT_NOT_FOUND.message),
    answers: { 200: fileAccessListSchema },
  },
  erasureRequests: {
    summary: "Erasure requests, pending first (super_admin)",
    answers: { 200: erasureRequestListSchema },
  },
  recordErasureRequest: {
    summary: "Records an erasure request the student made in person (super_admin, admin, secretaria)",
    params: id(STUDENT_ACCOUNT_NOT_FOUND.message),
    answers: { 200: erasureRequestSchema },
    errors: { 404: "No such student account" },
  },
  carryOutErasure: {
    summary:
      "Carries out an erasure in one transaction: documents deleted, personal fields erased, the person anonymised, sessions ended; payments and issued certificates kept (decision 099). Carrying out a done request answers it as it is",
    params: id(ERASURE_REQUEST_NOT_FOUND.message),
    answers: { 200: erasureRequestSchema },
    errors: {
      404: "No such request",
      409: "The student has an enrolment in progress (enrollment_in_progress), or the request was refused (erasure_request_refused)",
      503: "The file storage failed",
    },
  },
  refuseErasure: {
    summary:
      "Refuses a pending erasure request with a reason the student reads in 'Dados de Acesso' (who, when and why recorded; the student may ask again). Refusing a refused request answers it as it is",
    params: id(ERASURE_REQUEST_NOT_FOUND.message),
    body: refuseErasureSchema,
    answers: { 200: erasureRequestSchema },
    errors: {
      400: "Invalid input (no reason)",
      404: "No such request",
      409: "The request was already carried out (erasure_request_done)",
    },
  },
});
