// A password hashed with the salt of an existing hash (decision 090), in better-auth's own format and cost
// (@better-auth/utils/password: "salt:key" in hex, scrypt N 16384, r 16, p 1, 64 bytes, NFKC): the hash of
// a student's own password, made with the salt of the temporary one it replaces, equals that hash exactly
// when the two passwords are the same. One scrypt then gives both the new hash and the "different from the
// temporary password" check. Plain JavaScript: the password hasher (password-hasher.mjs) imports it as it is.
import { scrypt } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { isTemporaryHash, verifyTemporary } from "./password-temporary.mjs";

const N = 16_384;
const r = 16;
const p = 1;
const KEY_LENGTH = 64;

/**
 * `password` hashed with the salt of `like` (a better-auth hash); better-auth's verifyPassword accepts it.
 * `like` a bulk temporary hash (password-temporary.mjs, cheaper): `like` itself when it is the same password,
 * else `password` hashed at the full cost. The answer is stored as the student's own password's hash, so it
 * never takes the temporary one's lower cost; the check costs one cheap scrypt more.
 */
export async function hashLike(password, like) {
  if (isTemporaryHash(like)) return (await verifyTemporary(like, password)) ? like : hashPassword(password);
  return hashLikeFull(password, like);
}

function hashLikeFull(password, like) {
  const [salt, key] = like.split(":");
  if (!salt || !key) return Promise.reject(new Error("Invalid password hash"));
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (err, derived) => {
      if (err) reject(err);
      else resolve(`${salt}:${derived.toString("hex")}`);
    });
  });
}
