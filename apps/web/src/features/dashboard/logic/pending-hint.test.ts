import { describe, expect, it } from "vitest";
import { pendingHint } from "./pending-hint";

describe("pendingHint", () => {
  it("names both parts of 'Inscrições pendentes' with the right plural", () => {
    expect(pendingHint({ preEnrollmentsToReview: 2, receiptsToValidate: 1 })).toBe(
      "2 pré-inscrições aguardando análise · 1 comprovante aguardando validação",
    );
    expect(pendingHint({ preEnrollmentsToReview: 1, receiptsToValidate: 0 })).toBe(
      "1 pré-inscrição aguardando análise · 0 comprovantes aguardando validação",
    );
    expect(pendingHint({ preEnrollmentsToReview: 1200, receiptsToValidate: 3 })).toMatch(
      /^1\s?200 pré-inscrições aguardando análise · 3 comprovantes aguardando validação$/,
    );
  });
});
