import { EDUCATION_LEVELS, PROVINCES, SCHEDULE_PREFERENCES } from "@app/shared/enums";
import { describe, expect, it } from "vitest";
import { startingValues } from "./new-application";

const lists = { provinces: PROVINCES, qualifications: EDUCATION_LEVELS, schedules: SCHEDULE_PREFERENCES };
const personal = {
  birthDate: "2001-05-14",
  motherName: "Ana Maria Lunda",
  fatherName: null,
  nationality: "Angolana",
  birthPlace: "Luanda",
  province: "Huíla",
  municipality: "Lubango",
  neighborhood: "Comercial",
  qualification: "medio",
  trainingArea: "Informática",
  schedulePreference: "noite",
};

describe("the returning student's starting values", () => {
  it("reuses the latest data and leaves the course and where they heard of it to choose", () => {
    expect(startingValues(personal, lists)).toEqual({
      ...personal,
      fatherName: "",
      courseId: "",
      source: "",
    });
  });

  it("empties a value the student form's lists lack (recorded by staff), so the student chooses again", () => {
    const values = startingValues({ ...personal, qualification: "secundario", schedulePreference: "sabado" }, lists);
    expect(values.qualification).toBe("");
    expect(values.schedulePreference).toBe("");
    expect(values.province).toBe("Huíla");
  });

  it("starts empty (nationality Angolana) without an earlier enrolment", () => {
    expect(startingValues(null, lists)).toMatchObject({ birthDate: "", nationality: "Angolana", courseId: "" });
  });
});
