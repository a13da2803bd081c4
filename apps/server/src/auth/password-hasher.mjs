// The password hasher (decision 068): a child process of the server, started at a low CPU priority,
// that hashes and checks passwords with better-auth's own functions (scrypt) and answers each message
// { id, op: "hash" | "verify" | "hashLike", password, hash } with { id, value } or { id, error }. The server
// sends it at most one question per core at a time (its line is in password-hashing.ts, decision 090).
// Plain JavaScript so that `fork()` runs it as it is, from src/ under tsx and from dist/ after the build.
import { answerPasswordQuestion } from "./password-questions.mjs";

process.on("message", async ({ id, ...question }) => {
  try {
    process.send?.({ id, value: await answerPasswordQuestion(question) });
  } catch (err) {
    process.send?.({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
// The server went away (stopped, killed): nothing is left to answer.
process.on("disconnect", () => process.exit(0));
