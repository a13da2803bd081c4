import { afterEach, describe, expect, it } from "vitest";
import { arrivalSource, forgetArrivalSource, rememberArrivalSource } from "./arrival-source";

describe("arrival source", () => {
  afterEach(() => localStorage.clear());

  it("keeps a link's ?origem= (or utm_source) folded into the known list, the newest link winning", () => {
    rememberArrivalSource("?curso=abc&origem=WhatsApp");
    expect(arrivalSource()).toBe("whatsapp");
    rememberArrivalSource("?utm_source=fb");
    expect(arrivalSource()).toBe("facebook");
    rememberArrivalSource("?origem=panfleto-da-feira");
    expect(arrivalSource()).toBe("outro");
    rememberArrivalSource("?curso=abc");
    expect(arrivalSource()).toBe("outro");
  });

  it("forgets it once used, after 30 days, or when the stored text is not ours", () => {
    rememberArrivalSource("?origem=radio", 0);
    expect(arrivalSource(29 * 86_400_000)).toBe("radio");
    expect(arrivalSource(31 * 86_400_000)).toBe("");
    rememberArrivalSource("?origem=radio");
    forgetArrivalSource();
    expect(arrivalSource()).toBe("");
    localStorage.setItem("origem-da-visita", "{not json");
    expect(arrivalSource()).toBe("");
  });
});
