import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sampleClass } from "../../../test/fixtures/sample-class";
import { renderAt } from "../../../test/render";
import { ClassWindowBadge, SeatBadge } from "./class-badges";

const cls = sampleClass;

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
