/** Pure domain rules shared by the server and the web app (SPEC §4, §9). */

import { roundMoney } from "./money";

export interface ClassWindowInput {
  currentStudents: number;
  maxStudents: number;
  enrollmentStartDate: string; // YYYY-MM-DD
  enrollmentEndDate: string; // YYYY-MM-DD
  status: string;
}

export type ClassWindowLabel = "Lotada" | "Em Breve" | "Encerrada" | "Abertas";

/** The derived enrolment-window label of a class; first match wins (SPEC §4). `today` is `YYYY-MM-DD`. */
export function classWindowLabel(cls: ClassWindowInput, today: string): ClassWindowLabel {
  if (cls.currentStudents >= cls.maxStudents) return "Lotada";
  if (today < cls.enrollmentStartDate) return "Em Breve";
  if (today > cls.enrollmentEndDate) return "Encerrada";
  if (cls.status !== "active") return "Encerrada";
  return "Abertas";
}

/** Occupancy as a whole percentage of max_students. */
export function occupancyPercent(currentStudents: number, maxStudents: number): number {
  if (maxStudents <= 0) return 0;
  return Math.round((currentStudents / maxStudents) * 100);
}

/** The seat badge turns destructive at 80 % or more of max_students (SPEC §9). */
export function isSeatWarning(currentStudents: number, maxStudents: number): boolean {
  return maxStudents > 0 && currentStudents / maxStudents >= 0.8;
}

/** What a course's public page says of a class's seats (decision 093): never a count that may be stale. */
export const SEAT_LABELS = ["Vagas disponíveis", "Últimas vagas", "Esgotado"] as const;
export type SeatLabel = (typeof SEAT_LABELS)[number];

/** 'Esgotado' when full, 'Últimas vagas' from the seat warning on (80 %), else 'Vagas disponíveis'. */
export function seatLabel(currentStudents: number, maxStudents: number): SeatLabel {
  if (currentStudents >= maxStudents) return "Esgotado";
  return isSeatWarning(currentStudents, maxStudents) ? "Últimas vagas" : "Vagas disponíveis";
}

/** Percentage elapsed between class start and end, rounded; 0 before, 100 after, 0 without a class. */
export function courseProgressPercent(
  startDate: string | Date | null | undefined,
  endDate: string | Date | null | undefined,
  now: Date = new Date(),
): number {
  if (!startDate || !endDate) return 0;
  const start = new Date(startDate).getTime();
  const end = new Date(endDate).getTime();
  const at = now.getTime();
  if (Number.isNaN(start) || Number.isNaN(end)) return 0;
  if (at <= start) return 0;
  if (at >= end) return 100;
  return Math.round(((at - start) / (end - start)) * 100);
}

export const DIVERGENCE_TOLERANCE = 0.01;

export interface Divergence {
  /** paid − expected, rounded to cents. */
  difference: number;
  /** True when |difference| < 0.01 ('Correto'). */
  correct: boolean;
}

/** Receipt divergence between the declared paid amount and the course price. */
export function receiptDivergence(paid: number, expected: number): Divergence {
  const difference = roundMoney(paid - expected);
  return { difference, correct: Math.abs(paid - expected) < DIVERGENCE_TOLERANCE };
}

/** '1 mês' or 'N meses'. */
export function durationLabel(months: number): string {
  return months === 1 ? "1 mês" : `${months} meses`;
}

/**
 * What a certificate states as the course's length (decision 021): its workload in hours when the course
 * has one ('40 horas', '1 hora'), otherwise its duration in months ('3 meses').
 */
export function workloadLabel(workloadHours: number | null | undefined, durationMonths: number): string {
  if (workloadHours) return workloadHours === 1 ? "1 hora" : `${workloadHours} horas`;
  return durationLabel(durationMonths);
}
