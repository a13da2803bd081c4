import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { Component as CatalogPage } from "./catalog-page";

afterEach(() => vi.restoreAllMocks());

const course = {
  id: "c1",
  name: "Marketing Digital",
  description: null,
  area: null,
  modality: null,
  durationMonths: 3,
  workloadHours: null,
  price: 150000,
  featured: false,
  createdAt: "2026-11-01T10:00:00.000Z",
};

describe("/cursos when the catalogue cannot be read", () => {
  it("says what the server said (the service is briefly unavailable), and shows the courses on a retry", async () => {
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(
        JSON.stringify({
          error: {
            code: "DATABASE_UNAVAILABLE",
            message: "O serviço está temporariamente indisponível. Tente novamente dentro de momentos.",
          },
        }),
        { status: 503, headers: { "retry-after": "5" } },
      ),
    );
    renderAt(<CatalogPage />, "/cursos");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Erro ao carregar os cursos");
    expect(alert.textContent).toContain(
      "O serviço está temporariamente indisponível. Tente novamente dentro de momentos.",
    );

    fetch.mockResolvedValue(new Response(JSON.stringify([course]), { status: 200 }));
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("Marketing Digital")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
