import { SCHEDULE_LABELS } from "@app/shared/enums";
import { normaliseForSearch } from "../../../lib/search";

/**
 * SPEC §2 'Payment and enrolment dialog': a warning when the class's schedule text does not contain
 * the student's schedule preference ('noite' in 'Segunda a Quarta, 18h-21h (noite)'). Case and accents
 * are ignored, so 'manha' matches 'manhã'. No preference, no warning.
 */
export function scheduleMismatchWarning(classSchedule: string, preference: string | null | undefined): string | null {
  if (!preference) return null;
  if (normaliseForSearch(classSchedule).includes(normaliseForSearch(preference))) return null;
  const label = SCHEDULE_LABELS[preference as keyof typeof SCHEDULE_LABELS] ?? preference;
  return `O horário desta turma («${classSchedule}») não corresponde à preferência do aluno: ${label}.`;
}
