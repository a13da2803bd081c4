import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { VIEWPORTS, violationsNow } from "./support/axe";
import { hasherOf, ownServerPlace, spawnOwnServer, stopped } from "./support/own-server";
import { userContext } from "./support/students";

/**
 * Decision 090: while the server's password hasher has a full line, a sign-in is answered at once with 503,
 * Retry-After and 'Muitas pessoas a entrar ao mesmo tempo. Tente de novo dentro de N segundos.'; the screen
 * counts the seconds down and sends the sign-in once more by itself. A server of this spec's own runs with
 * PASSWORD_QUEUE_SECONDS=0 (a hash only when a core is free), and its hasher is stopped (SIGSTOP) while
 * other sign-ins hold every core: the line is full for as long as the test says. The page's clock stands
 * still while the countdown is looked at, and is run forward once the line has drained.
 */
const SCREENS = path.join(import.meta.dirname, ".artifacts/screens");

/** axe waits on timers: the stopped clock is nudged a millisecond at a time meanwhile (far from the countdown's end). */
async function axeWithClockStill(page: Page) {
  const nudge = setInterval(() => void page.clock.runFor(1).catch(() => {}), 50);
  try {
    return await violationsNow(page);
  } finally {
    clearInterval(nudge);
  }
}

test.describe("a crowd signing in", () => {
  const place = ownServerPlace("crowd");
  let server: ChildProcess;
  let hasher: number | undefined;
  test.beforeAll(async () => {
    server = await spawnOwnServer(place, { PASSWORD_QUEUE_SECONDS: "0" });
  });
  test.afterAll(async () => {
    if (hasher) process.kill(hasher, "SIGCONT");
    server?.kill("SIGTERM");
    if (server) await stopped(server);
    rmSync(place.dataDir, { recursive: true, force: true });
  });

  const post = (path: string, data: unknown) =>
    fetch(`${place.base}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: place.base },
      body: JSON.stringify(data),
    });
  async function account(name: string, phone: string) {
    const res = await post("/api/student-accounts", { studentName: name, studentPhone: phone, hasEmail: false });
    expect(res.status).toBe(201);
    return (await res.json()) as { studentCode: string; studentPassword: string };
  }

  test("the student login shows the countdown and signs in by itself once the line has room", async ({ browser }) => {
    const student = await account("Aurora Multidão", "923777001");
    const other = await account("Bento Multidão", "923777002");
    const page = await (await userContext(browser, place.base)).newPage();
    await page.clock.install();
    await page.goto("/login-aluno");
    await page.getByLabel(/^Código de estudante/).fill(student.studentCode);
    await page.getByLabel(/^Senha/).fill(student.studentPassword);

    hasher = hasherOf(server.pid!);
    process.kill(hasher, "SIGSTOP");
    // Sign-ins of another student at once: one per core takes it (and hangs on the stopped hasher), the
    // next is told to come back.
    const others = Array.from({ length: os.availableParallelism() + 1 }, () =>
      post("/api/auth/student/sign-in", { code: other.studentCode, password: other.studentPassword }),
    );
    expect((await Promise.race(others)).status).toBe(503);

    const sent: number[] = [];
    page.on("response", (r) => {
      if (r.url().endsWith("/api/auth/student/sign-in")) sent.push(r.status());
    });
    await page.clock.pauseAt(Date.now() + 1000);
    const refused = page.waitForResponse((r) => r.url().endsWith("/api/auth/student/sign-in"));
    await page.getByRole("button", { name: "Entrar" }).click();
    const seconds = Number((await refused).headers()["retry-after"]);
    expect(seconds).toBeGreaterThanOrEqual(1);
    const notice = page.getByRole("status").filter({ hasText: "Vamos tentar de novo automaticamente." });
    await expect(notice).toContainText(
      `Muitas pessoas a entrar ao mesmo tempo. Tente de novo dentro de ${seconds} ${seconds === 1 ? "segundo" : "segundos"}.`,
    );
    // Looked at on a phone and a laptop (the sign-in button keeps its loader turning: no waiting for animations).
    for (const viewport of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await expect(notice).toBeVisible();
      await page.screenshot({ path: `${SCREENS}/crowd-wait-${viewport.width}.png`, fullPage: true });
      expect.soft(await axeWithClockStill(page)).toEqual([]);
    }
    expect(sent).toEqual([503]);

    // The line drains; the countdown runs out and the screen sends the sign-in again, which goes through.
    process.kill(hasher, "SIGCONT");
    hasher = undefined;
    expect((await Promise.all(others)).map((r) => r.status).sort()).toEqual([
      ...Array(os.availableParallelism()).fill(200),
      503,
    ]);
    await page.clock.runFor(seconds * 1000);
    await page.clock.resume();
    await expect(page).toHaveURL(/\/escolher-senha$/);
    await expect(notice).toHaveCount(0);
    expect(sent).toEqual([503, 200]);
  });
});
