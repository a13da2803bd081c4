import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every refusal and History note the server sends or stores comes from the shared package (issue 22):
 * the compiler keeps `new ApiError(...)` inside errors.ts (the constructor is private), and this scan
 * keeps texts and codes out of the calls that remain. It reads the server's production sources.
 */

const SRC = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** The text between the parenthesis that opens at `open` and the one that closes it. */
function argumentsAt(text: string, open: number): string {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

/** A string literal with a space or a non-ASCII letter, or a template literal: words, not a code or a key. */
const WORDS = /"[^"\n]*(?:\s|[^ -~])[^"\n]*"|'[^'\n]*(?:\s|[^ -~])[^'\n]*'|`/;
/** A code typed in place: `{ code: "class_full", … }`. */
const INLINE_CODE = /\bcode:\s*["'`]/;

/** Each place in `source` that breaks the rule, as 'file:line  snippet'. */
export function violations(file: string, source: string): string[] {
  const found: string[] = [];
  const report = (index: number, snippet: string) =>
    found.push(`${file}:${lineOf(source, index)}  ${snippet.replace(/\s+/g, " ").slice(0, 120)}`);

  for (const m of source.matchAll(/new ApiError\(/g)) if (!file.endsWith("http/errors.ts")) report(m.index, m[0]);
  // ApiError.of(status, KNOWN, issues?, headers?), .onField(status, KNOWN, "path"), .invalid([{ path, message }]):
  // keys and paths ("referenceCode", "Retry-After") are fine, words and codes are not.
  for (const m of source.matchAll(/ApiError\.(of|onField|invalid)\(/g)) {
    const args = argumentsAt(source, m.index + m[0].length - 1);
    if (WORDS.test(args) || INLINE_CODE.test(args)) report(m.index, `${m[0]}${args})`);
  }
  // The sentence a guard refuses with (the role list is allowed: "super_admin").
  for (const m of source.matchAll(/requireStaff\(/g)) {
    const args = argumentsAt(source, m.index + m[0].length - 1);
    if (WORDS.test(args)) report(m.index, `${m[0]}${args})`);
  }
  // Schema messages and History notes: `message: "…"`, `note: "…"` / `note: \`…\``.
  for (const m of source.matchAll(/\b(message|note|notes):\s*("[^"\n]*"|'[^'\n]*'|`)/g)) {
    if (WORDS.test(m[2]!)) report(m.index, source.slice(m.index, source.indexOf("\n", m.index)));
  }
  return found;
}

describe("the server's messages come from the shared package", () => {
  it("no refusal, schema message or History note is typed in the server's sources", () => {
    const found = sources(SRC)
      // config.ts answers the operator who starts the server, in English, before any user is there.
      .filter((path) => !path.endsWith("config.ts"))
      // A provider's simulator answers as the provider does (Twilio's English error bodies), never to a user.
      .filter((path) => !path.endsWith("/provider/simulator.ts"))
      .flatMap((path) => violations(relative(SRC, path), readFileSync(path, "utf8")));
    expect(found).toEqual([]);
  });

  it("catches each way of typing a refusal, a schema message or a note", () => {
    const bad = [
      'throw new ApiError(404, "not_found", "Inscrição não encontrada");',
      'throw ApiError.of(409, { code: "class_full", message: CLASS_FULL });',
      "throw ApiError.of(409, { code: FULL.code, message: `A turma está lotada` });",
      'throw ApiError.onField(400, KNOWN, "file", "Selecione o arquivo");',
      'throw ApiError.invalid([{ path: "courseId", message: "Selecione o curso" }]);',
      'requireStaff("super_admin", "Só o Super Administrador pode alterar as configurações")',
      'const idParam = z.object({ id: z.uuid({ message: "Inscrição não encontrada" }) });',
      'await recordEvent(tx, id, { note: "Código enviado por WhatsApp" });',
      "await recordEvent(tx, id, { note: `Turma atribuída` });",
    ];
    for (const line of bad) expect(violations("modules/x/x.service.ts", line), line).not.toEqual([]);
    const good = [
      "throw ApiError.of(404, ENROLLMENT_NOT_FOUND);",
      'throw ApiError.of(400, REQUIRED_FIELDS, [{ path: "file", message: RECEIPT_MESSAGES.file }]);',
      'throw ApiError.onField(409, REFERENCE_CODE_TAKEN, "referenceCode");',
      "throw ApiError.of(409, classFull(cls.name));",
      'throw ApiError.invalid([{ path: "courseId", message: SELECT_COURSE }]);',
      'requireStaff("super_admin", SETTINGS_SUPER_ADMIN_ONLY_MESSAGE)',
      "await recordEvent(tx, id, { note: classAssignedNote(className) });",
    ];
    for (const line of good) expect(violations("modules/x/x.service.ts", line), line).toEqual([]);
  });
});
