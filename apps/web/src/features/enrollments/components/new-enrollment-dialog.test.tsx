import { Notifications } from "@mantine/notifications";
import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { NewEnrollmentDialog } from "./new-enrollment-dialog";

function openNewEnrollment() {
  renderAt(
    <>
      <Notifications />
      <NewEnrollmentDialog opened onClose={() => {}} />
    </>,
    "/admin/enrollments",
  );
  return screen.getByRole("dialog", { name: "Nova inscrição" });
}

describe("'Nova inscrição' tabs", () => {
  it("stays on 'Dados pessoais' with the SPEC's message until the personal step is valid", async () => {
    const dialog = openNewEnrollment();
    await userEvent.click(within(dialog).getByRole("tab", { name: "Formação" }));
    expect(await screen.findByText("Preencha todos os campos obrigatórios antes de continuar")).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Dados pessoais" }).getAttribute("aria-selected")).toBe("true");
    expect(within(dialog).getByText("Nome do pai é obrigatório")).toBeTruthy();

    await userEvent.click(within(dialog).getByRole("tab", { name: "Documentos" }));
    expect(within(dialog).getByRole("tab", { name: "Documentos" }).getAttribute("aria-selected")).toBe("false");
  });

  it("goes on to 'Formação' once the personal step is filled, and blocks 'Documentos' until education is", async () => {
    const dialog = openNewEnrollment();
    // One paste per field (not a keystroke each): this test is about the tabs, and nine typed fields
    // took most of the time limit on a busy 2-core CI machine.
    const type = async (label: RegExp, value: string) => {
      await userEvent.click(within(dialog).getByLabelText(label));
      await userEvent.paste(value);
    };
    await type(/^Nome completo/, "Pedro Manuel");
    fireEvent.change(within(dialog).getByLabelText(/^Data de nascimento/), { target: { value: "1999-05-12" } });
    await type(/^Nome do pai/, "Manuel Pedro");
    await type(/^Nome da mãe/, "Rosa Manuel");
    await type(/^Naturalidade/, "Huambo");
    await userEvent.click(within(dialog).getByRole("combobox", { name: /^Província/ }));
    await userEvent.click(await screen.findByRole("option", { name: "Huambo" }));
    await type(/^Município/, "Huambo");
    await type(/^Bairro/, "Cidade Alta");
    await type(/^Telefone/, "931 222 333");
    await type(/^Email/, "pedro@exemplo.ao");

    await userEvent.click(within(dialog).getByRole("button", { name: "Continuar" }));
    expect(within(dialog).getByRole("tab", { name: "Formação" }).getAttribute("aria-selected")).toBe("true");

    await userEvent.click(within(dialog).getByRole("button", { name: "Continuar" }));
    expect(await screen.findByText("Preencha todos os campos de formação antes de continuar")).toBeTruthy();
    expect(within(dialog).getByRole("tab", { name: "Formação" }).getAttribute("aria-selected")).toBe("true");
    // The staff list of qualifications, not the student form's.
    await userEvent.click(within(dialog).getByRole("combobox", { name: /^Qualificação/ }));
    expect(screen.getByRole("option", { name: "Ensino Técnico" })).toBeTruthy();
    expect(screen.queryByRole("option", { name: "Bacharelado" })).toBeNull();
  });
});
