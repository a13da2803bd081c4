import { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { act } from "react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import {
  type LiveReference,
  liveReferenceQuery,
  REFERENCE_WAIT_TRIES,
} from "../../payment-references/api/payment-references";
import { instituteSettingsQuery } from "../../settings/api/institute-settings";
import type { AdminEnrollmentRow } from "../api/admin-enrollments";
import { WhatsappButton } from "./whatsapp-button";

const ID = "5b0e7a36-6a55-4a55-9a55-0a5b0e7a3601";
const enrollment = {
  id: ID,
  studentName: "Joana Lunda",
  studentPhone: "923456789",
  courseName: "Marketing Digital",
  coursePrice: 150000,
  paymentReferenceCode: "K7PQ2MXA",
} as AdminEnrollmentRow;
const institute = {
  name: "Instituto Superior de Formação",
  bankName: "Banco BAI",
  iban: "AO06004000001234567890123",
  beneficiary: "Instituto Superior de Formação, Lda.",
  whatsappNumber: "912345678",
  contactEmail: "inscricoes@instituto.example",
  updatedAt: "2026-11-01T10:00:00.000Z",
};
const reference = (status: "creating" | "active", extra: Partial<NonNullable<LiveReference>> = {}) => ({
  enrollmentId: ID,
  courseName: "Marketing Digital",
  entity: status === "active" ? "12345" : null,
  reference: status === "active" ? "123456789" : null,
  amount: 150000,
  endsAt: "2026-12-03T10:00:00.000Z",
  status,
  expired: false,
  ...extra,
});

function show(live: LiveReference) {
  // staleTime Infinity and no refetch interval reached in a test: the data is what is set here.
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(instituteSettingsQuery.queryKey, institute);
  client.setQueryData(liveReferenceQuery(ID).queryKey, { reference: live });
  renderAt(<WhatsappButton enrollment={enrollment} />, "/admin/enrollments", "*", client);
  return client;
}
const textOf = (link: HTMLElement) => decodeURIComponent(new URL(link.getAttribute("href")!).searchParams.get("text")!);

describe("'Enviar por WhatsApp' with a Multicaixa reference (decision 077)", () => {
  it("references off or none: the transfer text alone", () => {
    show(null);
    const text = textOf(screen.getByRole("link", { name: "Enviar por WhatsApp" }));
    expect(text).toContain("Código de referência: K7PQ2MXA");
    expect(text).not.toContain("Entidade");
  });

  it("an active reference: entity, reference, amount and end first", () => {
    show(reference("active"));
    const text = textOf(screen.getByRole("link", { name: "Enviar por WhatsApp" }));
    expect(text).toContain("Entidade: 12345");
    expect(text).toContain("Referência: 123 456 789");
    expect(text).toContain("Válida até 03/12/2026");
    expect(text.indexOf("Entidade")).toBeLessThan(text.indexOf("IBAN"));
  });

  it("an expired reference is left out", () => {
    show(reference("active", { expired: true }));
    expect(textOf(screen.getByRole("link", { name: "Enviar por WhatsApp" }))).not.toContain("Entidade");
  });

  it("while it is being created: says so, offers the transfer text, and sends the reference once it exists", async () => {
    const client = show(reference("creating"));
    expect(screen.getByRole("button", { name: "Criando a referência Multicaixa…" })).toHaveProperty("disabled", true);
    const transferOnly = screen.getByRole("link", { name: "Enviar só os dados de transferência" });
    expect(textOf(transferOnly)).not.toContain("Entidade");
    expect(screen.queryByRole("link", { name: "Enviar por WhatsApp" })).toBeNull();

    act(() => client.setQueryData(liveReferenceQuery(ID).queryKey, { reference: reference("active") }));
    expect(textOf(await screen.findByRole("link", { name: "Enviar por WhatsApp" }))).toContain("Entidade: 12345");
    expect(screen.queryByText("Criando a referência Multicaixa…")).toBeNull();
  });

  it("when it takes long (the tries used up), stops waiting and sends the transfer text", async () => {
    const client = show(reference("creating"));
    act(() => {
      for (let i = 1; i < REFERENCE_WAIT_TRIES; i++) {
        client.setQueryData(liveReferenceQuery(ID).queryKey, { reference: reference("creating") });
      }
    });
    const text = textOf(await screen.findByRole("link", { name: "Enviar por WhatsApp" }));
    expect(text).not.toContain("Entidade");
    expect(text).toContain("IBAN");
  });
});
