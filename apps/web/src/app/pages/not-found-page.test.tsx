import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../test/render";
import { NotFoundPage } from "./not-found-page";

describe("404 page", () => {
  it("says the page was not found and links home", async () => {
    renderAt(<NotFoundPage />, "/nao/existe");
    expect(screen.getByRole("heading", { name: "Oops! Page not found" })).toBeTruthy();
    await userEvent.click(screen.getByRole("link", { name: "Voltar ao início" }));
    expect(await screen.findByText("Início")).toBeTruthy();
  });
});
