import { describe, expect, it } from "vitest";
import { scheduleMismatchWarning } from "./schedule-match";

describe("the schedule warning of 'Confirmar pagamento'", () => {
  it("stays silent when the class schedule names the preference, whatever the case or accents", () => {
    expect(scheduleMismatchWarning("Segunda a Quarta, 18h-21h (noite)", "noite")).toBeNull();
    expect(scheduleMismatchWarning("Terça e Quinta, 08h-10h (Manhã)", "manha")).toBeNull();
    expect(scheduleMismatchWarning("SÁBADO, 09h-13h", "sabado")).toBeNull();
  });

  it("warns, naming the class schedule and the preference's label, when the text does not contain it", () => {
    expect(scheduleMismatchWarning("Sábado, 09h-13h (manhã)", "noite")).toBe(
      "O horário desta turma («Sábado, 09h-13h (manhã)») não corresponde à preferência do aluno: Noite (18h-22h).",
    );
    expect(scheduleMismatchWarning("Seg a Qua, 18h–21h", "noite")).toMatch(/não corresponde/);
  });

  it("does not warn without a preference", () => {
    expect(scheduleMismatchWarning("Sábado", "")).toBeNull();
  });
});
