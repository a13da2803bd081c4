import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// The shared contract (decision 054) must make the compiler refuse a web call that does not match the
// server's schemas: each known-bad file has exactly one error, on the line marked `expect-error`; the
// good one has none. So a change that loosened the types (an `any` answer, a widened status) fails here.

const root = path.resolve(import.meta.dirname, "../..");
const knownBad = path.join(import.meta.dirname, "known-bad");

function compilerOptions(): ts.CompilerOptions {
  const file = path.join(root, "apps/web/tsconfig.json");
  const config = ts.getParsedCommandLineOfConfigFile(
    file,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error(`cannot read ${file}`);
  return { ...config.options, noEmit: true };
}

describe("the web's calls are checked against the shared contract", () => {
  it("refuses each known-bad call on its marked line, and accepts the good one", () => {
    const files = readdirSync(knownBad).filter((f) => f.endsWith(".ts"));
    const program = ts.createProgram(
      files.map((f) => path.join(knownBad, f)),
      compilerOptions(),
    );
    const found: Record<string, number[]> = {};
    const expected: Record<string, number[]> = {};
    for (const file of files) {
      const full = path.join(knownBad, file);
      const source = program.getSourceFile(full)!;
      const diagnostics = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      found[file] = diagnostics.map((d) => source.getLineAndCharacterOfPosition(d.start ?? 0).line + 1);
      expected[file] = readFileSync(full, "utf8")
        .split("\n")
        .flatMap((line, i) => (line.includes("// expect-error") ? [i + 1] : []));
    }
    expect(found).toEqual(expected);
    expect(expected["good.ts"]).toEqual([]);
    expect(Object.values(expected).filter((lines) => lines.length === 1)).toHaveLength(files.length - 1);
  });
});
