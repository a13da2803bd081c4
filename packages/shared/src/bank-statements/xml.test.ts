import { describe, expect, it } from "vitest";
import { parseXml, XML_MAX_ELEMENTS, XML_MAX_TAG_CHARS, XmlError } from "./xml";

const reason = (text: string) => {
  try {
    parseXml(text);
    return "read";
  } catch (e) {
    if (e instanceof XmlError) return e.message;
    throw e;
  }
};

/** The reader of CAMT.053 and XLSX parts (decision 073), against files built to take the server down (issue 33). */
describe("parseXml", () => {
  it("reads elements, attributes in either quote, entities and CDATA by local name", () => {
    const doc = parseXml(`<?xml version="1.0"?><ns:A x = "1&amp;2" ns:y='&#x41;'><B>a<![CDATA[<b>]]>c</B><C/></ns:A>`);
    expect(doc).toMatchObject({ name: "A", attrs: { x: "1&2", y: "A" } });
    expect(doc.children.map((c) => [c.name, c.text])).toEqual([
      ["B", "a<b>c"],
      ["C", ""],
    ]);
  });

  it("reads tags and attributes in linear time: long attribute names without a value cost their length once", () => {
    // 100 tags of one 9 000-character name each: a backtracking reader takes minutes, this one a few ms.
    const tags = Array.from({ length: 100 }, () => `<e ${"n".repeat(9_000)}/>`).join("");
    expect(parseXml(`<r>${tags}</r>`).children).toHaveLength(100);
  }, 10_000);

  it("refuses a tag longer than the limit, a DOCTYPE, a NUL, an unquoted attribute and a tree past the element limit", () => {
    expect(reason(`<r ${"a".repeat(XML_MAX_TAG_CHARS)}/>`)).toBe(
      `etiqueta com mais de ${XML_MAX_TAG_CHARS} caracteres na linha 1`,
    );
    expect(reason(`<!DOCTYPE r [<!ENTITY x "y">]><r>&x;</r>`)).toBe("declarações <!DOCTYPE> não são aceitas");
    expect(reason("<r>\u0000</r>")).toBe("caractere nulo no arquivo");
    expect(reason("<r a=1/>")).toBe("atributo a sem aspas na linha 1");
    expect(reason(`<r>${"<e/>".repeat(XML_MAX_ELEMENTS)}</r>`)).toBe(`mais de ${XML_MAX_ELEMENTS} elementos`);
  });

  it("reads nesting 100 000 deep without recursion", () => {
    const depth = 100_000;
    let at = parseXml(`${"<d>".repeat(depth)}x${"</d>".repeat(depth)}`);
    for (let i = 1; i < depth; i++) at = at.children[0]!;
    expect(at.text).toBe("x");
  });
});
