import {
  ERASURE_CHANNEL_LABELS,
  ERASURE_REQUEST_STATUS_LABELS,
  PRIVACY_NOTICE_MAX,
  PRIVACY_NOTICE_MIN,
  REFUSAL_REASON_MAX,
  RETENTION_MONTHS_MAX,
} from "../privacy";
import { wholeNumberSchema } from "../whole-number-input";
import { z } from "../zod";

/** The notice in force, with what the short notice and the contact line need. */
export const privacyNoticeSchema = z.object({
  version: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
  instituteName: z.string(),
  contactEmail: z.string(),
});

/** Configurações → 'Privacidade' (super_admin). */
export const privacySettingsSchema = z.object({
  notice: privacyNoticeSchema,
  /** Months files of ended enrolments are kept; null = 'nunca' deleted. */
  retentionMonths: z.number().int().nullable(),
});

export const privacySettingsInputSchema = z.object({
  noticeText: z
    .string()
    .trim()
    .min(PRIVACY_NOTICE_MIN, `O aviso deve ter pelo menos ${PRIVACY_NOTICE_MIN} caracteres`)
    .max(PRIVACY_NOTICE_MAX, `O aviso deve ter no máximo ${PRIVACY_NOTICE_MAX} caracteres`),
  // Read as typed (decision 009): '12,5' or '1 2' is refused with a message, never read as 125 or 12.
  retentionMonths: wholeNumberSchema({
    empty: "Indique o prazo em meses, ou 'nunca'",
    min: 1,
    belowMin: "O prazo é de pelo menos 1 mês",
    max: RETENTION_MONTHS_MAX,
    aboveMax: `O prazo é de no máximo ${RETENTION_MONTHS_MAX} meses`,
  }).nullable(),
});

export const acceptPrivacyNoticeSchema = z.object({
  version: z.number({ message: "Informe a versão do aviso" }).int(),
});

const erasureStatus = z.enum(Object.keys(ERASURE_REQUEST_STATUS_LABELS) as ["pending", "done", "refused"]);
const erasureChannel = z.enum(Object.keys(ERASURE_CHANNEL_LABELS) as ["portal", "presencial"]);

/** What the student sees in 'Dados de Acesso'. */
export const ownPrivacySchema = z.object({
  currentVersion: z.number().int(),
  acceptedVersion: z.number().int().nullable(),
  acceptedAt: z.string().nullable(),
  /** When staff opened the student's documents (never who). */
  documentViews: z.array(z.object({ at: z.string(), document: z.string() })),
  /** The newest request; a refused one says when and why (the student may ask again). */
  erasureRequest: z
    .object({
      requestedAt: z.string(),
      status: erasureStatus,
      refusedAt: z.string().nullable(),
      refusalReason: z.string().nullable(),
    })
    .nullable(),
});

export const erasureRequestSchema = z.object({
  id: z.uuid(),
  number: z.number().int(),
  studentAccountId: z.uuid(),
  studentName: z.string(),
  studentCode: z.string(),
  channel: erasureChannel,
  requestedAt: z.string(),
  requestedByName: z.string().nullable(),
  status: erasureStatus,
  carriedOutAt: z.string().nullable(),
  carriedOutByName: z.string().nullable(),
  refusedAt: z.string().nullable(),
  refusedByName: z.string().nullable(),
  refusalReason: z.string().nullable(),
});

/** A super_admin refuses a pending request; the student reads the reason. */
export const refuseErasureSchema = z.object({
  reason: z
    .string({ message: "Informe o motivo da recusa" })
    .trim()
    .min(1, "Informe o motivo da recusa")
    .max(REFUSAL_REASON_MAX, `O motivo deve ter no máximo ${REFUSAL_REASON_MAX} caracteres`),
});
export const erasureRequestListSchema = z.object({ items: z.array(erasureRequestSchema) });

/** The enrolment's History, super_admin only: who opened which document, when, from which screen. */
export const fileAccessListSchema = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      at: z.string(),
      actorName: z.string().nullable(),
      document: z.string(),
      screen: z.string(),
    }),
  ),
});
