// What the password hasher answers (password-hasher.mjs), and the server itself when the hasher cannot
// run: one place that knows which hash format a stored hash is in. Plain JavaScript: the hasher imports it
// as it is.
import { hashPassword, verifyPassword } from "better-auth/crypto";
import { hashLike } from "./password-salted.mjs";
import { isTemporaryHash, verifyTemporary } from "./password-temporary.mjs";

const answers = {
  hash: ({ password }) => hashPassword(password),
  verify: ({ password, hash }) =>
    isTemporaryHash(hash) ? verifyTemporary(hash, password) : verifyPassword({ hash, password }),
  hashLike: ({ password, hash }) => hashLike(password, hash),
};

/** The answer to `question` ({ op, password, hash }). */
export function answerPasswordQuestion({ op, ...question }) {
  const answer = answers[op];
  if (!answer) return Promise.reject(new Error(`unknown question: ${op}`));
  return answer(question);
}
