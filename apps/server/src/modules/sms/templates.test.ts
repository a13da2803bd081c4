import { ENROLLMENT_DOCUMENT_LABELS } from "@app/shared/enrollment-review";
import { EMAIL_MAX, INSTITUTE_NAME_MAX, NAME_MAX, STUDENT_CODE_MAX, TEXT_MAX } from "@app/shared/limits";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { cutAtWord, foldToGsm7, SMS_MAX } from "./gsm7";
import {
  approvalSms,
  certificateSms,
  correctionSms,
  credentialsSms,
  enrolledSms,
  multicaixaSms,
  receiptRejectedSms,
  testSms,
} from "./templates";

/** GSM-7's basic table, each character one septet: what a single 160-character segment may hold. */
const ONE_SEPTET = /^[A-Za-z0-9 !"#$%&'()*+,\-./:;<=>?@_]*$/;
const fitsOneSegment = (text: string) => {
  expect(text).toMatch(ONE_SEPTET);
  expect(text.length).toBeLessThanOrEqual(SMS_MAX);
};

/** The longest values the columns hold, with accents everywhere. */
const longestCourse = `Gestão de Recursos Humanos e Administração Pública ${"ção ".repeat(30)}`.slice(0, NAME_MAX);
const longestCode = "A".repeat(20);
const longestAmount = 999_999_999_999.99;
const longestIban = "AO06004000000000000000000";
const longestClass = `Turma da manhã de sábado ${"é".repeat(TEXT_MAX)}`.slice(0, TEXT_MAX);
const longestReason = `Comprovante ilegível, valor diferente do devido, data errada ${"ção ".repeat(500)}`;

describe("SMS templates at their longest", () => {
  it("approval: code, whole amount and IBAN kept; the course cut at a word with '...'", () => {
    const text = approvalSms({
      courseName: longestCourse,
      referenceCode: longestCode,
      amount: longestAmount,
      iban: longestIban,
    });
    fitsOneSegment(text);
    expect(text).toContain(`Codigo ${longestCode}`);
    expect(text).toContain("999 999 999 999,99 Kz");
    expect(text).toContain("AO06 0040 0000 0000 0000 0000 0");
    expect(text).toMatch(/^Aprovado em Gestao[\w ]*\.\.\. Codigo/);
  });
  it("approval with an ordinary course: nothing cut", () => {
    expect(
      approvalSms({ courseName: "Informática Básica", referenceCode: "INF2026", amount: 150000, iban: longestIban }),
    ).toBe(
      "Aprovado em Informatica Basica. Codigo INF2026. Transfira 150 000,00 Kz para o IBAN AO06 0040 0000 0000 0000 0000 0 e envie o comprovante.",
    );
  });
  it("Multicaixa: entity, reference, amount, end date and code kept", () => {
    const text = multicaixaSms({
      courseName: longestCourse,
      referenceCode: longestCode,
      entity: "12345",
      reference: "123456789",
      amount: longestAmount,
      endsAt: "2026-12-31T12:00:00Z",
    });
    fitsOneSegment(text);
    for (const part of ["Entidade 12345", "Referencia 123 456 789", "999 999 999 999,99 Kz", "31/12/2026", longestCode])
      expect(text).toContain(part);
  });
  it("a document to correct, one or several", () => {
    const one = correctionSms({ courseName: longestCourse, documents: [ENROLLMENT_DOCUMENT_LABELS.certificate] });
    fitsOneSegment(one);
    expect(one).toContain("envie de novo o documento");
    const several = correctionSms({ courseName: "Contabilidade", documents: ["a", "b", "c"] });
    expect(several).toBe("Inscricao em Contabilidade: envie de novo 3 documentos na sua area do portal.");
  });
  it("a rejected receipt: the start of the reason", () => {
    const text = receiptRejectedSms({ courseName: longestCourse, reason: longestReason });
    fitsOneSegment(text);
    expect(text).toContain("rejeitado: Comprovante ilegivel, valor diferente");
    expect(text).toContain("...");
    expect(text.endsWith("Envie outro no portal.")).toBe(true);
  });
  it("enrolled: class and start date", () => {
    const text = enrolledSms({ courseName: longestCourse, className: longestClass, startDate: "2027-01-15" });
    fitsOneSegment(text);
    expect(text).toContain("inicio 15/01/2027");
    expect(enrolledSms({ courseName: "Excel", className: "Manhã A", startDate: "2027-01-15" })).toBe(
      "Pagamento confirmado. Matricula em Excel, turma Manha A, inicio 15/01/2027. Bem-vindo(a)!",
    );
  });
  it("certificate: the verification link whole", () => {
    const url = "https://portal.instituto-superior-exemplo.ao/verificar/CERT-2026-000123";
    const text = certificateSms({ courseName: longestCourse, verifyUrl: url });
    fitsOneSegment(text);
    expect(text).toContain(url);
  });
  it("credentials and the test message", () => {
    fitsOneSegment(credentialsSms({ studentCode: "A".repeat(STUDENT_CODE_MAX), password: "Abc123" }));
    expect(credentialsSms({ studentCode: "ALU2026", password: "x7k9p2" })).toContain(
      "ALU2026, senha temporaria x7k9p2 ",
    );
    fitsOneSegment(testSms());
  });
});

describe("GSM-7 folding", () => {
  it("folds Portuguese accents and typographic marks", () => {
    expect(foldToGsm7("inscrição «Ação» — São Tomé… 5 €")).toBe('inscricao "Acao" - Sao Tome... 5 EUR');
    expect(foldToGsm7("150\u202f000,00\u00a0Kz")).toBe("150 000,00 Kz");
  });
  it("cuts at a word", () => {
    expect(cutAtWord("Gestao de Recursos Humanos", 21)).toBe("Gestao de Recursos...");
    expect(cutAtWord("Gestao de Recursos Humanos", 20)).toBe("Gestao...");
    expect(cutAtWord("curto", 20)).toBe("curto");
    expect(cutAtWord("Supercalifragilistico", 10)).toBe("Superca...");
  });
  it("any input gives GSM-7 one-septet characters in at most 160 (property)", () => {
    const anyText = fc.string({ unit: "grapheme", maxLength: 400 });
    const anyLongText = fc.oneof(anyText, fc.string({ unit: "binary", maxLength: INSTITUTE_NAME_MAX + EMAIL_MAX }));
    fc.assert(
      fc.property(
        anyLongText,
        anyLongText,
        anyLongText,
        fc.double({ min: 0, max: longestAmount, noNaN: true }),
        (a, b, c, amount) => {
          for (const text of [
            approvalSms({ courseName: a, referenceCode: b.slice(0, 20), amount, iban: longestIban }),
            multicaixaSms({
              courseName: a,
              referenceCode: b.slice(0, 20),
              entity: "12345",
              reference: "123456789",
              amount,
              endsAt: new Date(),
            }),
            correctionSms({ courseName: a, documents: [b, c] }),
            correctionSms({ courseName: a, documents: [b] }),
            receiptRejectedSms({ courseName: a, reason: b }),
            enrolledSms({ courseName: a, className: b, startDate: "2027-01-15" }),
            certificateSms({ courseName: a, verifyUrl: `https://x.ao/verificar/${c.slice(0, 40)}` }),
            credentialsSms({ studentCode: b.slice(0, 10), password: c.slice(0, 12) }),
            foldToGsm7(a),
          ]) {
            expect(text).toMatch(ONE_SEPTET);
            if (text !== foldToGsm7(a)) expect(text.length).toBeLessThanOrEqual(SMS_MAX);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});
