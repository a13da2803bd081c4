import { describe, expect, it } from "vitest";
import { addYears } from "../calendar-date";
import { todayInLuanda } from "../dates";
import {
  approveEnrollmentSchema,
  confirmPaymentSchema,
  rejectEnrollmentSchema,
  requestCorrectionSchema,
} from "./enrollment-review";
import { instituteSettingsInputSchema } from "./settings";

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((i) => i.message) ?? [];

describe("approval input", () => {
  const valid = { referenceCode: " ab-12cd ", documentsChecked: true, personalDataChecked: true };

  it("trims and upper-cases the code, and keeps notes optional", () => {
    expect(approveEnrollmentSchema.parse(valid)).toEqual({
      referenceCode: "AB-12CD",
      notes: null,
      documentsChecked: true,
      personalDataChecked: true,
    });
  });

  it("refuses a blank code, other characters, more than 20, and unticked boxes", () => {
    expect(messages(approveEnrollmentSchema.safeParse({ ...valid, referenceCode: "   " }))).toEqual([
      "Código de referência é obrigatório",
    ]);
    expect(messages(approveEnrollmentSchema.safeParse({ ...valid, referenceCode: "AB 12" }))[0]).toMatch(/só pode ter/);
    expect(messages(approveEnrollmentSchema.safeParse({ ...valid, referenceCode: "A".repeat(21) }))[0]).toMatch(
      /no máximo 20/,
    );
    expect(
      messages(
        approveEnrollmentSchema.safeParse({ ...valid, documentsChecked: false, personalDataChecked: undefined }),
      ),
    ).toEqual([
      "Confirme que a documentação está completa e válida",
      "Confirme que os dados pessoais foram conferidos",
    ]);
  });
});

describe("rejection and correction input", () => {
  it("needs a non-blank reason", () => {
    expect(messages(rejectEnrollmentSchema.safeParse({ reason: "  " }))).toEqual(["Indique o motivo da rejeição"]);
  });

  it("needs at least one document, a note for 'outro', and no document twice", () => {
    expect(messages(requestCorrectionSchema.safeParse({ documents: [] }))).toEqual([
      "Selecione pelo menos um documento a corrigir",
    ]);
    expect(
      messages(requestCorrectionSchema.safeParse({ documents: [{ document: "certificate", reason: "outro" }] })),
    ).toEqual(["Descreva o problema quando o motivo é «Outro»"]);
    expect(
      messages(
        requestCorrectionSchema.safeParse({
          documents: [
            { document: "certificate", reason: "ilegivel" },
            { document: "certificate", reason: "incompleto" },
          ],
        }),
      ),
    ).toEqual(["Cada documento só pode ser pedido uma vez"]);
  });
});

describe("payment confirmation input", () => {
  const today = todayInLuanda();
  const valid = {
    amount: "150.000",
    paymentDate: today,
    method: "tpa",
    classId: "5d9b3f3a-6a3e-4f2b-9a4c-0d6f1e2a3b4c",
    expectedBalance: 150000,
  };

  it("reads the amount as people type it", () => {
    expect(confirmPaymentSchema.parse(valid)).toMatchObject({ amount: 150000, notes: null });
  });

  it("refuses a zero amount, a future date, an unknown method and a missing class", () => {
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, amount: 0 }))).toEqual([
      "O valor pago deve ser maior que zero",
    ]);
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, paymentDate: addYears(today, 1) }))).toEqual([
      "A data de pagamento não pode ser posterior a hoje",
    ]);
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, paymentDate: "2025-02-31" }))).toEqual([
      "Data inválida",
    ]);
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, method: "cheque" }))).toEqual([
      "Selecione o método de pagamento",
    ]);
    // A payment brought in from a sheet is recorded by the import only (decision 097), never at the desk.
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, method: "importado" }))).toEqual([
      "Selecione o método de pagamento",
    ]);
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, classId: undefined }))).toEqual([
      "Selecione uma turma para matricular o aluno",
    ]);
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, method: undefined, classId: undefined }))).toEqual([
      "Selecione o método de pagamento",
      "Selecione uma turma para matricular o aluno",
    ]);
  });

  it("needs no class while the enrolment waits for its balance, and a reason to accept a difference (decision 088)", () => {
    const waiting = { ...valid, classId: undefined, difference: { choice: "await_balance" } };
    expect(confirmPaymentSchema.parse(waiting)).toMatchObject({
      classId: null,
      difference: { choice: "await_balance" },
    });
    const accepting = { ...valid, classId: undefined, difference: { choice: "accept", reason: "Bolsa" } };
    expect(messages(confirmPaymentSchema.safeParse(accepting))).toEqual([
      "Selecione uma turma para matricular o aluno",
    ]);
    expect(messages(confirmPaymentSchema.safeParse({ ...valid, difference: { choice: "accept" } }))).toEqual([
      "Indique o motivo para aceitar a diferença",
    ]);
  });
});

describe("institute settings input", () => {
  const valid = {
    name: "Instituto",
    bankName: "Banco BAI",
    iban: "ao06 0040 0000 1234 5678 9016 7",
    beneficiary: "Instituto, Lda.",
    whatsappNumber: "+244 912 345 678",
    contactEmail: "Geral@Instituto.example",
  };

  it("stores the IBAN without spaces, the phone as 9 digits, the e-mail in lower case", () => {
    expect(instituteSettingsInputSchema.parse(valid)).toMatchObject({
      iban: "AO06004000001234567890167",
      whatsappNumber: "912345678",
      contactEmail: "geral@instituto.example",
    });
  });

  it("refuses an IBAN that is not AO and 23 digits, a bad phone and a bad e-mail", () => {
    expect(messages(instituteSettingsInputSchema.safeParse({ ...valid, iban: "AO06 0040 0000 1234" }))).toEqual([
      "IBAN inválido: um IBAN angolano tem 25 caracteres, AO e 23 algarismos",
    ]);
    expect(messages(instituteSettingsInputSchema.safeParse({ ...valid, whatsappNumber: "12345" }))).toEqual([
      "Telefone deve ter 9 dígitos",
    ]);
    expect(messages(instituteSettingsInputSchema.safeParse({ ...valid, contactEmail: "x@" }))).toEqual([
      "Email inválido",
    ]);
  });
});

describe("a Multicaixa reference's validity in days", () => {
  const approval = { referenceCode: "ABC234", documentsChecked: true, personalDataChecked: true };
  const validity = (referenceValidDays: unknown) =>
    approveEnrollmentSchema.safeParse({ ...approval, referenceValidDays });

  it("reads what staff type, as typed", () => {
    expect(validity("14").data?.referenceValidDays).toBe(14);
    expect(validity(" 7 ").data?.referenceValidDays).toBe(7);
    expect(validity(30).data?.referenceValidDays).toBe(30);
  });

  it("refuses decimals and out-of-range values with a message instead of reading them otherwise", () => {
    expect(messages(validity("7,5"))).toEqual(["Use um número inteiro, sem casas decimais"]);
    expect(messages(validity("0"))).toEqual(["Indique a validade da referência Multicaixa em dias (1 a 60)"]);
    expect(messages(validity("61"))).toEqual(["Indique a validade da referência Multicaixa em dias (1 a 60)"]);
  });
});
