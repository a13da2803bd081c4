// The password hasher (decision 068): a child process of the server, started at a low CPU priority,
// that hashes and checks passwords with better-auth's own functions (scrypt) and answers each message
// { id, op: "hash" | "verify", password, hash } with { id, value } or { id, error }. Plain JavaScript so that
// `fork()` runs it as it is, from src/ under tsx and from dist/ after the build.
import { hashPassword, verifyPassword } from "better-auth/crypto";

process.on("message", async ({ id, op, password, hash }) => {
  try {
    const value = op === "hash" ? await hashPassword(password) : await verifyPassword({ hash, password });
    process.send?.({ id, value });
  } catch (err) {
    process.send?.({ id, error: err instanceof Error ? err.message : String(err) });
  }
});
// The server went away (stopped, killed): nothing is left to answer.
process.on("disconnect", () => process.exit(0));
