import { classWindowLabel, occupancyPercent } from "@app/shared/rules";
import type { SchoolClass } from "../api/classes";

/** The four class cards: total, classes taking enrolments today, enrolled students, overall occupancy %. */
export function classStats(classes: SchoolClass[], today: string) {
  const enrolled = classes.reduce((sum, c) => sum + c.currentStudents, 0);
  const seats = classes.reduce((sum, c) => sum + c.maxStudents, 0);
  return {
    total: classes.length,
    open: classes.filter((c) => classWindowLabel(c, today) === "Abertas").length,
    enrolled,
    occupancy: occupancyPercent(enrolled, seats),
  };
}
