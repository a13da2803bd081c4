import { Notifications } from "@mantine/notifications";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../test/render";
import { toastError, toastSuccess } from "./toast";

describe("toasts", () => {
  it("shows an error already on screen once, however often it is raised", async () => {
    renderAt(<Notifications />, "/toasts");
    toastError("Link inválido", "Peça um novo link de recuperação.");
    toastError("Link inválido", "Peça um novo link de recuperação.");
    expect(await screen.findByText("Link inválido")).toBeTruthy();
    expect(screen.getAllByText("Link inválido")).toHaveLength(1);
  });

  it("stacks different texts", async () => {
    renderAt(<Notifications />, "/toasts");
    toastSuccess("Curso criado com sucesso!");
    toastError("Erro ao criar curso", "Tente novamente.");
    expect(await screen.findByText("Curso criado com sucesso!")).toBeTruthy();
    expect(await screen.findByText("Erro ao criar curso")).toBeTruthy();
  });
});
