import { render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { MemoryRouter, Outlet, type RouteObject, useLocation, useRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { lazyPage, preloadMatches } from "./lazy-page";

/** A chunk download the test finishes by hand, recording when it was asked for. */
function download(name: string, Component: ComponentType, asked: string[]) {
  let finish = () => {};
  const load = () => {
    asked.push(name);
    return new Promise<{ Component: ComponentType }>((resolve) => {
      finish = () => resolve({ Component });
    });
  };
  return { load, finish: () => finish() };
}

function Screens({ routes }: { routes: RouteObject[] }) {
  preloadMatches(routes, useLocation().pathname);
  return useRoutes(routes);
}

describe("lazy screens", () => {
  it("fetch a nested layout and its page at once, and only what the address shows", async () => {
    const asked: string[] = [];
    const layout = download(
      "layout",
      () => (
        <section aria-label="Área">
          <Outlet />
        </section>
      ),
      asked,
    );
    const page = download("page", () => <h1>Certificados</h1>, asked);
    const other = download("other", () => <h1>Outra</h1>, asked);
    const routes: RouteObject[] = [
      {
        path: "aluno",
        Component: lazyPage(layout.load),
        children: [
          { path: "certificados", Component: lazyPage(page.load) },
          { path: "outra", Component: lazyPage(other.load) },
        ],
      },
    ];

    render(
      <MemoryRouter initialEntries={["/aluno/certificados"]}>
        <Screens routes={routes} />
      </MemoryRouter>,
    );

    // Both downloads started before the layout arrived: no round trip per level on a slow phone.
    expect(asked).toEqual(["layout", "page"]);
    page.finish();
    layout.finish();
    const area = await screen.findByRole("region", { name: "Área" });
    expect(area.textContent).toBe("Certificados");
    expect(asked).toEqual(["layout", "page"]);
  });

  it("download a screen once however often it is preloaded", async () => {
    const asked: string[] = [];
    const page = download("page", () => <p>Página</p>, asked);
    const Page = lazyPage(page.load);
    void Page.preload();
    void Page.preload();
    page.finish();
    render(<Page />);
    expect(await screen.findByText("Página")).toBeTruthy();
    expect(asked).toEqual(["page"]);
  });
});
