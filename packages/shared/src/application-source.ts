/**
 * Where an applicant heard of a course (issue 37, decision 093 'Where applicants come from'): a short known
 * list. A link's `?origem=` / `utm_source` and the form's answer are folded into it; anything else is 'outro',
 * so no arbitrary text is ever stored.
 */
export const APPLICATION_SOURCES = ["whatsapp", "facebook", "instagram", "google", "radio", "amigo", "outro"] as const;
export type ApplicationSource = (typeof APPLICATION_SOURCES)[number];

export const APPLICATION_SOURCE_LABELS: Record<ApplicationSource, string> = {
  whatsapp: "WhatsApp",
  facebook: "Facebook",
  instagram: "Instagram",
  google: "Google",
  radio: "Rádio",
  amigo: "Amigo ou familiar",
  outro: "Outro",
};

/** Longer values are not read at all (a link cannot make us keep a long text): they count as 'outro'. */
export const SOURCE_INPUT_MAX = 40;

const ALIASES: Record<string, ApplicationSource> = {
  wa: "whatsapp",
  whats: "whatsapp",
  zap: "whatsapp",
  fb: "facebook",
  ig: "instagram",
  insta: "instagram",
  amigos: "amigo",
  familia: "amigo",
  familiar: "amigo",
  indicacao: "amigo",
};

/** A raw value (link or form) as a known source; null when empty (nothing said). */
export function normaliseSource(raw: unknown): ApplicationSource | null {
  if (typeof raw !== "string") return null;
  const value = raw.trim();
  if (!value) return null;
  if (value.length > SOURCE_INPUT_MAX) return "outro";
  const key = value
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z]/g, "");
  if ((APPLICATION_SOURCES as readonly string[]).includes(key)) return key as ApplicationSource;
  return ALIASES[key] ?? "outro";
}
