import { describe, expect, it } from "vitest";
import { enrollmentStatusLabel, roleSatisfies } from "./enums";
import {
  classWindowLabel,
  courseProgressPercent,
  durationLabel,
  isSeatWarning,
  occupancyPercent,
  receiptDivergence,
  workloadLabel,
} from "./rules";

const open = {
  currentStudents: 10,
  maxStudents: 30,
  enrollmentStartDate: "2025-01-10",
  enrollmentEndDate: "2025-01-31",
  status: "active",
};

describe("classWindowLabel (SPEC §4, first match wins)", () => {
  it("is 'Abertas' inside the window of an active class with seats", () => {
    expect(classWindowLabel(open, "2025-01-15")).toBe("Abertas");
    expect(classWindowLabel(open, "2025-01-10")).toBe("Abertas");
    expect(classWindowLabel(open, "2025-01-31")).toBe("Abertas");
  });
  it("is 'Lotada' when full, before any date rule", () => {
    expect(classWindowLabel({ ...open, currentStudents: 30 }, "2024-12-01")).toBe("Lotada");
  });
  it("is 'Em Breve' before the enrolment start", () => {
    expect(classWindowLabel(open, "2025-01-09")).toBe("Em Breve");
  });
  it("is 'Encerrada' after the enrolment end", () => {
    expect(classWindowLabel(open, "2025-02-01")).toBe("Encerrada");
  });
  it("is 'Encerrada' when the class is not active", () => {
    expect(classWindowLabel({ ...open, status: "cancelled" }, "2025-01-15")).toBe("Encerrada");
  });
  it("says 'Em Breve' before it looks at the status", () => {
    expect(classWindowLabel({ ...open, status: "cancelled" }, "2025-01-01")).toBe("Em Breve");
  });
});

describe("seats", () => {
  it("computes occupancy as a rounded percentage", () => {
    expect(occupancyPercent(10, 30)).toBe(33);
    expect(occupancyPercent(0, 0)).toBe(0);
  });
  it("warns at 80 % or more", () => {
    expect(isSeatWarning(23, 30)).toBe(false);
    expect(isSeatWarning(24, 30)).toBe(true);
    expect(isSeatWarning(30, 30)).toBe(true);
  });
});

describe("courseProgressPercent", () => {
  const start = "2025-01-01T00:00:00Z";
  const end = "2025-01-11T00:00:00Z";
  it("is 0 before the start and 100 after the end", () => {
    expect(courseProgressPercent(start, end, new Date("2024-12-31T00:00:00Z"))).toBe(0);
    expect(courseProgressPercent(start, end, new Date("2025-02-01T00:00:00Z"))).toBe(100);
  });
  it("is the rounded elapsed share in between", () => {
    expect(courseProgressPercent(start, end, new Date("2025-01-04T12:00:00Z"))).toBe(35);
  });
  it("is 0 without a class", () => {
    expect(courseProgressPercent(null, null)).toBe(0);
  });
});

describe("receiptDivergence", () => {
  it("is correct when the difference is under 0.01", () => {
    expect(receiptDivergence(150000, 150000)).toEqual({ difference: 0, correct: true });
    expect(receiptDivergence(150000.004, 150000).correct).toBe(true);
  });
  it("gives the signed difference otherwise", () => {
    expect(receiptDivergence(140000, 150000)).toEqual({ difference: -10000, correct: false });
    expect(receiptDivergence(150000.5, 150000)).toEqual({ difference: 0.5, correct: false });
  });
});

describe("labels", () => {
  it("says 'mês' for one month and 'meses' otherwise", () => {
    expect(durationLabel(1)).toBe("1 mês");
    expect(durationLabel(4)).toBe("4 meses");
  });
  it("shows unknown enrolment statuses as 'Pendente'", () => {
    expect(enrollmentStatusLabel("pending")).toBe("Pendente");
    expect(enrollmentStatusLabel("completed")).toBe("Concluído");
    expect(enrollmentStatusLabel("not_completed")).toBe("Não concluído");
  });
  it("says 'Código Enviado' only once the code reached the student (decision 084)", () => {
    expect(enrollmentStatusLabel("approved", true)).toBe("Aprovado (Código Enviado)");
    expect(enrollmentStatusLabel("approved", false)).toBe("Aprovado (Código por Enviar)");
    expect(enrollmentStatusLabel("approved")).toBe("Aprovado");
    expect(enrollmentStatusLabel("enrolled", false)).toBe("Matriculado");
  });
  it("lets super_admin satisfy every role requirement", () => {
    expect(roleSatisfies("super_admin", "financeiro")).toBe(true);
    expect(roleSatisfies("financeiro", "financeiro")).toBe(true);
    expect(roleSatisfies("secretaria", "financeiro")).toBe(false);
    expect(roleSatisfies(null, undefined)).toBe(false);
    expect(roleSatisfies("professor", undefined)).toBe(true);
  });
});

describe("workloadLabel (what a certificate states as the course's length)", () => {
  it("prints the hours when the course has a workload, otherwise the months", () => {
    expect(workloadLabel(40, 3)).toBe("40 horas");
    expect(workloadLabel(1, 3)).toBe("1 hora");
    expect(workloadLabel(null, 3)).toBe("3 meses");
    expect(workloadLabel(undefined, 1)).toBe("1 mês");
  });
});
