import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { existingInstallation } from "./existing-installation";
import { ownServerPlace, spawnOwnServer, stopped } from "./own-server";

const root = path.resolve(import.meta.dirname, "../../../..");

const TWILIO = {
  SMS_PROVIDER: "twilio",
  TWILIO_ACCOUNT_SID: `AC${"e2".repeat(16)}`,
  TWILIO_AUTH_TOKEN: "token-e2e-twilio-0123456789",
  TWILIO_FROM: "INSTITUTO",
};

/** One SMS as the Twilio simulator received it (GET /_sim/messages). */
export interface ReceivedSms {
  sid: string;
  to: string;
  from: string;
  body: string;
  callbacks: { status: string; answer: number | null }[];
}

export interface SmsServer {
  base: string;
  /** What the simulator received for `to` (+2449…), oldest first. */
  received(to: string): Promise<ReceivedSms[]>;
  close(): Promise<void>;
}

/**
 * A server of its own (the production build) with SMS_PROVIDER=twilio pointed at the Twilio simulator
 * (`npm run sms-sim`'s script), like the ProxyPay one of the Multicaixa specs: the shared e2e server keeps
 * SMS off. The simulator posts signed status callbacks to the server's BASE_URL; by default a number
 * ending in 0003 is undelivered (30003), 0005 failed, any other delivered.
 */
export async function startSmsServer(name: string, admin: { email: string; password: string; name: string }) {
  const place = ownServerPlace(name);
  const simPort = place.port + 1;
  const sim = `http://127.0.0.1:${simPort}`;
  // Node itself with tsx's loader: `npx tsx` runs it in a grandchild that a SIGTERM would not reach.
  const simulator = spawn(
    process.execPath,
    ["--import", "tsx", "apps/server/src/modules/sms/provider/simulator-cli.ts"],
    {
      cwd: root,
      env: { ...process.env, ...TWILIO, SMS_SIM_PORT: String(simPort), SMS_SIM_DELAY_MS: "100" },
      stdio: "ignore",
    },
  );
  await expect.poll(async () => (await fetch(`${sim}/_sim/messages`).catch(() => null))?.status).toBe(200);
  const server: ChildProcess = await spawnOwnServer(place, { ...TWILIO, TWILIO_BASE_URL: sim });
  execFileSync(
    "node",
    [
      "apps/server/dist/create-admin.js",
      ...["--email", admin.email, "--password", admin.password, "--name", admin.name, "--role", "super_admin"],
    ],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "silent" },
    },
  );
  // Like the shared e2e server, an installation older than two-factor sign-in (decision 076).
  await existingInstallation(place.dataDir);

  return {
    base: place.base,
    async received(to: string) {
      const all = (await (await fetch(`${sim}/_sim/messages`)).json()) as ReceivedSms[];
      return all.filter((m) => m.to === to);
    },
    async close() {
      for (const child of [server, simulator]) child.kill("SIGTERM");
      await Promise.all([server, simulator].map((c) => stopped(c)));
      rmSync(place.dataDir, { recursive: true, force: true });
    },
  } satisfies SmsServer;
}
