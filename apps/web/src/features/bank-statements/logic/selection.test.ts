import { describe, expect, it } from "vitest";
import { confirmLabel, inChunks, selectedForConfirm } from "./selection";

describe("the lines to confirm", () => {
  it("are every confirmable line by default, less the ones unticked", () => {
    const ids = ["a", "b", "c"];
    expect(selectedForConfirm(ids, new Set())).toEqual(["a", "b", "c"]);
    expect(selectedForConfirm(ids, new Set(["b", "x"]))).toEqual(["a", "c"]);
    expect(confirmLabel(selectedForConfirm(ids, new Set(["b"])).length)).toBe("Confirmar 2 pagamentos");
    expect(confirmLabel(1)).toBe("Confirmar 1 pagamento");
  });

  it("go to the server in runs the contract allows", () => {
    expect(inChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(inChunks([], 2)).toEqual([]);
  });
});
