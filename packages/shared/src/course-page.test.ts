import { describe, expect, it } from "vitest";
import { courseSummary, whatsappShareUrl } from "./course-page";

const course = {
  name: "Excel Avançado",
  description: "Tabelas dinâmicas,\n gráficos e macros.",
  modality: "online" as const,
  durationMonths: 2,
  price: 45000,
};

describe("a course's preview text", () => {
  it("starts with the price, then duration and mode, then the description on one line", () => {
    expect(courseSummary(course)).toMatch(
      /^45\s000,00\sKz · 2 meses · Online\. Tabelas dinâmicas, gráficos e macros\.$/,
    );
  });

  it("is cut with an ellipsis when too long", () => {
    const long = courseSummary({ ...course, description: "palavra ".repeat(100) }, 120);
    expect(long.length).toBe(120);
    expect(long.endsWith("…")).toBe(true);
  });
});

describe("the WhatsApp share link", () => {
  it("carries the name, the price and the page address", () => {
    const url = whatsappShareUrl(course, "https://portal.example.ao/cursos/excel-avancado");
    expect(url.startsWith("https://wa.me/?text=")).toBe(true);
    const text = decodeURIComponent(url.slice("https://wa.me/?text=".length));
    expect(text).toMatch(/^Excel Avançado — 45\s000,00\sKz\nhttps:\/\/portal\.example\.ao\/cursos\/excel-avancado$/);
  });
});
