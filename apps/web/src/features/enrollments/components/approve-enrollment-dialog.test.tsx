import { Notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { enrollmentCounts, FIRST_PAGE, listPage } from "../../../test/fixtures/list-page";
import { renderAt } from "../../../test/render";
import { type AdminEnrollmentRow, adminEnrollmentsQuery, proposedReferenceCodeQuery } from "../api/admin-enrollments";
import { ApproveEnrollmentDialog } from "./approve-enrollment-dialog";

const row: AdminEnrollmentRow = {
  id: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3601",
  studentName: "Esperança Kiala",
  studentPhone: "923456789",
  studentEmail: null,
  courseId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3602",
  courseName: "Marketing Digital",
  coursePrice: 100_000,
  classId: null,
  className: null,
  schedulePreference: "noite",
  status: "pre_inscrito",
  applicationDate: "2026-02-01T09:00:00.000Z",
  approvalDate: null,
  paymentReferenceCode: null,
};

const NO_COUNTS = enrollmentCounts({});

function openApproval(multicaixa = false) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(adminEnrollmentsQuery(FIRST_PAGE).queryKey, listPage([row], { counts: NO_COUNTS }));
  client.setQueryData(proposedReferenceCodeQuery.queryKey, { referenceCode: "KX7MPQ2R", multicaixa });
  renderAt(
    <>
      <Notifications />
      <ApproveEnrollmentDialog opened enrollmentId={row.id} onClose={() => {}} />
    </>,
    "/admin/enrollments",
    "*",
    client,
  );
  return screen.getByRole("dialog", { name: "Aprovar inscrição" });
}

describe("the approval dialog", () => {
  it("proposes the code and keeps 'Aprovar inscrição' disabled until both checklist boxes are ticked", async () => {
    const dialog = openApproval();
    expect((within(dialog).getByLabelText(/^Código de referência/) as HTMLInputElement).value).toBe("KX7MPQ2R");
    const approve = within(dialog).getByRole("button", { name: "Aprovar inscrição" }) as HTMLButtonElement;
    expect(approve.disabled).toBe(true);

    await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
    expect(approve.disabled).toBe(true);
    await userEvent.click(within(dialog).getByLabelText("Dados pessoais conferidos"));
    expect(approve.disabled).toBe(false);

    await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
    expect(approve.disabled).toBe(true);
  });

  it("refuses a blank code on the field, before any request", async () => {
    const dialog = openApproval();
    await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
    await userEvent.click(within(dialog).getByLabelText("Dados pessoais conferidos"));
    await userEvent.clear(within(dialog).getByLabelText(/^Código de referência/));
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar inscrição" }));
    expect(within(dialog).getByText("Código de referência é obrigatório")).toBeTruthy();
  });

  it("without Multicaixa references there is no validity field", () => {
    const dialog = openApproval();
    expect(within(dialog).queryByLabelText(/Validade da referência Multicaixa/)).toBeNull();
  });

  it("with Multicaixa references: the validity is 7 days unless staff choose another; a blank one is refused on the field", async () => {
    const dialog = openApproval(true);
    const days = within(dialog).getByLabelText(/Validade da referência Multicaixa/) as HTMLInputElement;
    expect(days.value).toBe("7");
    await userEvent.click(within(dialog).getByLabelText("Documentação completa e válida"));
    await userEvent.click(within(dialog).getByLabelText("Dados pessoais conferidos"));
    await userEvent.clear(days);
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar inscrição" }));
    expect(within(dialog).getByText(/Indique a validade da referência Multicaixa em dias \(1 a 60\)/)).toBeTruthy();
  });
});
