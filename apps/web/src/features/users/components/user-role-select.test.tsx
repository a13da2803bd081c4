import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import type { StaffUser } from "../api/users";
import { UserRoleSelect } from "./user-role-select";

const rosa: StaffUser = {
  id: "u1",
  email: "rosa@inst.ao",
  fullName: "Rosa Domingos",
  phone: null,
  role: "secretaria",
  createdAt: "2026-01-10T09:00:00.000Z",
  twoFactorEnabled: false,
  twoFactorRequired: false,
  history: [],
};

async function choose(user: StaffUser, option: string) {
  renderAt(<UserRoleSelect user={user} />, "/admin/users");
  await userEvent.click(screen.getByRole("combobox", { name: `Perfil de ${user.fullName}` }));
  await userEvent.click(screen.getByRole("option", { name: option }));
  return screen.findByRole("dialog", { name: "Alterar perfil" });
}

describe("role selector of the users list", () => {
  it("asks before making someone Super Administrador, naming the user and both roles; Cancelar keeps the role", async () => {
    const dialog = await choose(rosa, "Super Administrador");
    expect(dialog.textContent).toContain("Alterar o perfil de «Rosa Domingos» de Secretaria para Super Administrador?");
    expect(within(dialog).queryByText("Esta ação não pode ser desfeita.")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((screen.getByRole("combobox", { name: "Perfil de Rosa Domingos" }) as HTMLInputElement).value).toBe(
      "Secretaria",
    );
  });

  it("offers 'Sem perfil' and says that access and open sessions end", async () => {
    const dialog = await choose(rosa, "Sem perfil");
    expect(dialog.textContent).toContain("de Secretaria para Sem perfil?");
    expect(dialog.textContent).toContain("as sessões abertas desta conta terminam");
  });

  it("shows a user without a role as 'Sem perfil'", () => {
    renderAt(<UserRoleSelect user={{ ...rosa, role: null }} />, "/admin/users");
    expect((screen.getByRole("combobox", { name: "Perfil de Rosa Domingos" }) as HTMLInputElement).value).toBe(
      "Sem perfil",
    );
  });
});
