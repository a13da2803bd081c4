import { describe, expect, it } from "vitest";
import { moveBlocked, stepOfField } from "./staff-enrollment-steps";

const personal = {
  studentName: "Pedro Manuel",
  birthDate: "1999-05-12",
  fatherName: "Manuel Pedro",
  motherName: "Rosa Manuel",
  nationality: "Angolana",
  birthPlace: "Huambo",
  province: "Huambo",
  municipality: "Huambo",
  neighborhood: "Cidade Alta",
  studentPhone: "931 222 333",
  studentEmail: "pedro@exemplo.ao",
};
const education = {
  qualification: "tecnico",
  trainingArea: "Contabilidade",
  schedulePreference: "sabado",
  courseId: "00000000-0000-4000-8000-000000000001",
};
const empty = { qualification: null, trainingArea: "", schedulePreference: null, courseId: null };

describe("moving between the tabs of 'Nova inscrição'", () => {
  it("keeps staff on the personal step until every personal field is valid, father's name included", () => {
    const blocked = moveBlocked("personal", "education", { ...personal, fatherName: "", ...empty });
    expect(blocked).toMatchObject({
      step: "personal",
      message: "Preencha todos os campos obrigatórios antes de continuar",
      errors: { fatherName: "Nome do pai é obrigatório" },
    });
    expect(moveBlocked("personal", "documents", { ...personal, studentEmail: "", ...empty })?.step).toBe("personal");
  });

  it("lets a valid personal step go on to education, and education to documents only once it is valid", () => {
    expect(moveBlocked("personal", "education", { ...personal, ...empty })).toBeNull();
    const blocked = moveBlocked("education", "documents", { ...personal, ...empty });
    expect(blocked?.message).toBe("Preencha todos os campos de formação antes de continuar");
    expect(Object.keys(blocked?.errors ?? {})).toEqual(
      expect.arrayContaining(["qualification", "trainingArea", "schedulePreference", "courseId"]),
    );
    expect(moveBlocked("education", "documents", { ...personal, ...education })).toBeNull();
  });

  it("refuses the student form's lists on the staff form, and always lets staff go back", () => {
    expect(
      moveBlocked("education", "documents", { ...personal, ...education, qualification: "medio" })?.errors,
    ).toEqual({
      qualification: "Selecione a qualificação",
    });
    expect(moveBlocked("documents", "personal", {})).toBeNull();
  });

  it("finds the tab of a field the server refused", () => {
    expect(stepOfField("studentPhone")).toBe("personal");
    expect(stepOfField("courseId")).toBe("education");
    expect(stepOfField("certificate")).toBe("documents");
  });
});
