import { describe, expect, it } from "vitest";
import type { CatalogCourse } from "../api/catalog";
import { ALL_AREAS, areasOf, filterCatalog } from "./catalog-filter";

const course = (name: string, area: CatalogCourse["area"], description = ""): CatalogCourse => ({
  id: name,
  name,
  slug: name.toLowerCase(),
  description,
  area,
  modality: "online",
  durationMonths: 2,
  workloadHours: null,
  price: 1000,
  featured: false,
  createdAt: "2025-01-01T00:00:00Z",
});

const courses = [
  course("Marketing Digital", "Marketing", "Redes sociais e anúncios"),
  course("Inglês para Negócios", "Línguas", "Comunicação em inglês"),
  course("Desenvolvimento Web", "Tecnologia", "HTML, CSS e JavaScript"),
];

describe("catalogue filter", () => {
  it("matches name or description, ignoring case and accents", () => {
    expect(filterCatalog(courses, "ingles", ALL_AREAS).map((c) => c.name)).toEqual(["Inglês para Negócios"]);
    expect(filterCatalog(courses, "ANÚNCIOS", ALL_AREAS).map((c) => c.name)).toEqual(["Marketing Digital"]);
  });
  it("filters by area, and 'Todos' shows every area", () => {
    expect(filterCatalog(courses, "", "Tecnologia").map((c) => c.name)).toEqual(["Desenvolvimento Web"]);
    expect(filterCatalog(courses, "", ALL_AREAS)).toHaveLength(3);
    expect(filterCatalog(courses, "web", "Marketing")).toEqual([]);
  });
  it("lists the distinct areas present", () => {
    expect(areasOf([...courses, course("Outro", "Marketing"), course("Sem área", null)])).toEqual([
      "Marketing",
      "Línguas",
      "Tecnologia",
    ]);
  });
});
