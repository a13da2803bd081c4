import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { forgetCatalog } from "../api/catalog";
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
            message: "O serviço está temporariamente indisponível. Tente novamente em alguns instantes.",
          },
        }),
        { status: 503, headers: { "retry-after": "5" } },
      ),
    );
    renderAt(<CatalogPage />, "/cursos");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Erro ao carregar os cursos");
    expect(alert.textContent).toContain(
      "O serviço está temporariamente indisponível. Tente novamente em alguns instantes.",
    );

    fetch.mockResolvedValue(new Response(JSON.stringify([course]), { status: 200 }));
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Tentar novamente" }));
    expect(await screen.findByText("Marketing Digital")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});

describe("/cursos opened again in a tab that had it (issue 21: revalidated, not kept)", () => {
  it("asks the server again, so a course another user deactivated meanwhile is gone; the list it had shows until then", async () => {
    forgetCatalog();
    const other = { ...course, id: "c2", name: "Excel Avançado" };
    const now = Date.now();
    const clock = vi.spyOn(Date, "now").mockReturnValue(now);
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValueOnce(new Response(JSON.stringify([other, course]), { status: 200 }));
    const first = renderAt(<CatalogPage />, "/cursos");
    expect(await screen.findByText("Excel Avançado")).toBeTruthy();
    first.unmount();

    // Ten seconds later staff have deactivated 'Excel Avançado'; the visitor comes back to /cursos in the same tab.
    clock.mockReturnValue(now + 10_000);
    let answer!: (r: Response) => void;
    fetch.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    renderAt(<CatalogPage />, "/cursos");
    expect(screen.getByText("Excel Avançado")).toBeTruthy(); // what it had, at once, while it asks
    // The request code loads on first use (decision 096): the second request follows at once, not in this tick.
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    answer(new Response(JSON.stringify([course]), { status: 200 }));
    await waitFor(() => expect(screen.queryByText("Excel Avançado")).toBeNull());
    expect(screen.getByText("Marketing Digital")).toBeTruthy();
  });
});

describe("/cursos's area filter (links: a tap before the app runs still filters, decision 096)", () => {
  it("shows the area the address names, marks its link, and 'Todos' shows every course again", async () => {
    forgetCatalog();
    const design = { ...course, id: "c3", name: "Fotografia Digital", area: "Design" };
    const marketing = { ...course, area: "Marketing" };
    vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify([design, marketing]), { status: 200 }));
    renderAt(<CatalogPage />, "/cursos?area=Design");
    expect(await screen.findByText("Fotografia Digital")).toBeTruthy();
    expect(screen.queryByText("Marketing Digital")).toBeNull();
    const filters = screen.getByRole("group", { name: "Filtrar por área" });
    const designLink = within(filters).getByRole("link", { name: "Design" });
    expect(designLink.getAttribute("aria-current")).toBe("true");
    expect(within(filters).getByRole("link", { name: "Marketing" }).getAttribute("href")).toBe(
      "/cursos?area=Marketing",
    );

    await userEvent.setup({ delay: null }).click(within(filters).getByRole("link", { name: "Todos" }));
    expect(await screen.findByText("Marketing Digital")).toBeTruthy();
    expect(screen.getByText("Fotografia Digital")).toBeTruthy();
    expect(designLink.getAttribute("aria-current")).toBeNull();
  });

  it("shows every course when the address names an area no course has", async () => {
    forgetCatalog();
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      new Response(JSON.stringify([{ ...course, area: "Marketing" }]), { status: 200 }),
    );
    renderAt(<CatalogPage />, "/cursos?area=Culin%C3%A1ria");
    expect(await screen.findByText("Marketing Digital")).toBeTruthy();
    const all = within(screen.getByRole("group", { name: "Filtrar por área" })).getByRole("link", { name: "Todos" });
    expect(all.getAttribute("aria-current")).toBe("true");
  });
});
