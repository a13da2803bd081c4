import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// The app imports Mantine's CSS per component (public-styles.ts, signed-in-styles.ts: decision 060), not
// the whole styles.css: a component whose stylesheet is missing renders unstyled, and neither axe nor a
// behaviour test notices. Every component imported from @mantine/core that has its own stylesheet must
// have it imported by one of the two lists.
const src = path.resolve(import.meta.dirname, "..");
const mantineStyles = path.resolve(src, "../../../node_modules/@mantine/core/styles");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

function componentsImported(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(src)) {
    for (const match of readFileSync(file, "utf8").matchAll(/import \{([^}]+)\} from "@mantine\/core"/g)) {
      for (const part of match[1]!.split(",")) {
        const name = part
          .replace(/^\s*type\s+/, "")
          .replace(/\s+as\s+.*$/s, "")
          .trim();
        if (name) names.add(name);
      }
    }
  }
  return names;
}

function stylesheetsImported(): Set<string> {
  const lists = ["app/public-styles.ts", "app/signed-in-styles.ts"].map((f) => readFileSync(path.join(src, f), "utf8"));
  return new Set(lists.flatMap((text) => [...text.matchAll(/@mantine\/core\/styles\/(\w+)\.css/g)].map((m) => m[1]!)));
}

describe("Mantine stylesheets", () => {
  it("every Mantine component the app imports has its stylesheet in public-styles.ts or signed-in-styles.ts", () => {
    const imported = stylesheetsImported();
    const missing = [...componentsImported()].filter(
      (name) => existsSync(path.join(mantineStyles, `${name}.css`)) && !imported.has(name),
    );
    expect(missing).toEqual([]);
  });
});
