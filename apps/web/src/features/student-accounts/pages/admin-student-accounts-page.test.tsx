import type { StaffRole } from "@app/shared/enums";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { FIRST_PAGE, listPage } from "../../../test/fixtures/list-page";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { type AdminStudentAccount, studentAccountsQuery } from "../api/admin-student-accounts";
import { Component as AdminStudentAccountsPage } from "./admin-student-accounts-page";

const account = (id: string, studentName: string, over: Partial<AdminStudentAccount> = {}): AdminStudentAccount => ({
  id,
  studentName,
  studentPhone: "923000000",
  studentEmail: null,
  studentCode: `AL${id.toUpperCase()}`,
  mustChangePassword: true,
  passwordChangedAt: null,
  enrollmentCompleted: true,
  smsOptIn: true,
  smsOptInChangedAt: null,
  createdAt: "2026-11-02T09:00:00.000Z",
  enrollments: [],
  receipts: [],
  ...over,
});

const NO_COUNTS = { total: 0, completed: 0, pending: 0, temporaryPassword: 0 };

/**
 * The screen as a signed-in staff user with `role` sees it, with the first page of `accounts` already
 * loaded and the cards as the server counts them over every account.
 */
function showAs(role: StaffRole, accounts: AdminStudentAccount[] | undefined, counts = NO_COUNTS) {
  const client = staffClient(role);
  if (accounts) client.setQueryData(studentAccountsQuery(FIRST_PAGE).queryKey, listPage(accounts, { counts }));
  client.setQueryData(["settings", "institute"], { name: "Instituto" });
  renderAt(<AdminStudentAccountsPage />, "/admin/student-accounts", "*", client);
}

const card = (label: string) => within(screen.getByRole("region", { name: label }));

describe("Contas de Alunos screen", () => {
  it("shows the server's counts on the cards, masks every password and says Completa or Pendente", () => {
    showAs(
      "secretaria",
      [
        account("a1", "Ana Lunda"),
        account("b2", "Bento Kiala", { enrollmentCompleted: false }),
        account("c3", "Carla Neto", { mustChangePassword: false, passwordChangedAt: "2026-11-05T10:00:00.000Z" }),
      ],
      { total: 1250, completed: 800, pending: 450, temporaryPassword: 97 },
    );
    expect(card("Total de contas").getByText("1250")).toBeTruthy();
    expect(card("Inscrição completa").getByText("800")).toBeTruthy();
    expect(card("Inscrição pendente").getByText("450")).toBeTruthy();
    expect(card("Senha temporária").getByText("97")).toBeTruthy();
    expect(screen.getAllByText("••••••").length).toBeGreaterThanOrEqual(3);
    expect(screen.getAllByText("Pendente").length).toBeGreaterThan(0);
    expect(screen.getAllByText("Completa").length).toBeGreaterThan(0);
    expect(screen.getAllByText("ALA1").length).toBeGreaterThan(0);
  });

  it.each(["professor", "financeiro"] as const)("shows role %s the accounts read-only: 'Ver' only", (role) => {
    showAs(role, [account("a1", "Ana Lunda")]);
    expect(screen.getAllByRole("button", { name: "Ver Ana Lunda" }).length).toBeGreaterThan(0);
    expect(screen.queryByRole("button", { name: "Editar credenciais de Ana Lunda" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Resetar senha de Ana Lunda" })).toBeNull();
  });

  it.each(["super_admin", "admin", "secretaria"] as const)(
    "lets role %s edit credentials and reset passwords",
    (role) => {
      showAs(role, [account("a1", "Ana Lunda")]);
      expect(screen.getAllByRole("button", { name: "Editar credenciais de Ana Lunda" }).length).toBeGreaterThan(0);
      expect(screen.getAllByRole("button", { name: "Resetar senha de Ana Lunda" }).length).toBeGreaterThan(0);
    },
  );

  it("says 'Nenhum registro encontrado' when there is no account", () => {
    showAs("admin", []);
    expect(screen.getAllByText("Nenhum registro encontrado").length).toBeGreaterThan(0);
  });
});
