import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { sampleClass } from "../../../test/fixtures/sample-class";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { classesQuery } from "../api/classes";
import { Component as AdminClassesPage } from "./admin-classes-page";

function showClasses() {
  const client = staffClient("secretaria");
  client.setQueryData(classesQuery.queryKey, [sampleClass({ name: "Turma da Noite" })]);
  renderAt(<AdminClassesPage />, "/admin/classes", "*", client);
}

describe("Gestão de Turmas screen", () => {
  it("asks before deleting a class with the word of every other screen: 'Excluir'", async () => {
    showClasses();
    await userEvent.click(screen.getAllByRole("button", { name: "Excluir Turma da Noite" })[0]!);
    const dialog = await screen.findByRole("dialog", { name: "Excluir turma" });
    expect(
      within(dialog).getByText(
        "Tem certeza de que quer excluir a turma «Turma da Noite»? O currículo dela também é apagado.",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Excluir" })).toBeTruthy();
    expect(within(dialog).queryByText(/eliminar/i)).toBeNull();
  });
});
