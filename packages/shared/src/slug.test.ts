import { describe, expect, it } from "vitest";
import { SLUG_MAX, slugify, uniqueSlug } from "./slug";

describe("slugify", () => {
  it("folds accents and joins words with one hyphen", () => {
    expect(slugify("Programação Web & Design Gráfico")).toBe("programacao-web-design-grafico");
    expect(slugify("  Inglês — Nível  Básico! ")).toBe("ingles-nivel-basico");
    expect(slugify("Técnico de Manutenção (2.ª edição)")).toBe("tecnico-de-manutencao-2-a-edicao");
  });

  it("never gives an empty slug and stays within its length", () => {
    expect(slugify("!!!")).toBe("curso");
    expect(slugify("a".repeat(200)).length).toBe(SLUG_MAX);
  });
});

describe("uniqueSlug", () => {
  it("numbers a slug already taken", () => {
    expect(uniqueSlug("excel", new Set())).toBe("excel");
    expect(uniqueSlug("excel", new Set(["excel", "excel-2"]))).toBe("excel-3");
    expect(uniqueSlug("a".repeat(SLUG_MAX), new Set(["a".repeat(SLUG_MAX)])).length).toBe(SLUG_MAX);
  });
});
