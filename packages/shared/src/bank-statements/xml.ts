/**
 * A small XML reader for the statement files (issue 25, decision 073): CAMT.053 and the parts of an XLSX.
 * Elements, attributes, text, CDATA and the five named entities plus numeric ones; comments and processing
 * instructions are skipped. A DOCTYPE is refused (no entity of the file's own is ever expanded). Element
 * names are kept without their namespace prefix (`ns2:Ntry` → `Ntry`): the files are read by local names.
 */

export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
};

export class XmlError extends Error {}

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (all, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    const named = ENTITIES[ref];
    if (named === undefined) throw new XmlError(`entidade desconhecida &${ref};`);
    return named;
  });
}

const localName = (name: string) => name.slice(name.indexOf(":") + 1);
const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** Parses a document into its root element, or throws `XmlError` saying why it is not well formed. */
export function parseXml(text: string): XmlElement {
  const src = text.replace(/^\uFEFF/, "");
  const root: XmlElement = { name: "#document", attrs: {}, children: [], text: "", line: 1 };
  const stack: XmlElement[] = [root];
  let line = 1;
  let pos = 0;
  const countLines = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (src.charCodeAt(i) === 10) line++;
  };
  while (pos < src.length) {
    const lt = src.indexOf("<", pos);
    const end = lt === -1 ? src.length : lt;
    if (end > pos) {
      const chunk = src.slice(pos, end);
      if (stack.length > 1) stack[stack.length - 1]!.text += decode(chunk);
      else if (chunk.trim() !== "") throw new XmlError("texto fora do elemento principal");
      countLines(pos, end);
    }
    if (lt === -1) break;
    const skip = (close: string, what: string) => {
      const stop = src.indexOf(close, lt);
      if (stop === -1) throw new XmlError(`${what} sem fim`);
      countLines(lt, stop + close.length);
      return stop + close.length;
    };
    if (src.startsWith("<!--", lt)) pos = skip("-->", "comentário");
    else if (src.startsWith("<?", lt)) pos = skip("?>", "instrução");
    else if (src.startsWith("<![CDATA[", lt)) {
      const stop = src.indexOf("]]>", lt);
      if (stop === -1) throw new XmlError("CDATA sem fim");
      stack[stack.length - 1]!.text += src.slice(lt + 9, stop);
      countLines(lt, stop);
      pos = stop + 3;
    } else if (src.startsWith("<!", lt)) throw new XmlError("declarações <!DOCTYPE> não são aceites");
    else {
      const gt = src.indexOf(">", lt);
      if (gt === -1) throw new XmlError("etiqueta sem fim");
      const tag = src.slice(lt + 1, gt);
      const tagLine = line;
      countLines(lt, gt);
      pos = gt + 1;
      if (tag.startsWith("/")) {
        const name = localName(tag.slice(1).trim());
        const open = stack.pop();
        if (!open || open === root || open.name !== name)
          throw new XmlError(`</${name}> na linha ${tagLine} sem abertura`);
        continue;
      }
      const selfClosing = tag.endsWith("/");
      const body = selfClosing ? tag.slice(0, -1) : tag;
      const nameEnd = body.search(/[\s]/);
      const name = localName(nameEnd === -1 ? body : body.slice(0, nameEnd));
      if (name === "") throw new XmlError(`etiqueta vazia na linha ${tagLine}`);
      const attrs: Record<string, string> = {};
      if (nameEnd !== -1) {
        for (const m of body.slice(nameEnd).matchAll(ATTR)) attrs[localName(m[1]!)] = decode(m[2] ?? m[3] ?? "");
      }
      const element: XmlElement = { name, attrs, children: [], text: "", line: tagLine };
      const parent = stack[stack.length - 1]!;
      if (parent === root && root.children.length > 0) throw new XmlError("mais de um elemento principal");
      parent.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length > 1) throw new XmlError(`<${stack[stack.length - 1]!.name}> sem fecho`);
  const [top] = root.children;
  if (!top) throw new XmlError("sem elementos");
  return top;
}

/** The first child named `name`, following a path of names (`child(el, "Amt")`, `child(el, "BookgDt", "Dt")`). */
export function child(el: XmlElement | undefined, ...path: string[]): XmlElement | undefined {
  let at = el;
  for (const name of path) at = at?.children.find((c) => c.name === name);
  return at;
}

/** Every child named `name`. */
export const children = (el: XmlElement | undefined, name: string) => el?.children.filter((c) => c.name === name) ?? [];

/** The text of the element at `path` (trimmed), or "". */
export const textAt = (el: XmlElement | undefined, ...path: string[]) => child(el, ...path)?.text.trim() ?? "";
