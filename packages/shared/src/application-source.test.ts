import { describe, expect, it } from "vitest";
import { normaliseSource } from "./application-source";

describe("normaliseSource", () => {
  it("keeps the known sources, folding case, accents and spaces", () => {
    expect(normaliseSource("whatsapp")).toBe("whatsapp");
    expect(normaliseSource(" WhatsApp ")).toBe("whatsapp");
    expect(normaliseSource("Rádio")).toBe("radio");
    expect(normaliseSource("fb")).toBe("facebook");
  });

  it("folds an unknown or long value into 'outro' and an empty one into nothing", () => {
    expect(normaliseSource("newsletter")).toBe("outro");
    expect(normaliseSource("w".repeat(500))).toBe("outro");
    expect(normaliseSource("")).toBeNull();
    expect(normaliseSource(undefined)).toBeNull();
  });
});
