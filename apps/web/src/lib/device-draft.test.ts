import { renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { clearDrafts, useDeviceDraft } from "./device-draft";

const FIELDS = { motherName: "", neighborhood: "" };
const open = (userId: string | undefined, form = "completar-inscricao") =>
  renderHook(() => useDeviceDraft(userId, form, FIELDS)).result.current;

describe("a form's draft on the device (decision 028)", () => {
  afterEach(() => localStorage.clear());

  it("comes back for the same student only", () => {
    open("ana").save({ motherName: "Catarina Lemos", neighborhood: "Cruzeiro" });
    expect(open("ana").saved).toEqual({ motherName: "Catarina Lemos", neighborhood: "Cruzeiro" });
    expect(open("bruno").saved).toEqual({});
    expect(open(undefined).saved).toEqual({});
  });

  it("is dropped once sent, and 'Sair' drops every draft of that student and no one else's", () => {
    open("ana").save({ motherName: "Catarina", neighborhood: "" });
    open("ana").clear();
    expect(open("ana").saved).toEqual({});

    open("ana").save({ motherName: "Catarina", neighborhood: "" });
    open("ana", "nova-inscricao").save({ motherName: "Catarina", neighborhood: "Zango" });
    open("bruno").save({ motherName: "Rita", neighborhood: "" });
    clearDrafts("ana");
    expect(open("ana").saved).toEqual({});
    expect(open("ana", "nova-inscricao").saved).toEqual({});
    expect(open("bruno").saved).toEqual({ motherName: "Rita", neighborhood: "" });
  });

  it("ignores and drops a draft older than a week, and keeps only the form's text fields", () => {
    const key = "rascunho:ana:completar-inscricao";
    localStorage.setItem(
      key,
      JSON.stringify({ savedAt: Date.now() - 8 * 24 * 3600_000, values: { motherName: "Antiga", neighborhood: "" } }),
    );
    expect(open("ana").saved).toEqual({});
    expect(localStorage.getItem(key)).toBeNull();

    localStorage.setItem(
      key,
      JSON.stringify({ savedAt: Date.now(), values: { motherName: 42, neighborhood: "Zango", idCardFront: "x" } }),
    );
    expect(open("ana").saved).toEqual({ neighborhood: "Zango" });
    localStorage.setItem(key, "{not json");
    expect(open("ana").saved).toEqual({});
  });
});
