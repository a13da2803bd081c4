import { QueryClient } from "@tanstack/react-query";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { sampleCourseInProgress, sampleOwnCertificate } from "../../../test/fixtures/certificates";
import { renderAt } from "../../../test/render";
import { type OwnCertificates, ownCertificatesQuery } from "../api/own-certificates";
import { Component as StudentCertificatesPage } from "./student-certificates-page";

function show(data: OwnCertificates) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(ownCertificatesQuery.queryKey, data);
  renderAt(<StudentCertificatesPage />, "/aluno/certificados", "*", client);
}

describe("/aluno/certificados", () => {
  it("lists a certificate with its number, dates, badge, and the PDF to view, download and the credential", () => {
    show({ certificates: [sampleOwnCertificate()], inProgress: [] });
    expect(screen.getByRole("heading", { level: 1, name: "Meus Certificados" })).toBeTruthy();
    const card = screen.getByRole("listitem", { name: "Certificado: Marketing Digital" });
    expect(within(card).getByText("ABCD-EFGH-JKMN")).toBeTruthy();
    expect(within(card).getByText("20/11/2026")).toBeTruthy();
    expect(within(card).getByText("21/11/2026")).toBeTruthy();
    expect(within(card).getByText("Curso Concluído")).toBeTruthy();
    const view = within(card).getByRole("link", { name: /^Visualizar/ });
    expect(view.getAttribute("href")).toBe("/api/certificates/00000000-0000-4000-8000-0000000000c1/pdf");
    expect(view.getAttribute("target")).toBe("_blank");
    const download = within(card).getByRole("link", { name: /^Baixar PDF/ });
    expect(download.getAttribute("href")).toBe("/api/certificates/00000000-0000-4000-8000-0000000000c1/pdf?download=1");
    expect(download.getAttribute("download")).toBe("certificado-ABCD-EFGH-JKMN.pdf");
    const credential = within(card).getByRole("link", { name: /^Baixar credencial digital/ });
    expect(credential.getAttribute("download")).toBe("certificado-ABCD-EFGH-JKMN.json");
    expect(screen.queryByText("Em processamento")).toBeNull();
    expect(screen.queryByText("Nenhum certificado emitido ainda")).toBeNull();
    expect(screen.queryByText("Cursos em Andamento")).toBeNull();
    expect(screen.getByText(/emitidos automaticamente após a conclusão do curso/)).toBeTruthy();
  });

  it("says 'Em processamento' without links while the PDF is not ready", () => {
    show({ certificates: [sampleOwnCertificate({ fileReady: false })], inProgress: [] });
    const card = screen.getByRole("listitem", { name: "Certificado: Marketing Digital" });
    expect(within(card).getByText("Em processamento")).toBeTruthy();
    expect(within(card).queryByRole("link")).toBeNull();
  });

  it("keeps a revoked certificate in the list, marked 'Revogado', without its files", () => {
    show({ certificates: [sampleOwnCertificate({ revokedAt: "2026-11-22T10:00:00.000Z" })], inProgress: [] });
    const card = screen.getByRole("listitem", { name: "Certificado: Marketing Digital" });
    expect(within(card).getByText("Revogado")).toBeTruthy();
    expect(within(card).getByText(/foi revogado em 22\/11\/2026/)).toBeTruthy();
    expect(within(card).queryByText("Curso Concluído")).toBeNull();
    expect(within(card).queryByRole("link")).toBeNull();
  });

  it("says none was issued yet, and shows the courses in progress with their progress and end date", () => {
    show({ certificates: [], inProgress: [sampleCourseInProgress()] });
    expect(screen.getByText("Nenhum certificado emitido ainda")).toBeTruthy();
    expect(screen.getByText("Complete seus cursos para receber certificados")).toBeTruthy();
    const section = screen.getByRole("region", { name: "Cursos em Andamento" });
    const course = within(section).getByRole("listitem", { name: "Gestão de Projetos" });
    expect(within(course).getByText("Em andamento")).toBeTruthy();
    const bar = within(course).getByRole("progressbar", { name: "Progresso de Gestão de Projetos" });
    expect(bar.getAttribute("aria-valuenow")).toBe("42");
    expect(within(course).getByText("42%")).toBeTruthy();
    expect(within(course).getByText("31/01/2027")).toBeTruthy();
  });
});
