import { Notifications } from "@mantine/notifications";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { ClassFormDialog } from "./class-form-dialog";

function openNewClass() {
  renderAt(
    <>
      <Notifications />
      <ClassFormDialog opened classId={null} onClose={() => {}} />
    </>,
    "/admin/classes",
  );
  return screen.getByRole("dialog", { name: "Nova turma" });
}

describe("class form", () => {
  it("starts with 30 seats and names every required field when sent empty, with the 'Erro de validação' toast", async () => {
    const dialog = openNewClass();
    expect((within(dialog).getByLabelText(/^Máximo de alunos/) as HTMLInputElement).value).toBe("30");
    await userEvent.click(within(dialog).getByRole("button", { name: "Criar turma" }));
    for (const message of [
      "Nome é obrigatório",
      "Selecione o curso",
      "Selecione o tipo",
      "Data de início das inscrições é obrigatória",
      "Data de fim das inscrições é obrigatória",
      "Data de início do curso é obrigatória",
      "Data de término do curso é obrigatória",
      "Horário é obrigatório",
    ]) {
      expect(within(dialog).getByText(message)).toBeTruthy();
    }
    expect(await screen.findByText("Erro de validação")).toBeTruthy();
  });

  it("shows each of the three date rules on its field", async () => {
    const dialog = openNewClass();
    const fill = async (label: RegExp, value: string) => {
      const input = within(dialog).getByLabelText(label);
      await userEvent.clear(input);
      await userEvent.type(input, value);
    };
    await fill(/^Início das inscrições/, "2026-12-10");
    await fill(/^Fim das inscrições/, "2026-12-01");
    await fill(/^Início do curso/, "2026-12-20");
    await fill(/^Término do curso/, "2026-12-15");
    await userEvent.click(within(dialog).getByRole("button", { name: "Criar turma" }));
    expect(within(dialog).getByText("A data de fim das inscrições deve ser posterior à data de início")).toBeTruthy();
    expect(within(dialog).getByText("A data de término do curso deve ser posterior à data de início")).toBeTruthy();

    await fill(/^Fim das inscrições/, "2026-12-25");
    await userEvent.click(within(dialog).getByRole("button", { name: "Criar turma" }));
    expect(within(dialog).getByText("As inscrições devem encerrar antes do início do curso")).toBeTruthy();
  });

  it("refuses a curriculum that is not a PDF before uploading anything", async () => {
    const dialog = openNewClass();
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File(["<html></html>"], "curriculo.pdf", { type: "application/pdf" }));
    expect(await within(dialog).findByText("Formato inválido. O currículo deve ser um PDF")).toBeTruthy();
  });

  it("refuses a decimal or split number of seats instead of reading '25,5' as 255", async () => {
    const dialog = openNewClass();
    const user = userEvent.setup({ delay: null });
    const seats = within(dialog).getByLabelText(/^Máximo de alunos/) as HTMLInputElement;
    for (const [text, message] of [
      ["25,5", "Use um número inteiro, sem casas decimais"],
      ["25.5", "Use um número inteiro, sem casas decimais"],
      ["2 5", "Digite o número sem espaços (ex.: 25)"],
      ["0", "O número máximo de alunos deve ser pelo menos 1"],
    ] as const) {
      await user.clear(seats);
      await user.type(seats, text);
      await user.tab();
      expect(seats.value, text).toBe(text);
      expect(within(dialog).queryByText(message), text).not.toBeNull();
    }
  }, 60_000);
});
