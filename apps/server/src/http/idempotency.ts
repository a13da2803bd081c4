import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { IDEMPOTENCY_ANSWER_EXPIRED, IDEMPOTENCY_KEY_REUSED } from "@app/shared/messages";
import { and, eq, isNotNull, lt } from "drizzle-orm";
import type { Database, Tx } from "../db/client";
import { idempotentRequests } from "../db/schema";
import { ApiError } from "./errors";

/**
 * Staff confirmations that must take effect once (decision 026): the web makes one `Idempotency-Key`
 * (a UUID) when a confirmation opens and sends it with every attempt. The first request with the key
 * claims it (a row in `idempotent_requests`, inserted in the transaction that does the work, so a second
 * request with the key waits on the primary key until the first commits); every later one gets the first
 * answer back, for the same caller, operation, record and data only. The answer is kept encrypted for
 * `REPLAY_MS` (it may carry a generated password), and the row for `KEEP_MS` so that a very late retry is
 * refused rather than done twice.
 */
export const IDEMPOTENCY_REPLAY_MS = 10 * 60_000;
const KEEP_MS = 24 * 60 * 60_000;

export interface IdempotentRequest {
  key: string;
  actorUserId: string;
  operation: string;
  targetId: string;
  /** The parsed body (anything JSON): a second request with the key must carry the same. */
  body?: unknown;
}

function keys(secret: string) {
  const derive = (info: string) => Buffer.from(hkdfSync("sha256", secret, "", `idempotent-requests/${info}`, 32));
  return { mac: derive("mac"), enc: derive("enc") };
}

const aadOf = (r: IdempotentRequest) => Buffer.from(`${r.key}|${r.actorUserId}|${r.operation}|${r.targetId}`);

function encrypt(key: Buffer, aad: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv).setAAD(aad);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), data]).toString("base64");
}

/** The plain answer, or null when it cannot be read (AUTH_SECRET changed since). */
function decrypt(key: Buffer, aad: Buffer, stored: string): string | null {
  const raw = Buffer.from(stored, "base64");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12)).setAAD(aad);
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, "utf8"), Buffer.from(b, "utf8"));

/**
 * Runs `work` once per key, inside the transaction that claims the key, and stores its (JSON) answer.
 * `replayed` says the answer is the first request's, sent again.
 */
export async function runIdempotent<T>(
  db: Database,
  secret: string,
  request: IdempotentRequest,
  work: (tx: Tx) => Promise<T>,
): Promise<{ result: T; replayed: boolean }> {
  const { mac, enc } = keys(secret);
  const requestHash = createHmac("sha256", mac)
    .update(JSON.stringify(request.body ?? null))
    .digest("base64url");
  const now = Date.now();
  // Housekeeping first, outside the work's transaction: answers older than 10 minutes are wiped,
  // rows older than a day deleted.
  await db
    .update(idempotentRequests)
    .set({ response: null })
    .where(
      and(
        isNotNull(idempotentRequests.response),
        lt(idempotentRequests.createdAt, new Date(now - IDEMPOTENCY_REPLAY_MS)),
      ),
    );
  await db.delete(idempotentRequests).where(lt(idempotentRequests.createdAt, new Date(now - KEEP_MS)));

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotentRequests)
      .values({
        key: request.key,
        actorUserId: request.actorUserId,
        operation: request.operation,
        targetId: request.targetId,
        requestHash,
      })
      .onConflictDoNothing()
      .returning({ key: idempotentRequests.key });
    if (claimed.length === 1) {
      const result = await work(tx);
      await tx
        .update(idempotentRequests)
        .set({ response: encrypt(enc, aadOf(request), JSON.stringify(result)) })
        .where(eq(idempotentRequests.key, request.key));
      return { result, replayed: false };
    }
    // The key was claimed by a request that has committed (this INSERT waited for it): its answer, if ours.
    const [earlier] = await tx.select().from(idempotentRequests).where(eq(idempotentRequests.key, request.key));
    const same =
      earlier &&
      earlier.actorUserId === request.actorUserId &&
      earlier.operation === request.operation &&
      earlier.targetId === request.targetId &&
      sameText(earlier.requestHash, requestHash);
    if (!same) throw ApiError.of(409, IDEMPOTENCY_KEY_REUSED);
    const fresh = earlier.createdAt.getTime() > now - IDEMPOTENCY_REPLAY_MS;
    const plain = fresh && earlier.response ? decrypt(enc, aadOf(request), earlier.response) : null;
    if (plain === null) throw ApiError.of(409, IDEMPOTENCY_ANSWER_EXPIRED);
    return { result: JSON.parse(plain) as T, replayed: true };
  });
}

/**
 * The answer a request with this key got, read without claiming the key: null when no such request was
 * made by this caller for this operation and record, or its answer is no longer kept (decision 094:
 * 'Enviar por SMS' sends the password a reset answered, never resetting anything itself).
 */
export async function earlierAnswer<T>(db: Database, secret: string, request: IdempotentRequest): Promise<T | null> {
  const { enc } = keys(secret);
  const [earlier] = await db.select().from(idempotentRequests).where(eq(idempotentRequests.key, request.key));
  if (
    !earlier?.response ||
    earlier.actorUserId !== request.actorUserId ||
    earlier.operation !== request.operation ||
    earlier.targetId !== request.targetId ||
    earlier.createdAt.getTime() <= Date.now() - IDEMPOTENCY_REPLAY_MS
  )
    return null;
  const plain = decrypt(enc, aadOf(request), earlier.response);
  return plain === null ? null : (JSON.parse(plain) as T);
}
