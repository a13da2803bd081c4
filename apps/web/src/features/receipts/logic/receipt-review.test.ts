import type { ReceiptStatus } from "@app/shared/enums";
import { formatKz } from "@app/shared/money";
import { describe, expect, it } from "vitest";
import { divergenceLabel, hasDivergence, receiptActionsFor, receiptStatusLabel } from "./receipt-review";

describe("Divergência", () => {
  it("reads 'Correto' when the difference is under 0.01", () => {
    expect(divergenceLabel(0)).toBe("Correto");
    expect(divergenceLabel(0.004)).toBe("Correto");
    expect(divergenceLabel(-0.009)).toBe("Correto");
    expect(hasDivergence(0.1 + 0.2 - 0.3)).toBe(false);
  });

  it("shows the signed difference in kz otherwise", () => {
    expect(divergenceLabel(5000)).toBe(`+${formatKz(5000)}`);
    expect(divergenceLabel(-10000)).toBe(`−${formatKz(10000)}`);
    expect(divergenceLabel(0.01)).toBe(`+${formatKz(0.01)}`);
  });
});

describe("receipt statuses and actions", () => {
  it("labels the three statuses, an unknown one 'Pendente'", () => {
    expect(receiptStatusLabel("pending")).toBe("Pendente");
    expect(receiptStatusLabel("approved")).toBe("Aprovado");
    expect(receiptStatusLabel("rejected")).toBe("Rejeitado");
    expect(receiptStatusLabel("other" as ReceiptStatus)).toBe("Pendente");
  });

  it("offers approve and reject only on pending receipts", () => {
    expect(receiptActionsFor("pending")).toEqual(["view", "approve", "reject"]);
    expect(receiptActionsFor("approved")).toEqual(["view"]);
    expect(receiptActionsFor("rejected")).toEqual(["view"]);
  });
});
