import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render";
import { teacherUserOptionsQuery } from "../api/teachers";
import { TeacherFormDialog } from "./teacher-form-dialog";

afterEach(() => vi.restoreAllMocks());

describe("teacher form: years of experience", () => {
  it("refuses decimals and digits split by a space, and keeps the 0–50 rule", async () => {
    renderAt(<TeacherFormDialog opened teacherId={null} onClose={() => {}} />, "/admin/teachers");
    const dialog = screen.getByRole("dialog", { name: "Novo professor" });
    const user = userEvent.setup({ delay: null });
    const years = within(dialog).getByLabelText(/^Anos de experiência/) as HTMLInputElement;
    for (const [text, message] of [
      ["2,5", "Use um número inteiro, sem casas decimais"],
      ["2.5", "Use um número inteiro, sem casas decimais"],
      ["1 2", "Digite o número sem espaços (ex.: 25)"],
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

describe("teacher form: 'Usuário (acesso)'", () => {
  it("offers the professor users, a user linked to another teacher disabled, and sends the chosen one", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(teacherUserOptionsQuery.queryKey, [
      { id: "u1", name: "Carlos Mendes", email: "carlos@instituto.example", teacherId: null, teacherName: null },
      {
        id: "u2",
        name: "Joana Silva",
        email: "joana@instituto.example",
        teacherId: "00000000-0000-4000-8000-0000000000t1",
        teacherName: "Joana Silva",
      },
    ]);
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("{}"));
    renderAt(<TeacherFormDialog opened teacherId={null} onClose={() => {}} />, "/admin/teachers", "*", client);
    const dialog = screen.getByRole("dialog", { name: "Novo professor" });
    const user = userEvent.setup({ delay: null });
    await user.type(within(dialog).getByLabelText(/^Nome/), "Carlos Mendes");
    await user.type(within(dialog).getByLabelText(/^Especialização/), "Marketing");
    await user.type(within(dialog).getByLabelText(/^Qualificação/), "Mestrado");
    await user.type(within(dialog).getByLabelText(/^Anos de experiência/), "5");
    await user.click(within(dialog).getByRole("combobox", { name: "Usuário (acesso)" }));
    const linked = await screen.findByRole("option", { name: /Joana Silva .* — vinculado a Joana Silva/ });
    expect(linked.getAttribute("aria-disabled") ?? linked.getAttribute("data-combobox-disabled")).toBeTruthy();
    await user.click(screen.getByRole("option", { name: "Carlos Mendes (carlos@instituto.example)" }));
    await user.click(within(dialog).getByRole("button", { name: "Criar professor" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toMatchObject({
      teacherName: "Carlos Mendes",
      userId: "u1",
    });
  }, 60_000);
});
