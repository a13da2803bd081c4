import { MAX_FILE_MB, MAX_JSON_BODY_KB } from "./limits";
import { formatKz } from "./money";

/**
 * The refusals both sides know: the server answers `{ error: { code, message } }` with one of these,
 * the web shows `error.message` and, where it must act differently, branches on `error.code`.
 * Each is its own plain object (no factory call) so a bundle keeps only the words it uses. The three any
 * request can meet (unexpected, network, session expired) are in ./request-messages, for the web's shell.
 */
export interface CodedMessage {
  readonly code: string;
  readonly message: string;
}

export const INVALID_DATA = { code: "validation_error", message: "Dados inválidos" } as const;
/** A request body (not a file upload) over MAX_JSON_BODY_KB: refused before it is read. */
export const REQUEST_TOO_LARGE = {
  code: "request_too_large",
  message: `Pedido muito grande. Tamanho máximo: ${MAX_JSON_BODY_KB} KB`,
} as const;
export const REQUIRED_FIELDS = {
  code: "validation_error",
  message: "Por favor, preencha todos os campos obrigatórios",
} as const;
export const NOT_FOUND = { code: "not_found", message: "Recurso não encontrado" } as const;
export const COURSE_NOT_FOUND = { code: "not_found", message: "Curso não encontrado" } as const;
export const CLASS_NOT_FOUND = { code: "not_found", message: "Turma não encontrada" } as const;
export const TEACHER_NOT_FOUND = { code: "not_found", message: "Professor não encontrado" } as const;
export const USER_NOT_FOUND = { code: "not_found", message: "Usuário não encontrado" } as const;
export const DOCUMENT_NOT_AVAILABLE = { code: "not_found", message: "Documento não disponível" } as const;
export const STUDENT_ACCOUNT_NOT_FOUND = { code: "not_found", message: "Conta do aluno não encontrada" } as const;

/** What the login screens say after a guarded call met SESSION_EXPIRED (./request-messages). */
export const SESSION_ENDED_NOTICE = "A sua sessão terminou. Entre novamente.";
export const NO_ROLE_LABEL = "Sem perfil";
export const NO_ROLE = {
  code: "no_role",
  message: `${NO_ROLE_LABEL}: aguarde que um administrador atribua um perfil`,
} as const;

export const WRONG_STAFF_CREDENTIALS = {
  code: "invalid_credentials",
  message: "Email ou senha incorretos. Por favor, tente novamente.",
} as const;
export const WRONG_STUDENT_CREDENTIALS = {
  code: "invalid_credentials",
  message: "Código ou senha incorretos",
} as const;
/** A student API other than the password change, while the password is still temporary (decision 028). */
export const PASSWORD_CHANGE_REQUIRED = {
  code: "password_change_required",
  message: "Altere a senha temporária antes de continuar",
} as const;
/**
 * Two-factor sign-in (decision 076). A staff API called by someone whose role requires it and who has
 * not turned it on: the web takes them to the set-up.
 */
export const TWO_FACTOR_SETUP_REQUIRED = {
  code: "two_factor_setup_required",
  message: "O seu perfil exige a verificação em dois passos. Ative-a na sua conta antes de continuar.",
} as const;
export const WRONG_TWO_FACTOR_CODE = { code: "wrong_code", message: "Código de verificação incorreto" } as const;
export const WRONG_BACKUP_CODE = {
  code: "wrong_code",
  message: "Código de recuperação incorreto ou já usado",
} as const;
/** The code step after the password expired (10 minutes) or met too many wrong codes: start again. */
export const SECOND_STEP_OVER = {
  code: "sign_in_again",
  message: "O pedido do código terminou. Entre novamente com o seu email e senha.",
} as const;
/**
 * An authenticator code already used to sign in (RFC 6238 §5.2, decision 080). The code step is spent
 * (the web goes back to the password, as for SECOND_STEP_OVER); the app's next code works.
 */
export const TWO_FACTOR_CODE_USED = {
  code: "sign_in_again",
  message: "Este código já foi usado. Entre novamente com o seu email e senha e digite o próximo código do aplicativo.",
} as const;
export const TWO_FACTOR_LOCKED = {
  code: "two_factor_locked",
  message: "Demasiados códigos errados: a verificação desta conta está bloqueada durante 15 minutos.",
} as const;
export const TWO_FACTOR_ALREADY_ON = {
  code: "two_factor_already_on",
  message: "A verificação em dois passos já está ativa nesta conta.",
} as const;
export const TWO_FACTOR_NOT_STARTED = {
  code: "two_factor_not_started",
  message: "Comece de novo a ativação da verificação em dois passos.",
} as const;
export const TWO_FACTOR_NOT_FOR_STUDENTS = {
  code: "forbidden",
  message: "A verificação em dois passos é só para a equipe do instituto.",
} as const;
export const TWO_FACTOR_NOT_ON = {
  code: "two_factor_not_on",
  message: "Este usuário não tem a verificação em dois passos ativa.",
} as const;
export const WRONG_CURRENT_PASSWORD = { code: "wrong_password", message: "Senha atual incorreta" } as const;
export const EMAIL_TAKEN = {
  code: "email_taken",
  message: "Este email já está em uso. Tente fazer login ou use outro email.",
} as const;
export const INVALID_LINK = { code: "invalid_link", message: "Link inválido" } as const;
export const MAIL_FAILED = { code: "mail_failed", message: "Erro ao enviar email" } as const;
/** The account was made but signing in with it failed; the web also titles its sign-up errors with it. */
export const SIGN_UP_FAILED = { code: "invalid_credentials", message: "Erro ao criar conta" } as const;

export const FILE_EMPTY = { code: "empty_file", message: "O arquivo está vazio" } as const;
export const FILE_TOO_LARGE = {
  code: "file_too_large",
  message: `Arquivo muito grande. Tamanho máximo: ${MAX_FILE_MB}MB`,
} as const;
export const DOCUMENT_WRONG_TYPE = {
  code: "unsupported_file_type",
  message: "Formato inválido. Use JPEG, PNG, WEBP ou PDF",
} as const;
/**
 * 503: the file storage (the disk folder or the S3 bucket) refused or did not answer while files were
 * being saved; nothing was recorded, so the same form can be sent again (decision 066).
 */
export const FILES_NOT_STORED = {
  code: "FILES_NOT_STORED",
  message: "Não foi possível salvar os arquivos. Nada foi registrado: tente enviar novamente em alguns instantes.",
} as const;
/** 503: the file storage did not answer while a stored file was being opened (decision 066). */
export const FILE_NOT_READABLE = {
  code: "FILE_NOT_READABLE",
  message: "Não foi possível abrir o arquivo neste momento. Tente novamente em alguns instantes.",
} as const;
export const CURRICULUM_WRONG_TYPE = {
  code: "unsupported_file_type",
  message: "Formato inválido. O currículo deve ser um PDF",
} as const;
export const RECEIPT_WRONG_TYPE = {
  code: "unsupported_file_type",
  message: "Formato inválido. Use JPEG, PNG ou PDF",
} as const;

/** Staff record an enrolment for a student who already has an open one (not rejected) in that course. */
export const DUPLICATE_OPEN_ENROLLMENT = {
  code: "duplicate_enrollment",
  message: "Este aluno já tem uma inscrição em aberto neste curso",
} as const;

/**
 * Staff record a walk-in enrolment for a phone that student accounts already have, without saying which
 * account it belongs to (issue 21, decision 024). The server's message lists them (`phoneHasAccounts`).
 */
export const STUDENT_PHONE_HAS_ACCOUNTS = {
  code: "student_phone_has_accounts",
  message: "Já existem contas de aluno com este telefone. Escolha a conta do aluno ou crie uma conta nova.",
} as const;
/** The account staff chose for a walk-in enrolment does not have the enrolment's phone (or no longer exists). */
export const STUDENT_ACCOUNT_NOT_FOR_PHONE = {
  code: "student_account_phone_mismatch",
  message: "A conta escolhida não tem este telefone. Escolha uma das contas com este telefone ou crie uma conta nova.",
} as const;

/** A student applies again for a course they hold (an open application or the course in progress; issue 14). */
export const OWN_DUPLICATE_OPEN_ENROLLMENT = {
  code: "duplicate_enrollment",
  message: "Já tem uma inscrição em aberto neste curso",
} as const;

/* Student accounts, staff side (issue 14). */
export const STUDENT_CODE_TAKEN = { code: "student_code_taken", message: "Código já em uso" } as const;

/* A staff confirmation sent once, whatever the clicks and retries (Idempotency-Key; decision 026). */
export const IDEMPOTENCY_KEY_MISSING = {
  code: "idempotency_key_missing",
  message: "Pedido sem chave de confirmação válida. Recarregue a página e tente de novo.",
} as const;
export const IDEMPOTENCY_KEY_REUSED = {
  code: "idempotency_key_reused",
  message: "Esta confirmação já foi usada para outro pedido. Feche a janela e tente de novo.",
} as const;
export const IDEMPOTENCY_ANSWER_EXPIRED = {
  code: "idempotency_answer_expired",
  message:
    "Este pedido já foi feito e a resposta já não pode ser mostrada de novo. Feche a janela e repita a operação.",
} as const;

/* Payment receipts (issue 13). */
export const RECEIPT_NOT_FOUND = { code: "not_found", message: "Comprovante não encontrado" } as const;
/** The enrolment is not the student's, or has no payment reference code yet (not approved). */
export const RECEIPT_ENROLLMENT_NOT_READY = {
  code: "enrollment_not_ready",
  message: "Esta inscrição ainda não aguarda pagamento",
} as const;
export const RECEIPT_ALREADY_PENDING = {
  code: "receipt_pending",
  message: "Já enviou um comprovante para esta inscrição. Aguarde a validação da equipe financeira.",
} as const;
export const RECEIPT_NOT_PENDING = {
  code: "receipt_not_pending",
  message: "Este comprovante já foi analisado",
} as const;
/** 'Atribuir turma' on an enrolment that got a class meanwhile (another staff member, or 'Confirmar pagamento'). */
export const ENROLLMENT_HAS_CLASS = {
  code: "enrollment_has_class",
  message: "Esta inscrição já tem turma",
} as const;

/* Teachers' accounts, results and certificates (issue 15, decision 021). */
export const TEACHER_USER_TAKEN = {
  code: "teacher_user_taken",
  message: "Este usuário já está vinculado a outro professor",
} as const;
export const TEACHER_USER_NOT_PROFESSOR = {
  code: "invalid_teacher_user",
  message: "Escolha um usuário com o perfil Professor",
} as const;
export const TEACHING_CLASS_NOT_YOURS = {
  code: "forbidden",
  message: "Só pode ver e registrar resultados das turmas que leciona",
} as const;
export const CERTIFICATE_NOT_FOUND = { code: "not_found", message: "Certificado não encontrado" } as const;
export const CERTIFICATE_PDF_NOT_READY = {
  code: "certificate_processing",
  message: "O PDF deste certificado ainda está em processamento",
} as const;
export const CERTIFICATE_ALREADY_REVOKED = {
  code: "certificate_revoked",
  message: "Este certificado já foi revogado",
} as const;
export const CERTIFICATE_ALREADY_REPLACED = {
  code: "certificate_replaced",
  message: "Este certificado já foi substituído por outro: reemita a partir do mais recente",
} as const;
export const CERTIFICATE_NOT_REISSUABLE = {
  code: "invalid_status",
  message: "Só se reemite o certificado de uma inscrição concluída",
} as const;
/**
 * 410 for a revoked certificate's PDF (both file routes) and signed credential: the student reads why, not
 * the document. The reason follows the colon (certificateRevoked in ./schemas/certificates).
 */
export const CERTIFICATE_REVOKED = { code: "certificate_revoked", message: "Este certificado foi revogado" } as const;
/** 409 when a result would be sent for an enrolment of another class: the student is not named (issue 21). */
export const RESULT_NOT_IN_CLASS = {
  code: "not_in_class",
  message: "Um dos alunos indicados não pertence a esta turma. Nenhum resultado foi registrado.",
} as const;
/** 409 when a result is corrected while its certificate is still valid (decision 027). */
export const RESULT_CERTIFICATE_IN_FORCE = {
  code: "certificate_in_force",
  message: "Este aluno tem um certificado válido: revogue-o antes de corrigir o resultado.",
} as const;
/** 409 when a correction would leave the result as it is. */
export const RESULT_UNCHANGED = {
  code: "result_unchanged",
  message: "O resultado e a nota indicados são os que já estão registrados: não há nada a corrigir.",
} as const;
/** A file dropped on /verificar that is not one of our credentials (not JSON, no signed token). */
export const CREDENTIAL_UNREADABLE = {
  code: "credential_unreadable",
  message: "Este arquivo não é uma credencial digital do instituto (certificado-….json)",
} as const;
export const CREDENTIAL_TOO_LARGE = {
  code: "file_too_large",
  message: "Arquivo muito grande. Tamanho máximo: 64 KB",
} as const;
/** The signature does not match the content: the file was edited or was not issued by us. */
export const CREDENTIAL_TAMPERED = {
  code: "credential_tampered",
  message:
    "Credencial inválida: a assinatura não corresponde ao conteúdo. O arquivo foi alterado ou não foi emitido por este instituto.",
} as const;

/*
 * Refusals the server used to type itself (issue 22): `ApiError` has no public constructor, so every
 * answer's code and words come from here, or from a factory beside the text it composes (wrongStatus in
 * ./enrollment-review, resultRefused… in ./schemas/certificates, phoneAccounts in ./schemas/enrollment-staff).
 * A refusal that names something (a class, a document) is a function returning a CodedMessage.
 */

/** Any role may be refused with its own sentence (the *_MESSAGE texts of ./enums, ./enrollment-review…). */
export const forbidden = (message: string): CodedMessage => ({ code: "forbidden", message });
export const FORBIDDEN = { code: "forbidden", message: "Não tem permissão para esta ação" } as const;
export const STAFF_ONLY = { code: "forbidden", message: "Acesso reservado à equipe do instituto" } as const;
export const STUDENTS_ONLY = { code: "forbidden", message: "Acesso reservado a alunos" } as const;
export const SETTINGS_SUPER_ADMIN_ONLY_MESSAGE = "Só o Super Administrador pode alterar as configurações";
export const SERVER_CONFIG_SUPER_ADMIN_ONLY_MESSAGE = "Só o Super Administrador vê a configuração do servidor";
/** The e-mails that keep failing and 'Tentar de novo' (decision 056). */
export const MAIL_FAILURES_SUPER_ADMIN_ONLY_MESSAGE = "Só o Super Administrador vê e reenvia os e-mails não enviados";
/** 'Estado do sistema': the operators' figures (decision 098). */
export const SYSTEM_STATUS_SUPER_ADMIN_ONLY_MESSAGE = "Só o Super Administrador vê o estado do sistema";
export const MAIL_NOT_FOUND = { code: "not_found", message: "E-mail não encontrado (já foi apagado da fila)" } as const;
export const MAIL_ALREADY_SENT = { code: "mail_already_sent", message: "Este e-mail já foi enviado" } as const;
/**
 * Why an e-mail's last try failed, in a director's words (the server picks one; decisions 056, 088): what
 * happened and whom to ask. What the technician changes is in MAIL_FAILURE_DETAILS.
 */
export const MAIL_FAILURE_REASONS = {
  interrupted: "O envio foi interrompido porque o servidor do portal parou; será tentado de novo.",
  auth: "O servidor de e-mail recusou o acesso do portal: o usuário ou a senha configurados estão errados. Peça ao técnico que instalou o portal que corrija o acesso ao e-mail.",
  envelope: "O servidor de e-mail recusou o endereço do destinatário ou do remetente.",
  tls: "Não foi possível estabelecer uma conexão segura (TLS) com o servidor de e-mail.",
  timeout: "O servidor de e-mail aceitou a conexão, mas não respondeu a tempo.",
  connection:
    "O portal não conseguiu contatar o servidor de e-mail: ele está desligado ou o endereço configurado está errado. Peça ao técnico que instalou o portal que verifique a configuração do e-mail.",
  unexpected: "Erro inesperado ao enviar o e-mail.",
} as const;
export type MailFailureKind = keyof typeof MAIL_FAILURE_REASONS;
/** The technician's part of a reason ('Detalhes para o técnico', decision 088): the setting and the restart. */
export const MAIL_FAILURE_DETAILS: Partial<Record<MailFailureKind, string>> = {
  auth: "Verifique o usuário e a senha na variável de ambiente SMTP_URL (smtp://usuário:senha@servidor:porta) e reinicie o servidor do portal.",
  connection:
    "Verifique o servidor e a porta na variável de ambiente SMTP_URL e se o servidor de e-mail está ligado e acessível a partir do servidor do portal. Depois de mudar SMTP_URL, reinicie o servidor do portal.",
};
export const mailRefused = (responseCode: number) =>
  `O servidor de e-mail recusou a mensagem (código ${responseCode}).`;
/** A state change whose Origin (or Referer) is not the portal's: refused before anything runs. */
export const BAD_ORIGIN = { code: "bad_origin", message: "Pedido recusado: origem não autorizada" } as const;
/** A body the server could not read at all (malformed JSON or form data). */
export const MALFORMED_REQUEST = { code: "bad_request", message: INVALID_DATA.message } as const;
/** Too many sign-in or reset attempts: wait the minutes the server counted (Retry-After says the seconds). */
export const tooManyAttempts = (minutes: number): CodedMessage => ({
  code: "too_many_attempts",
  message: `Muitas tentativas. Tente novamente dentro de ${minutes} ${minutes === 1 ? "minuto" : "minutos"}.`,
});
export const SETTINGS_MISSING = {
  code: "settings_missing",
  message: "As configurações do instituto não foram encontradas",
} as const;
export const LAST_SUPER_ADMIN = {
  code: "last_super_admin",
  message: "Não é possível remover o perfil do último Super Administrador",
} as const;

/* Catalogue. */
export const COURSE_IN_USE = {
  code: "course_in_use",
  message: "Não é possível excluir este curso: existem turmas ou inscrições associadas.",
} as const;
/** A fourth featured course: the message names the featured ones (`«A», «B» e «C»`). */
export const featuredLimit = (limit: number, names: readonly string[]): CodedMessage => {
  const quoted = names.map((name) => `«${name}»`);
  return {
    code: "featured_limit",
    message: `Já existem ${limit} cursos em destaque (${quoted.slice(0, -1).join(", ")} e ${quoted.at(-1)}). Retire o destaque de outro curso primeiro.`,
  };
};
export const CLASS_IN_USE = {
  code: "class_in_use",
  message: "Não é possível excluir esta turma: existem inscrições associadas.",
} as const;
export const maxStudentsBelowEnrolled = (enrolled: number): CodedMessage => ({
  code: "validation_error",
  message: `O número máximo de alunos não pode ser inferior aos ${enrolled} já matriculados`,
});
export const CURRICULUM_FILE_MISSING = {
  code: "validation_error",
  message: "Selecione o arquivo do currículo (PDF)",
} as const;

/* Enrolments. */
export const ENROLLMENT_NOT_FOUND = { code: "not_found", message: "Inscrição não encontrada" } as const;
export const ENROLLMENT_ALREADY_SUBMITTED = {
  code: "already_submitted",
  message: "A sua inscrição já foi enviada",
} as const;
export const ENROLLMENT_HAS_FINANCE_RECORDS = {
  code: "enrollment_has_payments",
  message:
    "Não é possível excluir esta inscrição: tem pagamentos, comprovantes ou certificados registrados, que não podem desaparecer.",
} as const;
/** A refusal about one document of a form with several: 'Bilhete de Identidade (verso): Formato inválido…'. */
export const ofDocument = (label: string, known: CodedMessage): CodedMessage => ({
  code: known.code,
  message: `${label}: ${known.message}`,
});
export const documentFileMissing = (label: string): CodedMessage => ({
  code: "validation_error",
  message: `${label}: selecione o arquivo`,
});
export const documentNotRequested = (label: string): CodedMessage => ({
  code: "document_not_requested",
  message: `${label}: este documento não tem um pedido de correção em aberto`,
});
export const CLASS_NOT_OF_COURSE = {
  code: "validation_error",
  message: "Esta turma não pertence ao curso da inscrição",
} as const;
/** The web's class picker branches on the `class_` prefix of these two codes. */
export const classNotActive = (className: string, statusLabel: string): CodedMessage => ({
  code: "class_not_active",
  message: `A turma «${className}» não está ativa («${statusLabel}»). Escolha outra turma.`,
});
export const classFull = (className: string): CodedMessage => ({
  code: "class_full",
  message: `A turma «${className}» está lotada. Escolha outra turma.`,
});
/** Approving with a payment reference code another enrolment already has (REFERENCE_CODE_MESSAGES.taken). */
export const REFERENCE_CODE_TAKEN = {
  code: "reference_code_taken",
  message: "Este código de referência já está em uso",
} as const;

/* Bank statements (issue 25, decision 070). */
export const STATEMENT_NOT_FOUND = { code: "not_found", message: "Extrato não encontrado" } as const;
export const STATEMENT_LINE_NOT_FOUND = { code: "not_found", message: "Linha do extrato não encontrada" } as const;
/** A payment is already recorded for the enrolment (a receipt approved, or another statement line confirmed). */
export const ENROLLMENT_ALREADY_PAID = {
  code: "enrollment_already_paid",
  message: "O pagamento desta inscrição já foi registrado",
} as const;
/**
 * A payment short of what the enrolment still owes, recorded by a person who did not choose (decision 083):
 * nothing is recorded until they choose to keep waiting for the balance or to accept the difference.
 */
export const paymentShortOfBalance = (amount: number, balance: number) => ({
  code: "payment_difference_undecided",
  message: `O pagamento (${formatKz(amount)}) é inferior ao que falta pagar (${formatKz(balance)}): escolha se a inscrição aguarda o saldo ou se aceita a diferença, com o motivo`,
});
/**
 * The desk's payment was entered against a balance that has since changed (decision 088): another payment
 * was recorded meanwhile, or the same one sent twice. Nothing is recorded; staff look again.
 */
export const balanceChanged = (shown: number, now: number) => ({
  code: "balance_changed",
  message: `O valor em dívida desta inscrição mudou de ${formatKz(shown)} para ${formatKz(now)}: outro pagamento foi registrado enquanto isso. Confira o valor antes de registrar.`,
});
/** 'Aceitar a diferença' on an enrolment that owes nothing, or does not await payment. */
export const NO_DIFFERENCE_TO_ACCEPT = {
  code: "no_difference_to_accept",
  message: "Esta inscrição não tem saldo em falta para aceitar",
} as const;
/** Assign, ignore or confirm a line that was already confirmed or ignored. */
export const STATEMENT_LINE_DECIDED = {
  code: "statement_line_decided",
  message: "Esta linha do extrato já foi confirmada ou ignorada",
} as const;
/** Assign a line to an enrolment that does not await payment (not approved with a code). */
export const STATEMENT_ENROLLMENT_NOT_PAYABLE = {
  code: "enrollment_not_payable",
  message: "Esta inscrição não aguarda pagamento",
} as const;
export const STATEMENT_FILE_INVALID = {
  code: "statement_file_invalid",
  message: "O arquivo do extrato não pôde ser lido",
} as const;
/** A statement file that cannot be read (issue 33): the reader's reason is the message, shown to finance. */
export const statementFileUnreadable = (reason: string): CodedMessage => ({
  code: STATEMENT_FILE_INVALID.code,
  message: reason,
});
/** Confirm a line that is neither 'Corresponde' nor assigned by hand. */
export const STATEMENT_LINE_NOT_CONFIRMABLE = {
  code: "statement_line_not_confirmable",
  message: "Só se confirmam linhas «Corresponde» ou atribuídas à mão a uma inscrição",
} as const;
/** Delete an import one of whose lines is confirmed (issue 34): the payment it recorded stays, so does the line. */
export const statementHasConfirmedLines = (confirmed: number): CodedMessage => ({
  code: "statement_has_confirmed_lines",
  message: `Este extrato não pode ser excluído: ${confirmed === 1 ? "1 linha já foi confirmada" : `${confirmed} linhas já foram confirmadas`} como pagamento`,
});
/** Forget a bank's columns that are not (or no longer) remembered. */
export const BANK_MAPPING_NOT_FOUND = {
  code: "not_found",
  message: "As colunas deste banco não estão salvas",
} as const;
/** A payment-reference webhook whose X-Signature does not sign its body (issue 26). */
export const REFERENCE_SIGNATURE_INVALID = {
  code: "reference_signature_invalid",
  message: "Assinatura da notificação de pagamento inválida",
} as const;
/** Multicaixa references are off (PROXYPAY_* unset). */
export const REFERENCES_OFF = {
  code: "references_off",
  message: "O pagamento por referência Multicaixa não está disponível",
} as const;
/** Renew a reference of an enrolment that does not await payment, or whose reference is still valid. */
export const REFERENCE_NOT_RENEWABLE = {
  code: "reference_not_renewable",
  message: "Esta referência não pode ser renovada: a inscrição não aguarda pagamento ou a referência ainda é válida",
} as const;

/*
 * A provider's payment that does not fit our columns (issue 33, decision 079): kept as 'invalid' with
 * the reason, each field that does not fit in finance's words.
 */
export const PROVIDER_PAYMENT_PROBLEMS = {
  missing: (field: string) => `${field}: em falta`,
  tooLong: (field: string, max: number) => `${field}: mais de ${max} caracteres`,
  control: (field: string) => `${field}: caracteres de controle (como \\u0000)`,
  characters: (field: string) => `${field}: caracteres inválidos`,
  amount: "Valor: ilegível ou acima de 999 999 999 999,99 Kz",
  datetime: "Data do pagamento: ilegível ou fora do intervalo (anos 2000 a 9999)",
  notAPayment: "Não é um objeto de pagamento",
} as const;
export const PROVIDER_PAYMENT_FIELDS = {
  id: "Identificador do pagamento",
  reference: "Referência",
  entity: "Entidade",
} as const;

/* 'Pagamentos por referência': finance settles the unmatched ones (issue 26, decision 077). */
export const REFERENCE_PAYMENT_MESSAGES = {
  state: "Filtro inválido (por resolver, arquivados ou aplicados à mão)",
  notFound: "Pagamento por referência não encontrado",
  enrollment: "Escolha a inscrição",
  reason: "Indique o motivo",
  reasonTooLong: "O motivo pode ter no máximo 500 caracteres",
} as const;
/** Apply an invalid reference payment whose amount could not be read (decision 079). */
export const REFERENCE_PAYMENT_UNREADABLE = {
  code: "reference_payment_unreadable",
  message: "O valor deste pagamento é ilegível: não pode ser aplicado a uma inscrição; arquive-o com o motivo",
} as const;
export const REFERENCE_PAYMENT_NOT_FOUND = { code: "not_found", message: REFERENCE_PAYMENT_MESSAGES.notFound } as const;
/** Apply or archive a reference payment that finance already settled (or that was applied by itself). */
export const REFERENCE_PAYMENT_SETTLED = {
  code: "reference_payment_settled",
  message: "Este pagamento por referência já foi aplicado ou arquivado",
} as const;

/** SMS to students (decision 092): a status callback when SMS is off, or not signed by the provider. */
export const SMS_OFF = { code: "sms_off", message: "O envio de SMS não está configurado" } as const;
export const SMS_SIGNATURE_INVALID = {
  code: "sms_signature_invalid",
  message: "Assinatura da notificação de SMS inválida",
} as const;
/** Configurações → SMS, the Painel's SMS notices and 'Enviar por SMS' (decision 094). */
export const SMS_SUPER_ADMIN_ONLY_MESSAGE = "Só o Super Administrador vê e altera o envio de SMS";
export const SMS_MESSAGE_NOT_FOUND = { code: "not_found", message: "SMS não encontrado" } as const;
/** 'Enviar por SMS' of a reset password after the student changed it, or after the answer is no longer kept. */
export const SMS_PASSWORD_GONE = {
  code: "sms_password_gone",
  message: "Esta senha já não pode ser enviada por SMS: resete a senha de novo e envie logo a seguir.",
} as const;
export const SMS_NO_MOBILE = {
  code: "sms_no_mobile",
  message: "O telefone do aluno não é um celular angolano (+244 9…): entregue a senha de outra forma.",
} as const;
export const SMS_OPTED_OUT = {
  code: "sms_opted_out",
  message: "O aluno desativou 'Receber SMS': entregue a senha pessoalmente ou pelo WhatsApp.",
} as const;
