import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { lineChecksum, lineChecksums } from "./checksum";

const line = { date: "2026-11-25", amount: 15_000_000, reference: "TRF REF AB5C D2EF", payer: "João Pedro" };

describe("lineChecksum", () => {
  it("is the sha256 hex of the normalised fields and the occurrence", async () => {
    const expected = createHash("sha256")
      .update(JSON.stringify(["2026-11-25", "15000000", "TRF REF AB5C D2EF", "JOÃO PEDRO", 1]))
      .digest("hex");
    expect(await lineChecksum(line)).toBe(expected);
  });

  it("does not change with spacing or case, and changes with any field", async () => {
    const same = await lineChecksum(line);
    expect(await lineChecksum({ ...line, reference: " trf  ref ab5c\u00a0d2ef ", payer: "JOÃO  PEDRO" })).toBe(same);
    for (const changed of [
      { ...line, date: "2026-11-26" },
      { ...line, amount: 15_000_001 },
      { ...line, amount: -15_000_000 },
      { ...line, reference: "TRF REF AB5C D2EG" },
      { ...line, payer: "João Paulo" },
    ]) {
      expect(await lineChecksum(changed)).not.toBe(same);
    }
    expect(await lineChecksum(line, 2)).not.toBe(same);
  });

  it("keeps two identical lines of one file apart and finds the same checksums in a re-import", async () => {
    const other = { ...line, amount: 100 };
    const first = await lineChecksums([line, other, { ...line, payer: "joão pedro" }]);
    expect(new Set(first).size).toBe(3);
    expect(first[0]).toBe(await lineChecksum(line, 1));
    expect(first[2]).toBe(await lineChecksum(line, 2));
    // An overlapping statement: the same lines again, after one new line.
    const again = await lineChecksums([{ ...line, date: "2026-11-24" }, line, other, line]);
    expect(again.slice(1)).toEqual(first);
  });
});
