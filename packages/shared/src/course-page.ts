/** What a course's public page and its share links say (decision 093), the same on the server and the web. */
import { MODALITY_LABELS, type Modality } from "./modalities";
import { formatKz } from "./money";
import { durationLabel } from "./rules";

interface CourseSummaryInput {
  name: string;
  description: string | null;
  modality: Modality | null;
  durationMonths: number;
  price: number;
}

export const coursePagePath = (slug: string) => `/cursos/${slug}`;

/** The id of the <script type="application/json"> the server puts the page's data in (the web reads it). */
export const COURSE_PAGE_DATA_ID = "course-page-data";

/** The preview's description: the price first (WhatsApp shows about two lines), then duration, mode, text. */
export function courseSummary(course: CourseSummaryInput, maxLength = 200): string {
  const facts = [formatKz(course.price), durationLabel(course.durationMonths)];
  if (course.modality) facts.push(MODALITY_LABELS[course.modality]);
  const text = `${facts.join(" · ")}.${course.description ? ` ${course.description.replace(/\s+/g, " ").trim()}` : ""}`;
  return text.length <= maxLength ? text : `${text.slice(0, maxLength - 1).trimEnd()}…`;
}

/** 'Enviar por WhatsApp': the course's name, price and page address as the message. */
export function whatsappShareUrl(course: Pick<CourseSummaryInput, "name" | "price">, pageUrl: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${course.name} — ${formatKz(course.price)}\n${pageUrl}`)}`;
}

/** A calendar date (YYYY-MM-DD) as DD/MM/YYYY, without a date library (the public first load). */
export const calendarDate = (date: string) => date.split("-").reverse().join("/");
