import { describe, expect, it } from "vitest";
import { courseOptions } from "./course-options";

describe("the enrolment form's course list", () => {
  it("is in alphabetical order the Portuguese way, not in the catalogue's newest-first order", () => {
    const newestFirst = [
      "Web Design",
      "Ética Profissional",
      "Marketing Digital",
      "Árabe Básico",
      "contabilidade",
      "Excel 10",
      "Excel 2",
    ];
    const courses = newestFirst.map((name, i) => ({ id: String(i), name }));
    expect(courseOptions(courses).map((o) => o.label)).toEqual([
      "Árabe Básico",
      "contabilidade",
      "Ética Profissional",
      "Excel 2",
      "Excel 10",
      "Marketing Digital",
      "Web Design",
    ]);
    expect(courseOptions(courses)[0]).toEqual({ value: "3", label: "Árabe Básico" });
  });
});
