import { NETWORK_ERROR, UNEXPECTED_ERROR } from "@app/shared/request-messages";
import { MantineProvider } from "@mantine/core";
import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { lazyPage } from "./lazy-page";
import { PageErrorBoundary } from "./page-error-boundary";
import { theme } from "./theme";

function show(children: React.ReactNode, resetKey = "/a") {
  return (
    <MantineProvider theme={theme} env="test">
      <PageErrorBoundary resetKey={resetKey}>
        <Suspense fallback={null}>{children}</Suspense>
      </PageErrorBoundary>
    </MantineProvider>
  );
}

function Broken(): never {
  throw new Error("boom");
}

describe("a screen that cannot be shown", () => {
  afterEach(() => vi.restoreAllMocks());

  it("whose code did not download says to check the connection and offers to try again", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // React reports the caught error
    const Page = lazyPage(() =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module: http://x/assets/a.js")),
    );
    render(show(<Page />));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Não foi possível abrir esta página");
    expect(alert.textContent).toContain(NETWORK_ERROR.message);
    expect(screen.getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });

  it("that fails for another reason shows the unexpected-error text", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(show(<Broken />));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain(UNEXPECTED_ERROR.message);
    expect(alert.textContent).not.toContain("boom");
  });

  it("clears when the address changes", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { rerender } = render(show(<Broken />, "/a"));
    await screen.findByRole("alert");
    rerender(show(<p>Outra página</p>, "/b"));
    expect(screen.getByText("Outra página")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("leaves a screen that renders alone", () => {
    render(show(<p>Conteúdo</p>));
    expect(screen.getByText("Conteúdo")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
