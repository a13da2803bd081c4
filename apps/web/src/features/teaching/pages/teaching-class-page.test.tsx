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
    staff: { role, twoFactorEnabled: false, twoFactorRequired: false },
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
    const dialog = screen.getByRole("dialog", { name: "Registrar resultado" });
    expect(within(dialog).getByText(/fica «Concluído» com a nota final 14,5\. O certificado é emitido/)).toBeTruthy();
    expect(within(dialog).queryByText(/inferior à nota mínima/)).toBeNull();
    expect(within(dialog).queryByText(/BASE_URL/)).toBeNull();
    await user.dblClick(within(dialog).getByRole("button", { name: "Confirmar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Registrar resultado" })).toBeNull());
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
    expect(String(posts[0]![0])).toBe(`/api/admin/teaching/classes/${detail.class.id}/results`);
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

describe("/admin/teaching/:classId — before a certificate is issued", () => {
  it("asks 'Emitir o certificado mesmo assim?' for a 'Concluído' under the institute's pass mark", async () => {
    const detail = sampleClassDetail([sampleClassStudent()], 30, { passMark: 10 });
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(detail)));
    show(detail);
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Nota final de Ana Lúcia Gonçalves"), "9,5");
    await user.click(screen.getByRole("button", { name: "Marcar Ana Lúcia Gonçalves como Concluído" }));
    const dialog = screen.getByRole("dialog", { name: "Registrar resultado" });
    expect(
      within(dialog).getByText(
        "A nota 9,5 é inferior à nota mínima de aprovação (10). Emitir o certificado mesmo assim?",
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Emitir mesmo assim" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body)).results[0]).toMatchObject({ finalGrade: 9.5 });
  });

  it("does not ask for a 'Não concluído' under the pass mark", async () => {
    show(sampleClassDetail([sampleClassStudent()]));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Nota final de Ana Lúcia Gonçalves"), "7");
    await user.click(screen.getByRole("button", { name: "Marcar Ana Lúcia Gonçalves como Não concluído" }));
    const dialog = screen.getByRole("dialog", { name: "Registrar resultado" });
    expect(within(dialog).queryByText(/inferior à nota mínima/)).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Confirmar" })).toBeTruthy();
  });

  it("names the students under the pass mark in 'Concluir todos'", async () => {
    const other = sampleClassStudent({
      enrollmentId: "00000000-0000-4000-8000-0000000000e9",
      studentName: "Bruno Tavares",
    });
    show(sampleClassDetail([sampleClassStudent(), other], 0, { passMark: 9.5 }));
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText("Nota final de Bruno Tavares"), "8");
    await user.type(screen.getByLabelText("Nota final de Ana Lúcia Gonçalves"), "12");
    await user.click(screen.getByRole("button", { name: "Concluir todos" }));
    const dialog = screen.getByRole("dialog", { name: "Concluir todos" });
    expect(
      within(dialog).getByText(
        "Bruno Tavares (8) fica com uma nota inferior à nota mínima de aprovação (9,5). Emitir os certificados mesmo assim?",
      ),
    ).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Emitir mesmo assim" })).toBeTruthy();
  });

  it("warns, while BASE_URL is a loopback address, that the certificate would carry it for ever, in a teacher's words", async () => {
    show(sampleClassDetail([sampleClassStudent()], 30, { loopbackBaseUrl: "http://127.0.0.1:3000" }));
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Marcar Ana Lúcia Gonçalves como Concluído" }));
    const dialog = screen.getByRole("dialog", { name: "Registrar resultado" });
    const warning = within(dialog).getByRole("alert");
    expect(within(warning).getByText("O portal ainda não tem o seu endereço público")).toBeTruthy();
    expect(warning.textContent).toContain("Peça à direção do instituto que mande configurar o endereço público");
    // In a teacher's words (decision 088): the variable, its value and the restart wait for the technician.
    const details = within(warning).getByText("Detalhes para o técnico").closest("details")!;
    expect(details.open).toBe(false);
    expect(details.textContent).toContain("BASE_URL");
    expect(details.textContent).toContain("http://127.0.0.1:3000");
    const seen = warning.cloneNode(true) as HTMLElement;
    seen.querySelector("details")!.remove();
    expect(seen.textContent).not.toMatch(/BASE_URL|127\.0\.0\.1|reinicie/);
    await user.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await user.click(screen.getByRole("button", { name: "Marcar Ana Lúcia Gonçalves como Não concluído" }));
    expect(within(screen.getByRole("dialog", { name: "Registrar resultado" })).queryByRole("alert")).toBeNull();
  });
});

describe("/admin/teaching/:classId — the secretariat", () => {
  const revokedNine = () =>
    sampleClassStudent({
      status: "completed",
      finalGrade: 9.5,
      certificate: sampleIssuedCertificate("2026-11-22T09:00:00.000Z"),
    });
  const correctionUrl = `/api/admin/teaching/enrollments/${sampleClassStudent().enrollmentId}/result-correction`;

  it("offers 'Corrigir resultado' besides 'Reemitir' after a revocation", () => {
    show(sampleClassDetail([revokedNine()]), "secretaria");
    expect(screen.getByRole("button", { name: "Corrigir resultado de Ana Lúcia Gonçalves" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Reemitir o certificado de Ana Lúcia Gonçalves" })).toBeTruthy();
  });

  it("corrects 'Concluído 9,5' to 'Não concluído' with a required reason, once for a double click", async () => {
    const detail = sampleClassDetail([revokedNine()]);
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockImplementation(
        () => new Promise((resolve) => setTimeout(() => resolve(new Response(JSON.stringify(detail))), 20)),
      );
    show(detail, "secretaria");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Corrigir resultado de Ana Lúcia Gonçalves" }));
    const dialog = screen.getByRole("dialog", { name: "Corrigir resultado" });
    expect(within(dialog).getByLabelText("Nota final (0–20)")).toHaveProperty("value", "9,5");
    await user.click(within(dialog).getByRole("radio", { name: "Não concluído" }));
    await user.click(within(dialog).getByRole("button", { name: "Corrigir resultado" }));
    expect(await within(dialog).findByText("Indique o motivo da correção")).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.type(within(dialog).getByLabelText(/^Motivo da correção/), "Nota abaixo da mínima: não concluiu");
    await user.dblClick(within(dialog).getByRole("button", { name: "Corrigir resultado" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Corrigir resultado" })).toBeNull());
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
    expect(String(posts[0]![0])).toBe(correctionUrl);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({
      outcome: "not_completed",
      finalGrade: 9.5,
      reason: "Nota abaixo da mínima: não concluiu",
    });
  });

  it("asks before a correction to 'Concluído' under the pass mark issues a certificate", async () => {
    const detail = sampleClassDetail([sampleClassStudent({ status: "not_completed", finalGrade: 8 })]);
    const fetch = vi.spyOn(globalThis, "fetch").mockResolvedValue(new Response(JSON.stringify(detail)));
    show(detail, "admin");
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole("button", { name: "Corrigir resultado de Ana Lúcia Gonçalves" }));
    const dialog = screen.getByRole("dialog", { name: "Corrigir resultado" });
    // 'Não concluído' with 8: nothing to ask.
    expect(within(dialog).queryByText(/inferior à nota mínima/)).toBeNull();
    await user.click(within(dialog).getByRole("radio", { name: "Concluído" }));
    await user.type(within(dialog).getByLabelText(/^Motivo da correção/), "Prova de recurso");
    expect(
      within(dialog).getByText(
        "A nota 8 é inferior à nota mínima de aprovação (10). Emitir o certificado mesmo assim?",
      ),
    ).toBeTruthy();
    expect(within(dialog).queryByRole("button", { name: "Corrigir resultado" })).toBeNull();
    expect(within(dialog).getByText(/Um novo certificado, com um novo número, é emitido de imediato/)).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole("button", { name: "Emitir mesmo assim" }));
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]![0])).toBe(correctionUrl);
    expect(JSON.parse(String(fetch.mock.calls[0]![1]!.body))).toEqual({
      outcome: "completed",
      finalGrade: 8,
      reason: "Prova de recurso",
    });
  });

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
