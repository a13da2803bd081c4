import { describe, expect, it } from "vitest";
import { sampleIssuedCertificate } from "../../../test/fixtures/certificates";
import { canConcludeAll, canRecordResults, studentActions, teachingTitle } from "./results";

describe("teaching screen rules", () => {
  it("names the screen after the role", () => {
    expect(teachingTitle("professor")).toBe("As minhas turmas");
    expect(teachingTitle("secretaria")).toBe("Turmas e resultados");
  });

  it("records results from the start date on, and concludes all from the end date on", () => {
    expect(canRecordResults({ startDate: "2026-12-01" }, "2026-11-30")).toBe(false);
    expect(canRecordResults({ startDate: "2026-12-01" }, "2026-12-01")).toBe(true);
    const enrolled = [{ status: "enrolled" as const }];
    expect(canConcludeAll({ endDate: "2027-03-01" }, enrolled, "2027-02-28")).toBe(false);
    expect(canConcludeAll({ endDate: "2027-03-01" }, enrolled, "2027-03-01")).toBe(true);
    expect(canConcludeAll({ endDate: "2027-03-01" }, [{ status: "completed" as const }], "2027-03-02")).toBe(false);
  });

  it("offers a result to enrolled students, and revoke / re-issue to the secretariat only", () => {
    expect(studentActions({ status: "enrolled", certificate: null }, "professor", true)).toEqual([
      "complete",
      "notComplete",
    ]);
    expect(studentActions({ status: "enrolled", certificate: null }, "professor", false)).toEqual([]);
    const done = { status: "completed" as const, certificate: sampleIssuedCertificate() };
    expect(studentActions(done, "professor", true)).toEqual([]);
    expect(studentActions(done, "secretaria", true)).toEqual(["revoke", "reissue"]);
    expect(studentActions(done, "super_admin", true)).toEqual(["revoke", "reissue"]);
  });

  it("offers 'Corrigir resultado' to the secretariat once no certificate is in force (after a revocation, or 'Não concluído')", () => {
    const revoked = { status: "completed" as const, certificate: sampleIssuedCertificate("2026-11-22T10:00:00Z") };
    expect(studentActions(revoked, "admin", true)).toEqual(["correct", "reissue"]);
    expect(studentActions(revoked, "professor", true)).toEqual([]);
    const failed = { status: "not_completed" as const, certificate: null };
    expect(studentActions(failed, "secretaria", true)).toEqual(["correct"]);
    expect(studentActions(failed, "professor", true)).toEqual([]);
    // A 'Não concluído' that was a revoked 'Concluído' before its correction.
    expect(studentActions({ ...failed, certificate: revoked.certificate }, "secretaria", true)).toEqual(["correct"]);
    expect(
      studentActions({ status: "completed", certificate: sampleIssuedCertificate() }, "admin", true),
    ).not.toContain("correct");
  });
});
