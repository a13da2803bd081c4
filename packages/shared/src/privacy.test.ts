import { describe, expect, it } from "vitest";
import { fileAccessScreen, mustAcceptNotice } from "./privacy";

describe("privacy rules", () => {
  it("asks a student to accept a notice of the institute's own they have not accepted, once", () => {
    expect(mustAcceptNotice({ currentVersion: 1, acceptedVersion: null })).toBe(false);
    expect(mustAcceptNotice({ currentVersion: 2, acceptedVersion: 1 })).toBe(true);
    expect(mustAcceptNotice({ currentVersion: 2, acceptedVersion: null })).toBe(true);
    expect(mustAcceptNotice({ currentVersion: 2, acceptedVersion: 2 })).toBe(false);
  });

  it("keeps only the screens it knows", () => {
    expect(fileAccessScreen("comprovantes")).toBe("comprovantes");
    expect(fileAccessScreen("<script>")).toBe("outra");
    expect(fileAccessScreen(undefined)).toBe("outra");
  });
});
