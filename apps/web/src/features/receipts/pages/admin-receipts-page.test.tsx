import { QueryClient } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { type AdminReceiptRow, adminReceiptsQuery } from "../api/admin-receipts";
import { Component as AdminReceiptsPage } from "./admin-receipts-page";

const receipt: AdminReceiptRow = {
  id: "00000000-0000-4000-8000-0000000000a1",
  enrollmentId: "00000000-0000-4000-8000-000000000001",
  enrollmentStatus: "payment_pending",
  studentName: "Marta Pagadora",
  studentPhone: "923000000",
  studentEmail: null,
  courseName: "Marketing Digital",
  paymentReferenceCode: "K7M3QX9A",
  paidAmount: 150000,
  coursePrice: 150000,
  divergence: 0,
  divergenceCorrect: true,
  paymentDate: "2026-11-22",
  status: "pending",
  submittedAt: "2026-11-23T18:53:00.000Z",
  reviewedAt: null,
  reviewedByName: null,
  notes: null,
  fileId: "00000000-0000-4000-8000-0000000000f1",
  fileType: "image",
  fileContentType: "image/png",
  duplicates: [],
};

describe("'Comprovantes'", () => {
  it("writes every date with a four-digit year (dd/MM/yyyy), the sending moment in Luanda time", () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
    client.setQueryData(adminReceiptsQuery.queryKey, {
      receipts: [receipt],
      stats: { total: 1, pending: 1, approved: 0, rejected: 0, approvedAmount: 0, pendingAmount: 150000 },
    });
    renderAt(<AdminReceiptsPage />, "/admin/payment-receipts", "*", client);
    expect(screen.getByText("22/11/2026")).toBeTruthy();
    expect(screen.getByText("enviado 23/11/2026 às 19:53")).toBeTruthy();
    expect(screen.queryByText(/\b\d{2}\/\d{2}\/\d{2}\b(?!\d)/)).toBeNull();
  });
});
