import { describe, expect, it } from "vitest";
import { balanceOf, paymentDifferenceLabel, paymentFit } from "./payment-balance";
import { differenceChoiceSchema } from "./payment-balance-schema";

describe("what a payment does to what is owed (decision 083)", () => {
  it("compares in whole cents: the same, short or above, and what remains", () => {
    expect(balanceOf(150000, 145000.1 + 0.2)).toEqual({ due: 150000, paid: 145000.3, balance: 4999.7 });
    expect(paymentFit(0.3, 0.1 + 0.2)).toEqual({ kind: "exact", remaining: 0 });
    expect(paymentFit(150000, 145000)).toEqual({ kind: "short", remaining: 5000 });
    expect(paymentFit(150000, 149999.99)).toEqual({ kind: "short", remaining: 0.01 });
    expect(paymentFit(150000, 160000)).toEqual({ kind: "over", remaining: -10000 });
  });

  it("reads finance's choice: waiting needs nothing more, accepting needs a reason", () => {
    expect(differenceChoiceSchema.parse({ choice: "await_balance", reason: "ignored" })).toEqual({
      choice: "await_balance",
    });
    expect(differenceChoiceSchema.parse({ choice: "accept", reason: "  Desconto  " })).toEqual({
      choice: "accept",
      reason: "Desconto",
    });
    const blank = differenceChoiceSchema.safeParse({ choice: "accept", reason: " " });
    expect(blank.success).toBe(false);
    expect(blank.error!.issues).toEqual([
      expect.objectContaining({ path: ["reason"], message: "Indique o motivo para aceitar a diferença" }),
    ]);
    const none = differenceChoiceSchema.safeParse({ choice: "talvez" });
    expect(none.error!.issues[0]!.message).toBe("Escolha se a inscrição aguarda o saldo ou se aceita a diferença");
  });

  it("says what Financeiro and its exports show of a payment's difference", () => {
    expect(paymentDifferenceLabel({ balanceAfter: null, differenceAccepted: false })).toBe("");
    expect(paymentDifferenceLabel({ balanceAfter: 0, differenceAccepted: false })).toBe("");
    expect(paymentDifferenceLabel({ balanceAfter: 5000, differenceAccepted: false })).toMatch(
      /^Faltavam 5\s000,00\sKz$/,
    );
    expect(paymentDifferenceLabel({ balanceAfter: 5000, differenceAccepted: true })).toMatch(
      /^Diferença aceita: 5\s000,00\sKz$/,
    );
    expect(paymentDifferenceLabel({ balanceAfter: -10000, differenceAccepted: false })).toMatch(
      /^Excedente: 10\s000,00\sKz a devolver ou creditar$/,
    );
  });
});
