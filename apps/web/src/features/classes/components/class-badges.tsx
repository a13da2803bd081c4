import { type ClassWindowLabel, classWindowLabel, isSeatWarning, occupancyPercent } from "@app/shared/rules";
import { Badge } from "@mantine/core";
import type { SchoolClass } from "../api/classes";

const WINDOW_COLORS: Record<ClassWindowLabel, string> = {
  Abertas: "teal.9", // white on Mantine's darkest green is 4.4:1, under AA for a badge's small text
  "Em Breve": "blue.8",
  Encerrada: "gray.7",
  Lotada: "red.8",
};

/** The derived enrolment-window label (SPEC §4: Lotada, Em Breve, Encerrada, Abertas). */
export function ClassWindowBadge({ cls, today }: { cls: SchoolClass; today: string }) {
  const label = classWindowLabel(cls, today);
  return (
    <Badge variant="filled" color={WINDOW_COLORS[label]}>
      {label}
    </Badge>
  );
}

/** Enrolled/max_students; destructive at 80 % or more of max_students. */
export function SeatBadge({ cls }: { cls: SchoolClass }) {
  const warning = isSeatWarning(cls.currentStudents, cls.maxStudents);
  return (
    <Badge
      variant={warning ? "filled" : "light"}
      color={warning ? "red.8" : "gray"}
      data-warning={warning || undefined}
      title={`${occupancyPercent(cls.currentStudents, cls.maxStudents)}% ocupada`}
    >
      {cls.currentStudents}/{cls.maxStudents}
    </Badge>
  );
}
