import { describe, expect, it } from "vitest";
import { credentialsMessage, referenceMessage, whatsappLink } from "./reference-message";

const institute = {
  name: "Instituto Superior de Formação",
  bankName: "Banco BAI",
  iban: "AO06004000001234567890123",
  beneficiary: "Instituto Superior de Formação, Lda.",
  whatsappNumber: "912345678",
  contactEmail: "inscricoes@instituto.example",
};

const base = {
  studentName: "Joana Lunda",
  courseName: "Marketing Digital",
  referenceCode: "K7PQ2MXA",
  amount: 150000,
  institute,
};

describe("reference message", () => {
  it("carries the course, the code, the amount in kz and the bank details", () => {
    const text = referenceMessage({
      studentName: "Joana Lunda",
      courseName: "Marketing Digital",
      referenceCode: "K7PQ2MXA",
      amount: 150000,
      institute,
    });
    expect(text).toContain("Olá Joana!");
    expect(text).toContain("«Marketing Digital»");
    expect(text).toContain("Código de referência: K7PQ2MXA");
    expect(text).toMatch(/Valor a pagar: 150\s000,00\sKz/);
    expect(text).toContain("IBAN: AO06 0040 0000 1234 5678 9012 3");
    expect(text).toContain("Banco: Banco BAI");
    expect(text).toContain("+244 912 345 678");
  });

  it("without a Multicaixa reference, names none", () => {
    const text = referenceMessage({ ...base, multicaixa: null });
    expect(text).not.toContain("Multicaixa");
    expect(text).not.toContain("Entidade");
  });

  it("with a Multicaixa reference: entity, reference, amount and end come first, the transfer after", () => {
    const text = referenceMessage({
      ...base,
      multicaixa: { entity: "12345", reference: "123456789", amount: 150000, endsAt: "2026-12-03T10:00:00.000Z" },
    });
    expect(text).toContain("Entidade: 12345");
    expect(text).toContain("Referência: 123 456 789");
    expect(text).toMatch(/Montante: 150\s000,00\sKz/);
    expect(text).toContain("Válida até 03/12/2026");
    const multicaixa = text.indexOf("Entidade: 12345");
    expect(multicaixa).toBeGreaterThan(0);
    expect(multicaixa).toBeLessThan(text.indexOf("Ou por transferência bancária:"));
    expect(text.indexOf("Ou por transferência bancária:")).toBeLessThan(text.indexOf("IBAN:"));
    expect(text).toContain("Código de referência: K7PQ2MXA");
  });

  it("the end is the Luanda calendar day (23:30 UTC is the next day there)", () => {
    const text = referenceMessage({
      ...base,
      multicaixa: { entity: "12345", reference: "123456789", amount: 1, endsAt: "2026-12-03T23:30:00.000Z" },
    });
    expect(text).toContain("Válida até 04/12/2026");
  });

  it("links to the student's Angolan number with the text prefilled", () => {
    expect(whatsappLink("923 456 789", "Olá & até já")).toBe(
      "https://wa.me/244923456789?text=Ol%C3%A1%20%26%20at%C3%A9%20j%C3%A1",
    );
  });
});

describe("credentials message (issue 14)", () => {
  it("gives the code, the temporary password and where to change it", () => {
    const text = credentialsMessage({
      studentName: "Joana Lunda",
      studentCode: "AL7K2MXA",
      studentPassword: "P4SS9Z",
      instituteName: "Instituto Superior de Formação",
      loginUrl: "https://portal.example/login-aluno",
    });
    expect(text).toBe(
      [
        "Olá Joana! Os seus dados de acesso à Área do Aluno do Instituto Superior de Formação:",
        "",
        "Código de estudante: AL7K2MXA",
        "Senha temporária: P4SS9Z",
        "",
        "Entre em https://portal.example/login-aluno e altere a senha em «Dados de Acesso».",
      ].join("\n"),
    );
  });

  it("after a change of code only, names no password", () => {
    const text = credentialsMessage({
      studentName: "Rui",
      studentCode: "RUI2026",
      studentPassword: null,
      instituteName: "Instituto",
      loginUrl: "https://portal.example/login-aluno",
    });
    expect(text).not.toContain("Senha");
    expect(text).toContain("Código de estudante: RUI2026");
  });
});
