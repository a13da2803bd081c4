import { describe, expect, it } from "vitest";
import { resetPasswordSchema, staffLoginSchema, staffSignUpSchema } from "./auth";
import { CLASS_DATE_MESSAGES, classDateErrors } from "./catalog";
import {
  changeStudentPasswordFormSchema,
  changeStudentPasswordSchema,
  createStudentAccountSchema,
  studentLoginSchema,
} from "./student-accounts";

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe("staff auth schemas", () => {
  it("gives the SPEC's messages", () => {
    expect(firstMessage(staffLoginSchema.safeParse({ email: "x", password: "123456" }))).toBe("Email inválido");
    expect(firstMessage(staffLoginSchema.safeParse({ email: `${"a".repeat(251)}@x.ao`, password: "123456" }))).toBe(
      "Email muito longo",
    );
    expect(firstMessage(staffLoginSchema.safeParse({ email: "a@b.ao", password: "12345" }))).toBe(
      "A senha deve ter pelo menos 6 caracteres",
    );
    expect(firstMessage(staffLoginSchema.safeParse({ email: "a@b.ao", password: "x".repeat(101) }))).toBe(
      "Senha muito longa",
    );
    expect(
      firstMessage(
        staffSignUpSchema.safeParse({ fullName: "Ana", phone: "9".repeat(21), email: "a@b.ao", password: "123456" }),
      ),
    ).toBe("Telefone muito longo");
    expect(
      firstMessage(resetPasswordSchema.safeParse({ token: "t", password: "123456", confirmPassword: "1234567" })),
    ).toBe("As senhas não coincidem");
  });
  it("normalises the e-mail", () => {
    expect(staffLoginSchema.parse({ email: " Ana@Inst.AO ", password: "123456" }).email).toBe("ana@inst.ao");
  });
});

describe("student account schemas", () => {
  it("strips non-digits from the phone and requires exactly 9", () => {
    expect(
      createStudentAccountSchema.parse({ studentName: "Ana", studentPhone: "923-456 789", hasEmail: false })
        .studentPhone,
    ).toBe("923456789");
    expect(
      firstMessage(
        createStudentAccountSchema.safeParse({ studentName: "Ana", studentPhone: "92345678", hasEmail: false }),
      ),
    ).toBe("Telefone deve ter 9 dígitos");
  });
  it("checks the e-mail only when the student says they have one", () => {
    expect(
      firstMessage(
        createStudentAccountSchema.safeParse({
          studentName: "Ana",
          studentPhone: "923456789",
          hasEmail: true,
          studentEmail: "x",
        }),
      ),
    ).toBe("Email inválido");
    expect(
      createStudentAccountSchema.parse({
        studentName: "Ana",
        studentPhone: "923456789",
        hasEmail: false,
        studentEmail: "x",
      }).studentEmail,
    ).toBeNull();
  });
  it("upper-cases the login code and password", () => {
    expect(studentLoginSchema.parse({ code: "al12ab", password: "abc123" })).toEqual({
      code: "AL12AB",
      password: "ABC123",
    });
  });
  it("requires a new password of exactly 6 A-Z/0-9 characters, confirmed", () => {
    const base = { currentPassword: "ABC123", newPassword: "XYZ789", confirmPassword: "XYZ789" };
    expect(changeStudentPasswordSchema.safeParse(base).success).toBe(true);
    // 'Dados de Acesso' asks the current password; the API lets a fresh sign-in leave it out (decision 090).
    expect(firstMessage(changeStudentPasswordFormSchema.safeParse({ ...base, currentPassword: "" }))).toBe(
      "Senha atual é obrigatória",
    );
    expect(changeStudentPasswordSchema.parse({ ...base, currentPassword: " " }).currentPassword).toBeUndefined();
    expect(changeStudentPasswordSchema.parse({ newPassword: "xyz789", confirmPassword: "XYZ789" })).toEqual({
      currentPassword: undefined,
      newPassword: "XYZ789",
      confirmPassword: "XYZ789",
    });
    expect(firstMessage(changeStudentPasswordSchema.safeParse({ ...base, newPassword: "", confirmPassword: "" }))).toBe(
      "Nova senha é obrigatória",
    );
    expect(
      firstMessage(changeStudentPasswordSchema.safeParse({ ...base, newPassword: "AB-12", confirmPassword: "AB-12" })),
    ).toBe("Senha deve ter exatamente 6 caracteres alfanuméricos (A-Z, 0-9)");
    expect(firstMessage(changeStudentPasswordSchema.safeParse({ ...base, confirmPassword: "" }))).toBe(
      "Confirmação de senha é obrigatória",
    );
    expect(firstMessage(changeStudentPasswordSchema.safeParse({ ...base, confirmPassword: "XYZ788" }))).toBe(
      "As senhas não coincidem",
    );
  });
});

describe("class date rules", () => {
  const dates = {
    enrollmentStartDate: "2026-11-01",
    enrollmentEndDate: "2026-11-30",
    startDate: "2026-12-01",
    endDate: "2027-03-01",
  };

  it("say nothing until the four dates are valid, then one message per field", () => {
    expect(classDateErrors(dates)).toEqual({});
    expect(classDateErrors({ ...dates, enrollmentStartDate: "", enrollmentEndDate: "2026-01-01" })).toEqual({});
    expect(classDateErrors({ ...dates, enrollmentEndDate: "2026-11-01", endDate: "2026-12-01" })).toEqual({
      enrollmentEndDate: CLASS_DATE_MESSAGES.enrollmentWindow,
      endDate: CLASS_DATE_MESSAGES.courseDates,
    });
    expect(classDateErrors({ ...dates, enrollmentEndDate: "2026-12-02" })).toEqual({
      enrollmentEndDate: CLASS_DATE_MESSAGES.enrollmentBeforeStart,
    });
  });
});
