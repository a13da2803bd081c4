import type { CodedMessage } from "./messages";

/**
 * What any request to the API can end with, whatever the route. The web's shell (lib/api, the query
 * client) needs only these, so they live apart from ./messages: the public pages' bundle carries
 * these three, not every refusal of the back office.
 */

export const UNEXPECTED_ERROR = {
  code: "internal_error",
  message: "Ocorreu um erro inesperado. Tente novamente.",
} as const satisfies CodedMessage;
/** Added to an unexpected error's message: the id a user quotes and the technician finds in the logs. */
export const errorCodeSentence = (requestId: string) => `Código do erro: ${requestId}.`;
/** Only the browser meets it: the request never reached the server. */
export const NETWORK_ERROR = {
  code: "network",
  message: "Sem conexão com o servidor. Verifique a sua internet e tente novamente.",
} as const satisfies CodedMessage;
/** A guarded call without a live session; the web then sends the user to the login (SESSION_ENDED_NOTICE). */
export const SESSION_EXPIRED = {
  code: "unauthenticated",
  message: "Sessão expirada. Faça login novamente.",
} as const satisfies CodedMessage;
/**
 * The database does not answer (a restart, a failover, a network cut): the server answers 503 with
 * Retry-After instead of failing, and recovers by itself when the database is back (decision 023).
 */
export const DATABASE_UNAVAILABLE = {
  code: "DATABASE_UNAVAILABLE",
  message: "O serviço está temporariamente indisponível. Tente novamente em alguns instantes.",
} as const satisfies CodedMessage;
/**
 * The password hasher's line is full (a crowd signing in at once, decision 090): the server answers 503
 * with Retry-After at once instead of keeping the request waiting; the web counts down and tries again.
 */
export const CROWDED_CODE = "crowded";
export const crowded = (seconds: number): CodedMessage => ({
  code: CROWDED_CODE,
  message: `Muitas pessoas a entrar ao mesmo tempo. Tente de novo dentro de ${seconds} ${seconds === 1 ? "segundo" : "segundos"}.`,
});
