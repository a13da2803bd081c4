import { describe, expect, it } from "vitest";
import { formatAngolanMobile, parseAngolanMobile, studentPhoneSchema } from "./phones";
import { createStudentAccountSchema } from "./schemas/student-accounts";

describe("Angolan student phones", () => {
  it.each([
    "+244 923 456 789",
    "00244923456789",
    "244923456789",
    "923-456-789",
    "923 456 789",
    "923.456.789",
    "(+244) 923 456 789",
    " 923456789 ",
  ])("reads %j as 923456789", (typed) => {
    expect(studentPhoneSchema.parse(typed)).toBe("923456789");
  });

  const DIGITS = "Telefone deve ter 9 dígitos";
  const MOBILE = "O celular deve começar com 9";
  const CHARACTERS = "Telefone inválido: use apenas algarismos, com ou sem o indicativo +244";
  it.each([
    ["92345678", DIGITS],
    ["+244 92345678", DIGITS],
    ["9234567890", DIGITS],
    ["", DIGITS],
    ["823456789", MOBILE],
    ["+244 223 456 789", MOBILE],
    ["923-45a6 789", CHARACTERS],
    ["+351 912 345 678", CHARACTERS],
  ])("refuses %j: %s", (typed, message) => {
    expect(parseAngolanMobile(typed)).toEqual({ error: message });
    expect(studentPhoneSchema.safeParse(typed).error?.issues.map((i) => i.message)).toEqual([message]);
  });

  it("stores the 9 digits when an account is created with +244 and spaces", () => {
    const input = { studentName: "Ana Lunda", studentPhone: "+244 923 456 789", hasEmail: false };
    expect(createStudentAccountSchema.parse(input).studentPhone).toBe("923456789");
  });

  it("shows the number in groups of three", () => {
    expect(formatAngolanMobile("923456789")).toBe("923 456 789");
  });
});
