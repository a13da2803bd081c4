import { eq } from "drizzle-orm";
import { type Config, isLoopbackBaseUrl } from "../../config";
import type { Database } from "../../db/client";
import { appMeta } from "../../db/schema";
import { type Issuance, issuerId } from "./credential";

/**
 * The issuer identity every credential names (decision 065): set once, by the first certificate issued
 * (or credential handed out) while BASE_URL is a public address, and kept when BASE_URL changes later
 * (http → https, a new domain), so the credentials already in students' hands stay the institute's.
 * While BASE_URL is loopback nothing is kept (the demo data, development): the identity follows it.
 */
const ISSUER_KEY = "credential_issuer_id";

/** The issuance of today's credentials: the kept identity (kept now when `keep` and none is), today's BASE_URL. */
export async function currentIssuance(
  db: Database,
  config: Pick<Config, "baseUrl">,
  { keep }: { keep: boolean },
): Promise<Issuance> {
  const issuance = (id: string) => ({ issuerId: id, baseUrl: config.baseUrl });
  const kept = await keptIssuerId(db);
  if (kept) return issuance(kept);
  if (!keep || isLoopbackBaseUrl(config)) return issuance(issuerId(config.baseUrl));
  // Insert-if-absent, then read: two instances issuing the first certificates at once keep one identity.
  await db
    .insert(appMeta)
    .values({ key: ISSUER_KEY, value: issuerId(config.baseUrl) })
    .onConflictDoNothing();
  return issuance((await keptIssuerId(db))!);
}

async function keptIssuerId(db: Database): Promise<string | undefined> {
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, ISSUER_KEY));
  return row?.value;
}
