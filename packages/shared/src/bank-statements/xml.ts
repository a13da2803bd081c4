/**
 * A small XML reader for the statement files (issue 25, decision 073): CAMT.053 and the parts of an XLSX.
 * Elements, attributes, text, CDATA and the five named entities plus numeric ones; comments and processing
 * instructions are skipped. A DOCTYPE is refused (no entity of the file's own is ever expanded). Element
 * names are kept without their namespace prefix (`ns2:Ntry` → `Ntry`): the files are read by local names.
 *
 * Linear in the size of the document (issue 33, decision 078): every character is looked at a bounded
 * number of times, one tag is at most `XML_MAX_TAG_CHARS` long, and `parseXml`'s tree holds at most
 * `XML_MAX_ELEMENTS` elements. `scanXml` hands elements and text over as it reads them, for a consumer
 * that keeps less than the tree (an XLSX sheet).
 */

export type XmlElement = {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
  line: number;
};

export class XmlError extends Error {}

/** The longest tag (`<c r="A1" s="3" t="s">`; a CAMT root with its namespaces is ~300). */
export const XML_MAX_TAG_CHARS = 10_000;
/** The most elements a tree may hold (~60 MB; a CAMT.053 of 5 MB has ~150 000). */
export const XML_MAX_ELEMENTS = 250_000;

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

/** Space, tab, line feed, carriage return. */
const isSpace = (c: number) => c === 32 || c === 9 || c === 10 || c === 13;

/** The attributes of a tag's body after its name, read left to right once (each step moves forward). */
function readAttributes(body: string, from: number, line: number): Record<string, string> {
  const attrs: Record<string, string> = {};
  let i = from;
  while (i < body.length) {
    while (i < body.length && isSpace(body.charCodeAt(i))) i++;
    const start = i;
    while (i < body.length && !isSpace(body.charCodeAt(i)) && body[i] !== "=") i++;
    if (i === start) i++; // a stray '=': skipped
    const name = body.slice(start, i);
    while (i < body.length && isSpace(body.charCodeAt(i))) i++;
    if (body[i] !== "=") continue;
    i++;
    while (i < body.length && isSpace(body.charCodeAt(i))) i++;
    const quote = body[i];
    if (quote !== '"' && quote !== "'") throw new XmlError(`atributo ${name} sem aspas na linha ${line}`);
    const end = body.indexOf(quote, i + 1);
    if (end === -1) throw new XmlError(`atributo ${name} sem fim na linha ${line}`);
    attrs[localName(name)] = decode(body.slice(i + 1, end));
    i = end + 1;
  }
  return attrs;
}

export type XmlHandler = {
  open(name: string, attrs: Record<string, string>, line: number): void;
  /** Text (entities decoded) or CDATA inside the innermost open element, `element`. */
  text(text: string, element: string): void;
  close(name: string): void;
};

/** Reads a document, telling `handler` each element and text in order; throws `XmlError` when not well formed. */
export function scanXml(text: string, handler: XmlHandler): void {
  const src = text.replace(/^\uFEFF/, "");
  if (src.includes("\u0000")) throw new XmlError("caractere nulo no arquivo");
  const open: string[] = [];
  let roots = 0;
  let line = 1;
  let pos = 0;
  const countLines = (from: number, to: number) => {
    for (let i = from; i < to; i++) if (src.charCodeAt(i) === 10) line++;
  };
  const skip = (lt: number, close: string, what: string) => {
    const stop = src.indexOf(close, lt);
    if (stop === -1) throw new XmlError(`${what} sem fim`);
    countLines(lt, stop + close.length);
    return stop + close.length;
  };
  while (pos < src.length) {
    const lt = src.indexOf("<", pos);
    const end = lt === -1 ? src.length : lt;
    if (end > pos) {
      const chunk = src.slice(pos, end);
      if (open.length > 0) handler.text(decode(chunk), open[open.length - 1]!);
      else if (chunk.trim() !== "") throw new XmlError("texto fora do elemento principal");
      countLines(pos, end);
    }
    if (lt === -1) break;
    if (src.startsWith("<!--", lt)) pos = skip(lt, "-->", "comentário");
    else if (src.startsWith("<?", lt)) pos = skip(lt, "?>", "instrução");
    else if (src.startsWith("<![CDATA[", lt)) {
      const stop = src.indexOf("]]>", lt);
      if (stop === -1) throw new XmlError("CDATA sem fim");
      if (open.length === 0) throw new XmlError("texto fora do elemento principal");
      handler.text(src.slice(lt + 9, stop), open[open.length - 1]!);
      countLines(lt, stop);
      pos = stop + 3;
    } else if (src.startsWith("<!", lt)) throw new XmlError("declarações <!DOCTYPE> não são aceitas");
    else {
      const gt = src.indexOf(">", lt);
      if (gt === -1) throw new XmlError(`etiqueta sem fim na linha ${line}`);
      if (gt - lt > XML_MAX_TAG_CHARS) {
        throw new XmlError(`etiqueta com mais de ${XML_MAX_TAG_CHARS} caracteres na linha ${line}`);
      }
      const tag = src.slice(lt + 1, gt);
      const tagLine = line;
      countLines(lt, gt);
      pos = gt + 1;
      if (tag.startsWith("/")) {
        const name = localName(tag.slice(1).trim());
        if (open.pop() !== name) throw new XmlError(`</${name}> na linha ${tagLine} sem abertura`);
        handler.close(name);
        continue;
      }
      const selfClosing = tag.endsWith("/");
      const body = selfClosing ? tag.slice(0, -1) : tag;
      let nameEnd = 0;
      while (nameEnd < body.length && !isSpace(body.charCodeAt(nameEnd))) nameEnd++;
      const name = localName(body.slice(0, nameEnd));
      if (name === "") throw new XmlError(`etiqueta vazia na linha ${tagLine}`);
      if (open.length === 0 && roots++ > 0) throw new XmlError("mais de um elemento principal");
      handler.open(name, readAttributes(body, nameEnd, tagLine), tagLine);
      if (selfClosing) handler.close(name);
      else open.push(name);
    }
  }
  if (open.length > 0) throw new XmlError(`<${open[open.length - 1]}> sem fecho`);
  if (roots === 0) throw new XmlError("sem elementos");
}

/** Parses a document into its root element, or throws `XmlError` saying why it is not well formed. */
export function parseXml(text: string): XmlElement {
  const root: XmlElement = { name: "#document", attrs: {}, children: [], text: "", line: 1 };
  const stack: XmlElement[] = [root];
  let count = 0;
  scanXml(text, {
    open(name, attrs, line) {
      if (++count > XML_MAX_ELEMENTS) throw new XmlError(`mais de ${XML_MAX_ELEMENTS} elementos`);
      const element: XmlElement = { name, attrs, children: [], text: "", line };
      stack[stack.length - 1]!.children.push(element);
      stack.push(element);
    },
    text(t) {
      stack[stack.length - 1]!.text += t;
    },
    close() {
      stack.pop();
    },
  });
  return root.children[0]!;
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
