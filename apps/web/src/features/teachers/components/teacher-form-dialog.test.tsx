import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { TeacherFormDialog } from "./teacher-form-dialog";

describe("teacher form: years of experience", () => {
  it("refuses decimals and digits split by a space, and keeps the 0–50 rule", async () => {
    renderAt(<TeacherFormDialog opened teacherId={null} onClose={() => {}} />, "/admin/teachers");
    const dialog = screen.getByRole("dialog", { name: "Novo professor" });
    const user = userEvent.setup({ delay: null });
    const years = within(dialog).getByLabelText(/^Anos de experiência/) as HTMLInputElement;
    for (const [text, message] of [
      ["2,5", "Use um número inteiro, sem casas decimais"],
      ["2.5", "Use um número inteiro, sem casas decimais"],
      ["1 2", "Escreva o número sem espaços (ex.: 25)"],
      ["51", "Os anos de experiência vão de 0 a 50"],
      ["-1", "Os anos de experiência vão de 0 a 50"],
    ] as const) {
      await user.clear(years);
      await user.type(years, text);
      await user.tab();
      expect(years.value, text).toBe(text);
      expect(within(dialog).queryByText(message), text).not.toBeNull();
    }
    await user.clear(years);
    await user.type(years, "12");
    await user.tab();
    expect(within(dialog).queryByText(/Use um número inteiro|anos de experiência vão/)).toBeNull();
  }, 60_000);
});
