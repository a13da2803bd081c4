import { describe, expect, it } from "vitest";
import { paymentsExportUrl } from "../api/admin-payments";
import { PAYMENT_METHOD_OPTIONS, paymentStatusLabel, periodError } from "./payment-stats";

describe("payment statuses", () => {
  it("reads pending 'Pendente', completed and confirmed 'Confirmado', failed 'Falhado'", () => {
    expect(paymentStatusLabel("pending")).toBe("Pendente");
    expect(paymentStatusLabel("completed")).toBe("Confirmado");
    expect(paymentStatusLabel("confirmed")).toBe("Confirmado");
    expect(paymentStatusLabel("failed")).toBe("Falhado");
  });

  it("offers each method once: one 'Transferência Bancária' for receipts and staff confirmations, and the imported payments (decision 097)", () => {
    expect(PAYMENT_METHOD_OPTIONS).toEqual([
      { value: "tpa", label: "TPA" },
      { value: "transferencia", label: "Transferência Bancária" },
      { value: "deposito", label: "Depósito" },
      { value: "dinheiro", label: "Dinheiro" },
      { value: "multicaixa", label: "Multicaixa" },
      { value: "importado", label: "Importado" },
    ]);
  });
});

describe("filters", () => {
  it("exports with only the filters and the search that are set", () => {
    expect(paymentsExportUrl({ from: "", to: "", method: null }, "xlsx")).toBe(
      "/api/admin/payments/export?format=xlsx",
    );
    expect(paymentsExportUrl({ from: "2026-11-01", to: "", method: "tpa" }, "csv")).toBe(
      "/api/admin/payments/export?from=2026-11-01&method=tpa&format=csv",
    );
    expect(paymentsExportUrl({ from: "", to: "2026-11-30", method: "transferencia" }, "csv")).toBe(
      "/api/admin/payments/export?to=2026-11-30&method=transferencia&format=csv",
    );
    // The list's search too: the export is every row the list pages through.
    expect(paymentsExportUrl({ from: "", to: "", method: null, q: " joão " }, "csv")).toBe(
      "/api/admin/payments/export?q=jo%C3%A3o&format=csv",
    );
    expect(paymentsExportUrl({ from: "", to: "", method: null, q: "  " }, "csv")).toBe(
      "/api/admin/payments/export?format=csv",
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
