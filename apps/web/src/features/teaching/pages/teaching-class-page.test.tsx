import type { StaffRole } from "@app/shared/enums";
import { QueryClient } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sessionQuery } from "../../../lib/session";
import { sampleClassDetail, sampleClassStudent, sampleIssuedCertificate } from "../../../test/fixtures/certificates";
import { renderAt } from "../../../test/render";
import { classStudentsQuery, type TeachingClassDetail } from "../api/teaching";
import { Component as TeachingClassPage } from "./teaching-class-page";

afterEach(() => vi.restoreAllMocks());

function show(detail: TeachingClassDetail, role: StaffRole = "professor") {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQuery.queryKey, {
    user: { id: "u1", email: "prof@instituto.example", name: "Prof. Carlos" },
    staff: { role },
    student: null,
  });
  client.setQueryData(classStudentsQuery(detail.class.id).queryKey, detail);
  renderAt(<TeachingClassPage />, `/admin/teaching/${detail.class.id}`, "/admin/teaching/:classId", client);
}

const row = (name: string) => screen.getByRole("row", { name: new RegExp(name) });

describe("/admin/teaching/:classId — recording results", () => {
  it("sends one result with the grade typed as '14,5', once for a double click", async () => {
    const detail = sampleClassDetail([sampleClassStudent()]);
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(
        () => new Promise((resolve) => setTimeout(() => resolve(new Response(JSON.stringify(detail))), 20)),
      );
    show(detail);
    const user = userEvent.setup({ delay: null });
    await user.type(within(row("Ana Lúcia")).getByLabelText("Nota final de Ana Lúcia Gonçalves"), "14,5");
    await user.click(
      within(row("Ana Lúcia")).getByRole("button", { name: "Marcar Ana Lúcia Gonçalves como Concluído" }),
    );
    const dialog = screen.getByRole("dialog", { name: "Registar resultado" });
    expect(within(dialog).getByText(/fica «Concluído» com a nota final 14,5\. O certificado é emitido/)).toBeTruthy();
    await user.dblClick(within(dialog).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Registar resultado" })).toBeNull());
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
    expect(String(posts[0]![0])).toBe(`/api/teaching/classes/${detail.class.id}/results`);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
      results: [{ enrollmentId: sampleClassStudent().enrollmentId, outcome: "completed", finalGrade: 14.5 }],
    });
  });

  it("refuses a grade above 20 on its field, before any request", async () => {
    const fetch = vi.spyOn(globalThis, "fetch");
    show(sampleClassDetail([sampleClassStudent()]));
    const user = userEvent.setup({ delay: null });
    await user.type(within(row("Ana Lúcia")).getByLabelText("Nota final de Ana Lúcia Gonçalves"), "21");
    await user.click(within(row("Ana Lúcia")).getByRole("button", { name: /como Não concluído/ }));
    expect(screen.getByText("A nota vai de 0 a 20")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("offers 'Concluir todos' only from the class's end date on", async () => {
    show(sampleClassDetail([sampleClassStudent()], 5));
    expect(screen.queryByRole("button", { name: "Concluir todos" })).toBeNull();
  });

  it("concludes every enrolled student in one request after confirmation", async () => {
    const other = sampleClassStudent({
      enrollmentId: "00000000-0000-4000-8000-0000000000e9",
      studentName: "Bruno Tavares",
    });
    const detail = sampleClassDetail([sampleClassStudent(), other], 0);
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(detail)));
    show(detail);
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Concluir todos" }));
    const dialog = screen.getByRole("dialog", { name: "Concluir todos" });
    expect(within(dialog).getByText(/Os 2 alunos ainda matriculados na turma Turma A/)).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Concluir todos" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    const body = JSON.parse(String(fetch.mock.calls[0]![1]!.body));
    expect(body.results.map((r: { outcome: string }) => r.outcome)).toEqual(["completed", "completed"]);
  });

  it("shows a professor the certificate number and its PDF, without 'Revogar'", () => {
    const certificate = sampleIssuedCertificate();
    const detail = sampleClassDetail([sampleClassStudent({ status: "completed", finalGrade: 16, certificate })]);
    show(detail, "professor");
    expect(within(row("Ana Lúcia")).getByText("ABCD-EFGH-JKMN")).toBeTruthy();
    expect(within(row("Ana Lúcia")).getByText("Concluído")).toBeTruthy();
    expect(within(row("Ana Lúcia")).getByText("16")).toBeTruthy();
    expect(
      within(row("Ana Lúcia")).getByRole("link", { name: "Ver PDF do certificado de Ana Lúcia Gonçalves" }),
    ).toBeTruthy();
    expect(within(row("Ana Lúcia")).queryByRole("button", { name: /Revogar/ })).toBeNull();
  });
});

describe("/admin/teaching/:classId — the secretariat", () => {
  it("revokes a certificate only with a reason", async () => {
    const certificate = sampleIssuedCertificate();
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response("{}"));
    show(sampleClassDetail([sampleClassStudent({ status: "completed", certificate })]), "secretaria");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Revogar o certificado de Ana Lúcia Gonçalves" }));
    const dialog = screen.getByRole("dialog", { name: "Revogar certificado" });
    await user.click(within(dialog).getByRole("button", { name: "Revogar" }));
    expect(await within(dialog).findByText("Indique o motivo da revogação")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/^Motivo da revogação/), "Nome do aluno errado");
    await user.click(within(dialog).getByRole("button", { name: "Revogar" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).toBe(`/api/admin/certificates/${certificate.id}/revoke`);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({ reason: "Nome do aluno errado" });
  });
});
