// The hash of a generated temporary password given out in bulk (decision 097, "Scale"): scrypt at a lower
// cost than better-auth's (N 1024, r 8 instead of N 16384, r 16: 1/32 of the work, 1 MiB instead of 32),
// with its cost written in the hash ("$scrypt$N=1024,r=8,p=1$salt$key", hex) so the verifier reads it and
// a later change of cost leaves the stored hashes readable. Only for passwords the server drew itself
// (6 random characters, single use: the student must choose their own at the first sign-in, and that one
// is hashed at the full cost); never for a password a person chose. Plain JavaScript: the password
// hasher (password-hasher.mjs) imports it as it is.
import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

export const TEMPORARY_COST = { N: 1024, r: 8, p: 1 };
const PREFIX = "$scrypt$";
const KEY_LENGTH = 64;
/** A stored cost above better-auth's own is not one this module wrote: refused rather than run. */
const MAX_N = 16_384;
const MAX_R = 16;
const MAX_P = 4;

function derive(password, salt, { N, r, p }) {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, { N, r, p, maxmem: 128 * N * r * 2 }, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

/** Whether `hash` is in this module's format (else it is better-auth's "salt:key"). */
export function isTemporaryHash(hash) {
  return hash.startsWith(PREFIX);
}

/** The temporary password's hash, with a fresh salt and the cost written in it. */
export async function hashTemporary(password) {
  const salt = randomBytes(16).toString("hex");
  const { N, r, p } = TEMPORARY_COST;
  const key = await derive(password, salt, TEMPORARY_COST);
  return `${PREFIX}N=${N},r=${r},p=${p}$${salt}$${key.toString("hex")}`;
}

function parse(hash) {
  const [cost, salt, key] = hash.slice(PREFIX.length).split("$");
  const read = /^N=(\d+),r=(\d+),p=(\d+)$/.exec(cost ?? "");
  if (!read || !salt || !key) throw new Error("Invalid password hash");
  const [N, r, p] = read.slice(1).map(Number);
  const powerOfTwo = N >= 2 && (N & (N - 1)) === 0;
  if (!powerOfTwo || N > MAX_N || r < 1 || r > MAX_R || p < 1 || p > MAX_P) throw new Error("Invalid password hash");
  return { cost: { N, r, p }, salt, key: Buffer.from(key, "hex") };
}

/** Whether `password` is the one `hash` (this module's format) was made from. */
export async function verifyTemporary(hash, password) {
  const { cost, salt, key } = parse(hash);
  const derived = await derive(password, salt, cost);
  return derived.length === key.length && timingSafeEqual(derived, key);
}
