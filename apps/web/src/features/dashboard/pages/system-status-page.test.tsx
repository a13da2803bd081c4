import type { SmsNotices } from "@app/shared/schemas/sms";
import type { SystemStatus } from "@app/shared/schemas/system-status";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderAt } from "../../../test/render";
import { staffClient } from "../../../test/staff-client";
import { mailFailuresQuery } from "../api/mail-failures";
import { smsNoticesQuery } from "../api/sms-notices";
import { systemStatusQuery } from "../api/system-status";
import { Component as SystemStatusPage } from "./system-status-page";

const status: SystemStatus = {
  generatedAt: "2026-11-28T10:00:00.000Z",
  requests: { perMinute: Array(60).fill(0), p95Seconds: null },
  queues: [
    { queue: "mail", waiting: 0, failed: 0 },
    { queue: "sms", waiting: 0, failed: 1 },
  ],
  proxyPay: { enabled: false, lastPollAt: null },
  backup: { lastAt: "2026-11-28T02:00:00.000Z", overdue: false },
  database: { sizeBytes: 50_000_000, connections: 5, maxConnections: 100, pool: { inUse: 1, idle: 4, waiting: 0 } },
  disk: null,
};
const smsFailed: SmsNotices = {
  failures: [
    {
      id: "0b5f0a36-6a55-4a55-9a55-0a5b0e7a3611",
      to: "+244 923 000 221",
      studentName: "Joana Lunda",
      what: "Aprovação e código",
      error: "o provedor de SMS não o aceitou",
      tries: 8,
      failedAt: "2026-11-28T09:00:00.000Z",
    },
  ],
  capReached: false,
  held: 0,
  dailyCap: 500,
};

describe("'Estado do sistema'", () => {
  it("lists the SMS that failed after every try with 'Tentar de novo', beside the e-mails", () => {
    const client = staffClient("super_admin");
    client.setQueryData(systemStatusQuery.queryKey, status);
    client.setQueryData(mailFailuresQuery.queryKey, { failures: [] });
    client.setQueryData(smsNoticesQuery.queryKey, smsFailed);
    renderAt(<SystemStatusPage />, "/admin/system-status", "*", client);
    expect(screen.getByText("1 SMS não foi enviado")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Tentar de novo: SMS para +244 923 000 221" })).toBeTruthy();
  });
});
