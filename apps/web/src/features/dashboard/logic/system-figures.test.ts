import { describe, expect, it } from "vitest";
import { ago, formatBytes, p95Text, queueName } from "./system-figures";

describe("'Estado do sistema' in words", () => {
  it("says sizes in decimal units, as disks are sold", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(11_100_000)).toBe("11,1 MB");
    expect(formatBytes(271_000_000_000)).toBe("271 GB");
  });

  it("says how long ago in the largest whole unit", () => {
    const now = Date.parse("2026-11-28T12:00:00Z");
    expect(ago("2026-11-28T11:59:30Z", now)).toBe("há menos de um minuto");
    expect(ago("2026-11-28T11:59:00Z", now)).toBe("há 1 minuto");
    expect(ago("2026-11-28T09:00:00Z", now)).toBe("há 3 horas");
    expect(ago("2026-11-25T12:00:00Z", now)).toBe("há 3 dias");
  });

  it("says the p95 in ms or seconds, and names the queues", () => {
    expect(p95Text(null)).toBe("Nenhuma requisição na última hora.");
    expect(p95Text(0.2204)).toBe("95% das respostas em até 220 ms.");
    expect(p95Text(2.25)).toBe("95% das respostas em até 2,3 s.");
    expect(queueName("payment-reference")).toBe("Referências Multicaixa");
    expect(queueName("outra")).toBe("outra");
  });
});
