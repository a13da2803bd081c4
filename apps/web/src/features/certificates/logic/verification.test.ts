import { describe, expect, it } from "vitest";
import { CREDENTIAL_MAX_BYTES, readCredentialFile } from "./credential-file";
import { calendarDateLabel, dateLabel } from "./verification";

describe("public verification helpers", () => {
  it("shows calendar dates as written and instants in Luanda", () => {
    expect(calendarDateLabel("2026-11-20")).toBe("20/11/2026");
    expect(calendarDateLabel(null)).toBe("—");
    // 23:30 UTC on 21 November is already 22 November in Luanda (UTC+1).
    expect(dateLabel("2026-11-21T23:30:00.000Z")).toBe("22/11/2026");
  });

  it("reads a credential file as JSON and refuses one too big or not JSON", async () => {
    await expect(readCredentialFile(new Blob(['{"a":1}']))).resolves.toEqual({ a: 1 });
    await expect(readCredentialFile(new Blob(["%PDF"]))).rejects.toThrow(/não é uma credencial digital/);
    await expect(readCredentialFile(new Blob(["x".repeat(CREDENTIAL_MAX_BYTES + 1)]))).rejects.toThrow(
      "Arquivo muito grande. Tamanho máximo: 64 KB",
    );
  });
});
