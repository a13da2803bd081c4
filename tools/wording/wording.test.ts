import { describe, expect, it } from "vitest";
import { rewordedElsewhere } from "./glossary";
import { scanSource, scanTree } from "./scan";

// One way of speaking (decision 089): the product's texts use the SPEC's variety (Brazilian), so the scan
// refuses the European forms of the glossary in what a user reads, and only there.

const sample = `
import { ficheiroUpload } from "./ficheiro-upload";
// An English comment may name the word ficheiro, and so may an identifier.
const ficheiroId = labels["ficheiro"];
type Kind = "registado";
const copy = { "equipa": 1, title: "Erro ao eliminar turma", message: "Não é possível eliminar esta turma." };
export function Sample({ n }: { n: number }) {
  return (
    <div id="contacto" className="equipa">
      <Button aria-label="A carregar">Escolher ficheiro</Button>
      {/* a JSX comment: equipa */}
      <p>Turma eliminada com sucesso!</p>
      <p>{\`\${n} utilizadores\`} em Utilizadores</p>
      <span>A enviar...</span>
      <span>A partir de agora, está a usar a nova senha.</span>
    </div>
  );
}
`;

describe("wording scan (decision 089)", () => {
  it("refuses a European form in a message, and passes identifiers, comments, keys and the SPEC's exact texts", () => {
    const found = scanSource("apps/web/src/sample.tsx", sample).map((f) => [f.line, f.found, f.write]);
    expect(found).toEqual([
      [6, "eliminar", "excluir, excluído"],
      [10, "A carregar", "Carregando..."],
      [10, "ficheiro", "arquivo"],
      [13, "utilizadores", "usuário"],
      [14, "A enviar...", "Enviando..."],
      [15, "está a usar", "está enviando (gerund)"],
    ]);
  });

  it("finds no European form in the messages and screens of the shared package, the web app and the server", () => {
    const { findings, leftElsewhere } = scanTree();
    const lines = findings.map((f) => `${f.file}:${f.line} '${f.found}': write ${f.write}`);
    expect(lines, "write the Brazilian form (glossary in docs/decisions/089)").toEqual([]);
    // A text another branch was rewording and no longer exists: remove its entry from rewordedElsewhere.
    const stale = rewordedElsewhere.filter((r) => !leftElsewhere.has(`${r.file}\n${r.text}`));
    expect(stale).toEqual([]);
  });
});
