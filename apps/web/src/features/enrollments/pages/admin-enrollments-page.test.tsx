import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { enrollmentCounts, FIRST_PAGE, listPage } from "../../../test/fixtures/list-page";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { coursesQuery } from "../../courses/api/admin-courses";
import { type AdminEnrollmentRow, adminEnrollmentsQuery } from "../api/admin-enrollments";
import { Component as AdminEnrollmentsPage } from "./admin-enrollments-page";

const row = (n: number, status: AdminEnrollmentRow["status"]): AdminEnrollmentRow => ({
  id: `5b0e7a36-6a55-4a55-9a55-0a5b0e7a36${String(n).padStart(2, "0")}`,
  studentName: `Aluno ${n} ${status}`,
  studentPhone: "923456789",
  studentEmail: null,
  courseId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3699",
  courseName: "Marketing Digital",
  coursePrice: 100_000,
  classId: null,
  className: null,
  schedulePreference: "noite",
  status,
  applicationDate: "2026-02-01T09:00:00.000Z",
  approvalDate: null,
  paymentReferenceCode: null,
  codeSent: false,
  source: null,
  smsUndelivered: n === 4,
});

/** Every status an enrolment can be in, two of them twice. */
const rows = [
  row(1, "pre_inscrito"),
  row(2, "pre_inscrito"),
  row(3, "correction_requested"),
  row(4, "approved"),
  row(5, "payment_pending"),
  row(6, "receipt_rejected"),
  row(7, "receipt_rejected"),
  row(8, "enrolled"),
  row(9, "rejected"),
  row(10, "completed"),
  row(11, "not_completed"),
];

/** The cards as the server counts them over every enrolment (not only the page shown). */
const counts = enrollmentCounts({
  pre_inscrito: 2,
  correction_requested: 1,
  approved: 1,
  payment_pending: 1,
  receipt_rejected: 2,
  enrolled: 1,
  rejected: 1,
  completed: 1,
  not_completed: 1,
});

/** The screen with the server's answers: the first page, and the page of one status filter. */
function show() {
  const client = staffClient("secretaria");
  client.setQueryData(coursesQuery.queryKey, []);
  client.setQueryData(adminEnrollmentsQuery(FIRST_PAGE).queryKey, listPage(rows, { counts }));
  const rejectedReceipts = rows.filter((r) => r.status === "receipt_rejected");
  client.setQueryData(
    adminEnrollmentsQuery({ ...FIRST_PAGE, status: "receipt_rejected" }).queryKey,
    listPage(rejectedReceipts, { counts }),
  );
  renderAt(<AdminEnrollmentsPage />, "/admin/enrollments", "*", client);
}

const cardValue = (card: HTMLElement) => Number(within(card).getByText(/^\d+$/).textContent);

describe("'Inscrições' summary cards", () => {
  it("add up to 'Total': every status has its card, 'Comprovante rejeitado', 'Rejeitados' and 'Concluídos' too", () => {
    show();
    const cards = screen.getAllByRole("region").filter((r) => r.getAttribute("aria-label") !== "Resumo das inscrições");
    const total = cards.find((c) => c.getAttribute("aria-label") === "Total")!;
    expect(cardValue(total)).toBe(11);
    const others = cards.filter((c) => c !== total);
    expect(others.reduce((sum, c) => sum + cardValue(c), 0)).toBe(11);
    const value = (name: string) => cardValue(screen.getByRole("region", { name }));
    expect(value("Comprovante rejeitado")).toBe(2);
    expect(value("Pagamento Enviado")).toBe(1);
    expect(value("Rejeitados")).toBe(1);
    expect(value("Concluídos")).toBe(1);
    expect(value("Não concluídos")).toBe(1);
    expect(value("Correção pedida")).toBe(1);
  });

  it("asks the server for the students who must send a new receipt, apart from those awaiting validation", async () => {
    show();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("combobox", { name: "Estado" }));
    await user.click(await screen.findByRole("option", { name: "Comprovante rejeitado" }));
    const table = screen.getByRole("table", { name: "Inscrições" });
    const names = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((r) => within(r).getAllByRole("cell")[0]!.textContent);
    expect(names.sort()).toEqual(["Aluno 6 receipt_rejected", "Aluno 7 receipt_rejected"]);
  });
});

describe("'Inscrições' and SMS", () => {
  it("marks 'SMS não entregue' on the enrolment whose latest SMS failed, and on no other", () => {
    show();
    const table = screen.getByRole("table", { name: "Inscrições" });
    const marked = within(table)
      .getAllByRole("note", { name: "SMS não entregue" })
      .map((badge) => within(badge.closest("tr")!).getAllByRole("cell")[0]!.textContent);
    expect(marked).toEqual(["Aluno 4 approved"]);
  });
});
