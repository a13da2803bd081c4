/** Personal data under Lei n.º 22/11 (issue 39, decision 099): the words staff and students read about it. */

/** Staff screens a document can be opened from; the web sends one as `?tela=`, anything else is 'outra'. */
export const FILE_ACCESS_SCREENS = ["inscricoes", "comprovantes", "contas-alunos", "financeiro", "outra"] as const;
export type FileAccessScreen = (typeof FILE_ACCESS_SCREENS)[number];
export const FILE_ACCESS_SCREEN_LABELS: Record<FileAccessScreen, string> = {
  inscricoes: "Inscrições",
  comprovantes: "Comprovantes",
  "contas-alunos": "Contas de Alunos",
  financeiro: "Financeiro",
  outra: "Outra tela",
};
/** The query parameter that names the screen a document was opened from. */
export const FILE_ACCESS_SCREEN_PARAM = "tela";

export function fileAccessScreen(value: string | undefined | null): FileAccessScreen {
  return (FILE_ACCESS_SCREENS as readonly string[]).includes(value ?? "") ? (value as FileAccessScreen) : "outra";
}

/** The documents whose opening by staff is recorded, and how each is named to people. */
export const RECORDED_FILE_KIND_LABELS = {
  id_card_front: "BI (frente)",
  id_card_back: "BI (verso)",
  certificate: "Certificado de habilitações",
  receipt: "Comprovante de pagamento",
} as const;
export type RecordedFileKind = keyof typeof RECORDED_FILE_KIND_LABELS;
export const RECORDED_FILE_KINDS = Object.keys(RECORDED_FILE_KIND_LABELS) as RecordedFileKind[];

/** The notice the institute starts with; super_admin rewrites it in Configurações → 'Privacidade'. */
export const DEFAULT_PRIVACY_NOTICE = [
  "Quem trata seus dados: o instituto, responsável pelo tratamento, nos termos da Lei n.º 22/11 (Proteção de Dados Pessoais).",
  "Para quê: cuidar da sua conta, da sua inscrição, dos pagamentos e emitir o seu certificado. Não vendemos nem cedemos seus dados.",
  "Por quanto tempo: os documentos (BI, certificado de habilitações, comprovantes) são excluídos depois do fim da inscrição, no prazo definido pelo instituto; os pagamentos e os certificados emitidos são mantidos pelo tempo que a lei exige.",
  "Seus direitos: saber que dados temos, baixar uma cópia, pedir a correção e pedir a exclusão, na tela 'Dados de Acesso' ou pelo e-mail abaixo. Você também pode reclamar junto da Agência de Proteção de Dados (APD).",
].join("\n\n");

/** What account creation and the enrolment form show above the link to the full notice. */
export const privacyShortNotice = (institute: string) =>
  `Seus dados são mantidos pelo ${institute} para cuidar da sua conta e a sua inscrição, pelo tempo que isso exige. Você pode ver, baixar ou pedir a exclusão dos seus dados em 'Dados de Acesso'.`;

export const PRIVACY_NOTICE_MAX = 8000;
export const PRIVACY_NOTICE_MIN = 40;

/** Files of ended enrolments are deleted after this many months unless super_admin says otherwise (or 'nunca'). */
export const DEFAULT_RETENTION_MONTHS = 12;
export const RETENTION_MONTHS_MAX = 120;

/** Who anonymised people become after an erasure ('Aluno removido #7'). */
export const erasedPersonName = (number: number) => `Aluno removido #${number}`;

export const ERASURE_REQUEST_STATUS_LABELS = { pending: "Pendente", done: "Executado", refused: "Recusado" } as const;
export type ErasureRequestStatus = keyof typeof ERASURE_REQUEST_STATUS_LABELS;
export const ERASURE_CHANNEL_LABELS = { portal: "Pelo portal", presencial: "Presencial" } as const;
export type ErasureChannel = keyof typeof ERASURE_CHANNEL_LABELS;

export const PRIVACY_NOTICE_OUTDATED = {
  code: "privacy_notice_outdated",
  message: "O aviso de privacidade mudou: leia a nova versão e aceite-a",
} as const;
export const ERASURE_REQUEST_NOT_FOUND = { code: "not_found", message: "Pedido de exclusão não encontrado" } as const;
export const ERASURE_ENROLLMENT_IN_PROGRESS = {
  code: "enrollment_in_progress",
  message: "Este aluno tem uma inscrição em andamento: conclua-a ou cancele-a (rejeite-a) antes de excluir os dados",
} as const;
export const ERASURE_REQUEST_REFUSED = {
  code: "erasure_request_refused",
  message: "Este pedido de exclusão foi recusado: o aluno pode fazer um novo pedido",
} as const;
export const ERASURE_REQUEST_DONE = {
  code: "erasure_request_done",
  message: "Este pedido de exclusão já foi executado e não pode ser recusado",
} as const;
export const REFUSAL_REASON_MAX = 500;
export const ERASURE_ALREADY_REQUESTED = {
  code: "erasure_already_requested",
  message: "Já existe um pedido de exclusão pendente para este aluno",
} as const;
export const DOCUMENT_DELETED = {
  code: "document_deleted",
  message: "Este documento foi excluído (prazo de conservação ou pedido de exclusão)",
} as const;

export const PRIVACY_SUPER_ADMIN_ONLY_MESSAGE =
  "Só o Super Administrador vê quem abriu documentos e trata os pedidos de exclusão de dados";

/**
 * Whether a signed-in student is asked to accept the notice (once, on their next screen): when the
 * institute has published a notice of its own (a version after the default one) that they have not
 * accepted. Accounts made before the notice existed, or by staff at the desk, are not stopped by the
 * default text (decision 099); account creation on the portal accepts it.
 */
export function mustAcceptNotice(own: { currentVersion: number; acceptedVersion: number | null }): boolean {
  return own.currentVersion > 1 && own.acceptedVersion !== own.currentVersion;
}

/** 'Baixar meus dados': at most this many a day per student. */
export const OWN_DATA_PER_DAY = 3;
