import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page } from "@playwright/test";
import { existingInstallation } from "./existing-installation";
import { ownServerPlace, spawnOwnServer, stopped } from "./own-server";
import { signInStaff } from "./sign-in";
import { applicant, approveThroughApi, userContext } from "./students";

const root = path.resolve(import.meta.dirname, "../../../..");

export const MULTICAIXA_API_KEY = "chave-e2e-proxypay-0123456789";
export const MULTICAIXA_ENTITY = "10111";

/**
 * A server of its own (the production build) beside the ProxyPay simulator, for the Multicaixa specs:
 * the shared e2e server keeps the bank-transfer flow the other specs read. `restart` stops the server
 * and starts it again on the same data, with references on or off (PROXYPAY_* unset), as an operator
 * would; the simulator keeps running and posts its webhooks to the same address.
 */
export interface MulticaixaServer {
  base: string;
  sim: string;
  dataDir: string;
  restart(references: "on" | "off"): Promise<void>;
  /** Another staff user of this server (the real create-admin command), e.g. a secretaria. */
  createStaff(user: { email: string; password: string; name: string; role: string }): void;
  /** The simulator's "pay" action: an ATM payment of `reference`, its webhook delivered unless told not to. */
  pay(
    reference: string,
    deliver?: boolean,
    amount?: string,
  ): Promise<{ payment: Record<string, unknown>; webhookStatus: number | null }>;
  close(): Promise<void>;
}

export async function startMulticaixaServer(
  name: string,
  admin: { email: string; password: string; name: string },
): Promise<MulticaixaServer> {
  const place = ownServerPlace(name);
  const { base, dataDir } = place;
  const simPort = place.port + 1;
  const sim = `http://127.0.0.1:${simPort}`;
  const proxyPay = {
    PROXYPAY_API_KEY: MULTICAIXA_API_KEY,
    PROXYPAY_ENTITY: MULTICAIXA_ENTITY,
    PROXYPAY_BASE_URL: sim,
    PROXYPAY_POLL_SECONDS: "5",
  };
  // Node itself with tsx's loader: `npx tsx` runs it in a grandchild that a SIGTERM would not reach.
  const simulator = spawn(
    process.execPath,
    ["--import", "tsx", "apps/server/src/modules/payment-references/provider/simulator-cli.ts"],
    {
      cwd: root,
      env: {
        ...process.env,
        ...proxyPay,
        PROXYPAY_SIM_PORT: String(simPort),
        PROXYPAY_SIM_WEBHOOK: `${base}/api/payment-references/webhook`,
      },
      stdio: "ignore",
    },
  );
  let server: ChildProcess | undefined;

  const startServer = async (references: "on" | "off") => {
    // Off: PROXYPAY_* unset, even if the spec's own environment had them.
    const off = Object.fromEntries(Object.keys(proxyPay).map((key) => [key, undefined]));
    server = await spawnOwnServer(place, references === "on" ? proxyPay : off);
  };

  await startServer("on");
  await expect.poll(async () => (await fetch(`${sim}/_sim/state`).catch(() => null))?.status).toBe(200);
  const createStaff = (user: { email: string; password: string; name: string; role: string }) => {
    execFileSync(
      "node",
      [
        "apps/server/dist/create-admin.js",
        ...["--email", user.email, "--password", user.password, "--name", user.name, "--role", user.role],
      ],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "silent" } },
    );
  };
  createStaff({ ...admin, role: "super_admin" });
  // Like the shared e2e server, an installation older than two-factor sign-in (decision 076).
  await existingInstallation(dataDir);

  return {
    base,
    sim,
    dataDir,
    createStaff,
    async restart(references) {
      if (server) {
        server.kill("SIGTERM");
        await stopped(server);
      }
      await startServer(references);
    },
    async pay(reference, deliver = true, amount) {
      const res = await fetch(`${sim}/_sim/pay`, {
        method: "POST",
        body: JSON.stringify({ reference, deliver, ...(amount ? { amount } : {}) }),
      });
      expect(res.status).toBe(200);
      return (await res.json()) as { payment: Record<string, unknown>; webhookStatus: number | null };
    },
    async close() {
      for (const child of [server, simulator]) child?.kill("SIGTERM");
      await Promise.all([server, simulator].map((c) => (c ? stopped(c) : null)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A student approved by staff (`admin`, signed in in a context of its own), looking at /aluno/pagamento
 * on a 390 px phone until the reference shows.
 */
export async function approvedWithReference(
  browser: Browser,
  base: string,
  admin: { email: string; password: string },
  name: string,
  phone: string,
  /** The student's e-mail (the enrolment takes it); none by default. */
  email?: string,
) {
  const student = await applicant(browser, base, name, phone, { email });
  const staff = await (await userContext(browser, base)).newPage();
  await signInStaff(staff, admin.email, admin.password);
  await expect(staff.getByTestId("role-label")).toBeVisible();
  await approveThroughApi(staff.request, base, student.enrollmentId, `MC-${phone.slice(-4)}`);
  const page = student.page;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/aluno/pagamento");
  const box = page.getByRole("region", { name: "Pagar por referência Multicaixa" });
  await expect(box.getByTestId("Referência Multicaixa")).toHaveText(/^\d{3} \d{3} \d{3}$/, { timeout: 20_000 });
  const reference = (await box.getByTestId("Referência Multicaixa").textContent())!.replace(/\s/g, "");
  return { student, staff, page, box, reference };
}

/** Financeiro's payments of `name`, as staff read them. */
export async function paymentsOf(staff: Page, name: string) {
  const res = await staff.request.get(`/api/admin/payments?q=${encodeURIComponent(name)}`);
  return ((await res.json()) as { rows: { paymentMethodLabel: string }[] }).rows;
}
