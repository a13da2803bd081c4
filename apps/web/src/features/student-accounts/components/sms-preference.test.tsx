import { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { type OwnStudentAccount, ownAccountQuery } from "../api/student-accounts";
import { Component as AccessDataPage } from "../pages/access-data-page";

const account: OwnStudentAccount = {
  studentName: "Ana Lunda",
  studentCode: "ALU2026",
  studentPhone: "923000000",
  studentEmail: null,
  mustChangePassword: false,
  passwordChangedAt: "2026-11-05T10:00:00.000Z",
  enrollmentCompleted: true,
  smsOptIn: true,
  smsOptInChangedAt: null,
};

function showWith(own: OwnStudentAccount) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(ownAccountQuery.queryKey, own);
  renderAt(<AccessDataPage />, "/aluno/acesso", "*", client);
}

describe("'Receber SMS' in 'Dados de Acesso'", () => {
  it("is on by default, with no date of change", () => {
    showWith(account);
    expect((screen.getByRole("switch", { name: /Receber SMS/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText(/Alterado em/)).toBeNull();
  });

  it("off: says the notices come by e-mail and WhatsApp, with the date the student changed it", () => {
    showWith({ ...account, smsOptIn: false, smsOptInChangedAt: "2026-11-28T09:30:00.000Z" });
    expect((screen.getByRole("switch", { name: /Receber SMS/ }) as HTMLInputElement).checked).toBe(false);
    expect(screen.getByText(/Alterado em 28\/11\/2026/)).toBeTruthy();
    expect(screen.getByText("Sem SMS, os avisos chegam por e-mail e pela secretaria (WhatsApp).")).toBeTruthy();
  });
});
