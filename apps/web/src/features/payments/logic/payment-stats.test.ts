import { describe, expect, it } from "vitest";
import { PAYMENT_METHOD_OPTIONS, paymentFilterQuery, paymentStatusLabel, periodError } from "./payment-stats";

describe("payment statuses", () => {
  it("reads pending 'Pendente', completed and confirmed 'Confirmado', failed 'Falhado'", () => {
    expect(paymentStatusLabel("pending")).toBe("Pendente");
    expect(paymentStatusLabel("completed")).toBe("Confirmado");
    expect(paymentStatusLabel("confirmed")).toBe("Confirmado");
    expect(paymentStatusLabel("failed")).toBe("Falhado");
  });

  it("offers the staff methods and the receipt approval's 'Transferência Bancária'", () => {
    expect(PAYMENT_METHOD_OPTIONS.map((o) => o.label)).toEqual([
      "TPA",
      "Transferência",
      "Depósito",
      "Dinheiro",
      "Transferência Bancária",
    ]);
  });
});

describe("filters", () => {
  it("keeps only the filters that are set, after the extra parameters", () => {
    expect(paymentFilterQuery({ from: "", to: "", method: null })).toBe("");
    expect(paymentFilterQuery({ from: "2026-11-01", to: "", method: "tpa" }, { format: "csv" })).toBe(
      "?format=csv&from=2026-11-01&method=tpa",
    );
    expect(paymentFilterQuery({ from: "", to: "2026-11-30", method: "Transferência Bancária" })).toBe(
      "?to=2026-11-30&method=Transfer%C3%AAncia+Banc%C3%A1ria",
    );
  });

  it("flags a period that ends before it starts", () => {
    expect(periodError({ from: "2026-11-10", to: "2026-11-01", method: null })).toBe(
      "A data final é anterior à inicial",
    );
    expect(periodError({ from: "2026-11-01", to: "2026-11-01", method: null })).toBeUndefined();
    expect(periodError({ from: "", to: "2026-11-01", method: null })).toBeUndefined();
  });
});
