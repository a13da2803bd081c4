import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { glossary, rewordedElsewhere, specTexts } from "./glossary";

export const root = path.resolve(import.meta.dirname, "../..");

/** Where the product's messages and screens live: the shared labels and messages, the web app, the server. */
export const scannedFolders = ["packages/shared/src", "apps/web/src", "apps/server/src"];

export interface Finding {
  file: string;
  line: number;
  found: string;
  write: string;
}

/** JSX attributes that hold code (an element id, CSS classes, a route), never words a user reads. */
const CODE_ATTRIBUTES = new Set(["id", "className", "key", "htmlFor", "href", "to", "src"]);

const rules = glossary.map((entry) => ({
  entry,
  regex: new RegExp(`(?<![\\p{L}\\p{N}_])(?:${entry.pattern})(?![\\p{L}\\p{N}_])`, "giu"),
}));

export function sourceFiles(): string[] {
  return scannedFolders.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" })
      .map((f) => `${folder}/${f.split(path.sep).join("/")}`)
      .filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.startsWith("apps/web/src/test/")),
  );
}

/** The texts of a source file a user may read: string literals, template text and JSX text, each with its line. */
export function textsOf(file: string, source: string): { line: number; text: string }[] {
  const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (isCode(node)) return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, " ").trim();
      const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
      if (text) texts.push({ line, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return texts;
}

function isCode(node: ts.Node): boolean {
  const parent = node.parent;
  if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return true;
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  if (ts.isJsxAttribute(node)) return CODE_ATTRIBUTES.has(node.name.getText()) || /^data-/.test(node.name.getText());
  if (!parent) return false;
  // A quoted property name, or a quoted key in obj["key"].
  if ("name" in parent && parent.name === node && !ts.isJsxAttribute(parent)) return true;
  return ts.isElementAccessExpression(parent) && parent.argumentExpression === node;
}

/** The European forms in one file's texts, less the SPEC's exact texts and the texts left to another branch. */
export function scanSource(file: string, source: string, leftElsewhere = new Set<string>()): Finding[] {
  const findings: Finding[] = [];
  for (const { line, text } of textsOf(file, source)) {
    const key = `${file}\n${text}`;
    if (rewordedElsewhere.some((r) => `${r.file}\n${r.text}` === key)) {
      leftElsewhere.add(key);
      continue;
    }
    const masked = specTexts
      .filter((s) => !s.files || s.files.includes(file))
      .reduce((t, s) => t.replaceAll(s.text, " "), text);
    for (const { entry, regex } of rules) {
      for (const match of masked.matchAll(regex)) {
        findings.push({ file, line, found: match[0], write: entry.brazilian });
      }
    }
  }
  return findings;
}

export function scanTree(): { findings: Finding[]; leftElsewhere: Set<string> } {
  const leftElsewhere = new Set<string>();
  const findings = sourceFiles().flatMap((file) =>
    scanSource(file, readFileSync(path.join(root, file), "utf8"), leftElsewhere),
  );
  return { findings, leftElsewhere };
}
