import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import type { SchoolClass } from "../api/classes";
import { ClassWindowBadge, SeatBadge } from "./class-badges";

const cls = (overrides: Partial<SchoolClass> = {}): SchoolClass => ({
  id: "c1",
  name: "Turma A",
  courseId: "k1",
  courseName: "Web",
  teacherId: null,
  teacherName: null,
  classType: "presencial",
  location: null,
  enrollmentStartDate: "2026-11-01",
  enrollmentEndDate: "2026-11-30",
  startDate: "2026-12-01",
  endDate: "2027-03-01",
  schedule: "Seg 18h",
  maxStudents: 10,
  currentStudents: 0,
  curriculumFileId: null,
  status: "active",
  notes: null,
  createdAt: "2026-10-01T00:00:00Z",
  ...overrides,
});

describe("class badges", () => {
  it.each([
    ["Lotada", cls({ currentStudents: 10, enrollmentStartDate: "2027-01-01" }), "2026-11-22"],
    ["Em Breve", cls(), "2026-10-31"],
    ["Encerrada", cls(), "2026-12-01"],
    ["Encerrada", cls({ status: "cancelled" }), "2026-11-22"],
    ["Abertas", cls(), "2026-11-22"],
  ])("shows the enrolment window as '%s'", (label, c, today) => {
    renderAt(<ClassWindowBadge cls={c} today={today} />, "/admin/classes");
    expect(screen.getByText(label)).toBeTruthy();
  });

  it("turns the seat badge destructive at 80 % of max_students, not before", () => {
    renderAt(
      <>
        <SeatBadge cls={cls({ id: "a", currentStudents: 7 })} />
        <SeatBadge cls={cls({ id: "b", currentStudents: 8 })} />
      </>,
      "/admin/classes",
    );
    const below = screen.getByText("7/10").closest(".mantine-Badge-root")!;
    const at = screen.getByText("8/10").closest(".mantine-Badge-root")!;
    expect(below.getAttribute("data-warning")).toBeNull();
    expect(at.getAttribute("data-warning")).toBe("true");
    expect(at.getAttribute("title")).toBe("80% ocupada");
  });
});
