import { PERSON_NAME_MIN, TEACHER_YEARS_MAX, TEACHER_YEARS_MIN } from "./limits";

/** Field messages that several schemas, or a schema and a server check, give for the same rule. */

export const NAME_REQUIRED = "Nome é obrigatório";
export const NAME_TOO_SHORT = `O nome deve ter pelo menos ${PERSON_NAME_MIN} caracteres`;
export const NAME_TOO_LONG = "Nome muito longo";
export const TEXT_TOO_LONG = "Texto muito longo";
export const REJECTION_REASON_REQUIRED = "Indique o motivo da rejeição";
export const PHONE_TOO_LONG = "Telefone muito longo";
export const EMAIL_TOO_LONG = "Email muito longo";
export const INVALID_EMAIL = "Email inválido";
export const PASSWORDS_DIFFER = "As senhas não coincidem";
export const INVALID_STATUS = "Estado inválido";
export const SELECT_COURSE = "Selecione o curso";
export const INVALID_TEACHER = "Professor inválido";
export const TEACHER_YEARS_RANGE = `Os anos de experiência vão de ${TEACHER_YEARS_MIN} a ${TEACHER_YEARS_MAX}`;
export const INVALID_ROLE = "Perfil inválido";
export const INVALID_DOCUMENT = "Documento inválido";

/** A student replacing the temporary password must choose another one (checked by the server and the form). */
export const SAME_AS_TEMPORARY_PASSWORD = "Escolha uma senha diferente da temporária";
