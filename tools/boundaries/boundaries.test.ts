import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { cruise } from "dependency-cruiser";
import extractDepcruiseOptions from "dependency-cruiser/config-utl/extract-depcruise-options";
import { describe, expect, it } from "vitest";

// The import boundaries of .dependency-cruiser.mjs (decision 032) must refuse every known-bad import, one
// violation of the expected rule per file, and nothing in the real tree: so the rules cannot silently stop
// working (a renamed folder, a broken pattern, a resolver that stops following a kind of import).

const root = path.resolve(import.meta.dirname, "../..");
const knownBad = path.join(import.meta.dirname, "known-bad");

async function violations(baseDir: string, targets: string[]) {
  const options = await extractDepcruiseOptions(path.join(root, ".dependency-cruiser.mjs"));
  const result = await cruise(targets, { ...options, baseDir, validate: true });
  if (typeof result.output === "string") throw new Error("expected a JSON cruise result");
  return result.output.summary.violations.map((v) => ({ from: v.from, to: v.to, rule: v.rule.name }));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f))
    .map((f) => f.split(path.sep).join("/"));
}

describe("import boundaries (dependency-cruiser on resolved paths)", () => {
  it("refuses each known-bad import with exactly its rule, and nothing else there", async () => {
    const expected = new Map<string, string[]>();
    for (const file of sourceFiles(knownBad)) {
      const rule = /^\/\/ expect: (\S+)/m.exec(readFileSync(path.join(knownBad, file), "utf8"))?.[1];
      expected.set(file, rule && rule !== "none" ? [rule] : []);
    }
    // Every rule of the configuration is exercised by at least one file.
    const options = await extractDepcruiseOptions(path.join(root, ".dependency-cruiser.mjs"));
    const ruleNames = (options.ruleSet?.forbidden ?? []).map((r) => r.name);
    expect(new Set([...expected.values()].flat())).toEqual(new Set(ruleNames));

    const found = await violations(knownBad, ["apps", "packages"]);
    const byFile = new Map<string, string[]>([...expected.keys()].map((file) => [file, []]));
    for (const v of found) byFile.set(v.from, [...(byFile.get(v.from) ?? []), v.rule]);
    expect(Object.fromEntries(byFile)).toEqual(Object.fromEntries(expected));
  });

  it("finds no violation in the real tree", async () => {
    expect(await violations(root, ["apps", "packages"])).toEqual([]);
  });
});
