// One way of speaking (decision 089): the texts the SPEC does not word are written in the SPEC's own
// variety, Brazilian Portuguese, so its exact texts do not stand out. Each entry names a European form
// the scan refuses and the Brazilian form to write instead. `pattern` is matched case-insensitively on
// whole words inside the texts a user reads (string literals, template text and JSX text; never
// identifiers or comments).

export interface GlossaryEntry {
  european: string;
  brazilian: string;
  pattern: string;
}

export const glossary: GlossaryEntry[] = [
  { european: "ficheiro", brazilian: "arquivo", pattern: "ficheiros?" },
  {
    european: "registar, registado, registo",
    brazilian: "registrar, registrado, registro",
    pattern: "regist(?:ar|ado|ada|ados|adas|o|os|a|am|e|em|ou|aram|ando)",
  },
  { european: "equipa", brazilian: "equipe", pattern: "equipas?" },
  {
    european: "eliminar, eliminado",
    brazilian: "excluir, excluído",
    pattern: "elimin(?:ar|a|am|e|em|ou|ado|ada|ados|adas|ação|ações)",
  },
  { european: "A carregar…", brazilian: "Carregando...", pattern: "a carregar" },
  {
    european: "está a enviar (a + infinitive after estar, ficar, continuar, andar)",
    brazilian: "está enviando (gerund)",
    pattern:
      "(?:está|estão|estou|estamos|estava|estavam|fica|ficam|continua|continuam|anda|andam) a \\p{L}+(?:ar|er|ir)",
  },
  {
    european: "A enviar… (a status that starts with 'A' + infinitive and ends with an ellipsis)",
    brazilian: "Enviando...",
    pattern: "^A \\p{L}+(?:ar|er|ir)(?:\\s[^\\n]*)?(?:…|\\.\\.\\.)$",
  },
  { european: "telemóvel", brazilian: "celular", pattern: "telemóve(?:l|is)" },
  {
    european: "aplicação",
    brazilian: "aplicativo (an app on a phone or computer); sistema or portal (this software)",
    pattern: "aplicaç(?:ão|ões)",
  },
  { european: "ecrã", brazilian: "tela", pattern: "ecrãs?" },
  { european: "utilizador", brazilian: "usuário", pattern: "utilizador(?:es|a|as)?" },
  {
    european: "contacto, contactar, contacte",
    brazilian: "contato, entrar em contato, entre em contato",
    pattern: "contact(?:o|os|ar|a|am|e|em|ou|ado|ada|ados|adas)",
  },
  {
    european: "guardar, guardado (to save)",
    brazilian: "salvar, salvo",
    pattern: "guard(?:ar|ado|ada|ados|adas)",
  },
  { european: "base de dados", brazilian: "banco de dados", pattern: "bases? de dados" },
  { european: "ligação", brazilian: "conexão", pattern: "ligaç(?:ão|ões)" },
  { european: "descarregar", brazilian: "baixar", pattern: "descarreg\\p{L}*" },
  { european: "partilhar", brazilian: "compartilhar", pattern: "partilh\\p{L}*" },
  { european: "morada", brazilian: "endereço", pattern: "moradas?" },
  {
    european: "por analisar, por validar (what still waits)",
    brazilian: "aguardando análise, aguardando validação",
    pattern: "por (?:analisar|validar|rever|aprovar|confirmar|tratar)",
  },
  { european: "planeamento", brazilian: "planejamento", pattern: "planeamentos?" },
  { european: "gerir", brazilian: "gerenciar", pattern: "gerir" },
  { european: "aceder", brazilian: "acessar", pattern: "aced(?:er|e|em|ido|ida)" },
  { european: "mais pequeno", brazilian: "menor", pattern: "mais pequen(?:o|a|os|as)" },
  { european: "connosco", brazilian: "conosco", pattern: "connosco" },
  { european: "carácter", brazilian: "caractere", pattern: "carácter" },
  {
    european: "projecto, activo, actualizar, controlo",
    brazilian: "projeto, ativo, atualizar, controle",
    pattern: "projectos?|activ(?:o|a|os|as|ar|ado|ada|idade|idades)|actualiz\\p{L}*|controlo",
  },
  {
    european: "académico, económico, electrónico, anónimo, género",
    brazilian: "acadêmico, econômico, eletrônico, anônimo, gênero",
    pattern: "académic\\p{L}*|económic\\p{L}*|e(?:le|lec)trónic\\p{L}*|anónim\\p{L}*|género",
  },
  { european: "libertar (a seat)", brazilian: "liberar", pattern: "libert(?:ar|a|am|ad[oa]s?)" },
  { european: "tem a certeza", brazilian: "tem certeza", pattern: "(?:tem|têm|ter|tenho|temos) a certeza" },
  { european: "dentro de momentos", brazilian: "em alguns instantes", pattern: "dentro de momentos" },
  { european: "de momento", brazilian: "no momento", pattern: "de momento" },
  { european: "talão", brazilian: "comprovante", pattern: "talão|talões" },
];

/**
 * The SPEC's exact texts that use a European form: kept as the SPEC words them. `files` binds a short
 * name to the files where the SPEC's link or screen lives, so the same word elsewhere is still refused.
 */
export const specTexts: { text: string; files?: string[]; why: string }[] = [
  { text: "Utilizadores", why: "the screen's name (SPEC §2 'Admin users (Utilizadores)', §6)" },
  {
    text: "Contacto",
    files: ["apps/web/src/app/layouts/site-links.ts", "apps/web/src/app/layouts/public-layout.tsx"],
    why: "the public link 'Contacto (#contacto)' (SPEC §2) and the footer section it leads to",
  },
  { text: "#contacto", why: "the public link's anchor (SPEC §2)" },
  { text: "Erro ao eliminar turma", why: "SPEC §8, classes" },
  { text: "Turma eliminada com sucesso!", why: "SPEC §8, classes" },
];

/**
 * Texts another branch of issue 34 (i34-followups) is rewording at the same time; left to it. Each entry
 * must still be found, so an entry the rewording made obsolete fails the test until it is removed here.
 */
export const rewordedElsewhere: { file: string; text: string }[] = [];
