import { describe, expect, it } from "vitest";
import { nextStepsFor } from "./next-steps";

const labels = (role: Parameters<typeof nextStepsFor>[0]) => nextStepsFor(role).map((step) => step.label);

describe("dashboard next steps", () => {
  it("offers each role only the screens it opens and the changes it may make", () => {
    expect(labels("super_admin")).toEqual([
      "Configurar cursos",
      "Gerenciar usuários",
      "Configurar pagamentos",
      "Registrar resultados",
    ]);
    expect(labels("admin")).toEqual(["Configurar cursos", "Registrar resultados"]);
    expect(labels("secretaria")).toEqual(["Configurar cursos", "Registrar resultados"]);
    expect(labels("financeiro")).toEqual(["Configurar pagamentos"]);
    expect(labels("professor")).toEqual(["Registrar resultados"]);
    expect(labels(null)).toEqual([]);
  });

  it("links to the screen's path from the shared map", () => {
    expect(nextStepsFor("super_admin").map((step) => step.to)).toEqual([
      "/admin/courses",
      "/admin/users",
      "/admin/financial",
      "/admin/teaching",
    ]);
  });
});
