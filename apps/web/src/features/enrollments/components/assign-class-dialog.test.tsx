import { Notifications } from "@mantine/notifications";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { enrollmentCounts, FIRST_PAGE, listPage } from "../../../test/fixtures/list-page";
import { renderAt } from "../../../test/render";
import { type AdminEnrollmentRow, adminEnrollmentsQuery, type EnrollableClass } from "../api/admin-enrollments";
import { AssignClassDialog } from "./assign-class-dialog";

const row: AdminEnrollmentRow = {
  id: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3701",
  studentName: "Helena Mussungo",
  studentPhone: "923300301",
  studentEmail: null,
  courseId: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3702",
  courseName: "Marketing Digital",
  coursePrice: 100_000,
  classId: null,
  className: null,
  schedulePreference: "noite",
  status: "enrolled",
  applicationDate: "2026-02-01T09:00:00.000Z",
  approvalDate: "2026-02-02T09:00:00.000Z",
  paymentReferenceCode: "KX7MPQ2R",
  codeSent: false,
  source: null,
  smsUndelivered: false,
};

const online: EnrollableClass = {
  id: "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3703",
  name: "Turma Online",
  classType: "online",
  location: null,
  schedule: "Sábado, 09h-13h (manhã)",
  startDate: "2026-12-01",
  endDate: "2027-03-01",
  maxStudents: 40,
  currentStudents: 39,
  status: "active",
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const NO_COUNTS = enrollmentCounts({});

function open() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(adminEnrollmentsQuery(FIRST_PAGE).queryKey, listPage([row], { counts: NO_COUNTS }));
  renderAt(
    <>
      <Notifications />
      <AssignClassDialog opened enrollmentId={row.id} onClose={() => {}} />
    </>,
    "/admin/enrollments",
    "*",
    client,
  );
  return screen.getByRole("dialog", { name: "Atribuir turma" });
}

afterEach(() => vi.restoreAllMocks());

describe("'Atribuir turma'", () => {
  it("asks for a class before any request, then shows the server's 'lotada' on the field and reloads the classes", async () => {
    const classLists: string[] = [];
    const fetch = vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const url = String(input);
      if (url.endsWith("/classes")) {
        classLists.push(url);
        return json([online]);
      }
      // The answer takes a moment, as over a network: the second click of a double click comes before it.
      await new Promise((r) => setTimeout(r, 50));
      return json(
        { error: { code: "class_full", message: "A turma «Turma Online» está lotada. Escolha outra turma." } },
        409,
      );
    });
    const dialog = open();
    expect(within(dialog).getByText(/Matriculado sem turma/)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole("button", { name: "Atribuir turma" }));
    expect(await within(dialog).findByText("Selecione uma turma para matricular o aluno")).toBeTruthy();
    expect(fetch.mock.calls.filter(([u]) => String(u).endsWith("/assign-class"))).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole("combobox", { name: /^Turma/ }));
    await userEvent.click(await screen.findByRole("option", { name: /Turma Online — Sábado/ }));
    // The student asked for the evening; the class is on Saturday morning.
    expect(within(dialog).getByText(/não corresponde à preferência do aluno: Noite/)).toBeTruthy();
    await userEvent.dblClick(within(dialog).getByRole("button", { name: "Atribuir turma" }));
    expect(await within(dialog).findByText("A turma «Turma Online» está lotada. Escolha outra turma.")).toBeTruthy();
    expect(await screen.findByText("Erro ao atribuir turma")).toBeTruthy();
    const sent = fetch.mock.calls.filter(([u]) => String(u).endsWith(`/admin/enrollments/${row.id}/assign-class`));
    expect(sent).toHaveLength(1); // a double click sends one request
    expect(JSON.parse(String(sent[0]![1]!.body))).toEqual({ classId: online.id });
    await waitFor(() => expect(classLists.length).toBe(2)); // the classes as they are now
  });
});
