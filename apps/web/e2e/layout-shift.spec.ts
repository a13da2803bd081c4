import { expect, type Page, test } from "@playwright/test";
import { holdRequests } from "./support/network";
import { signedInStaff } from "./support/sign-in";
import { applicant } from "./support/students";

/**
 * Issue 23 ('no layout shift on /aluno/acesso'): a screen whose data arrives after its first paint keeps
 * every element in place. Each answer is held back, as on a slow phone, until the page has painted its
 * place-holders; the page's own layout-shift entries (the browser's measure behind CLS) must sum to 0.
 */

/** Resolves once the browser has painted what the page shows now (two animation frames later). */
async function painted(page: Page) {
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
}

/** The sum of the layout shifts not caused by the user, since the page's navigation. */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean }>)
            if (!entry.hadRecentInput) sum += entry.value;
        }).observe({ type: "layout-shift", buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );
}

for (const width of [390, 1280]) {
  test(`nothing moves on the 'Painel' when its figures and the super_admin's notices arrive (${width} px)`, async ({
    browser,
    baseURL,
  }) => {
    const boss = await signedInStaff(browser, baseURL!, {
      email: `shift.boss.${width}@instituto.ao`,
      password: "senha123",
      name: "Diretora sem Saltos",
      role: "super_admin",
    });
    await boss.setViewportSize({ width, height: 844 });
    // Opened from the address, the Painel comes drawn with its data (decision 102); reached from another
    // screen, its figures and notices are asked then. The notice (this e2e server's BASE_URL is a loopback
    // address) comes after the figures.
    await boss.goto("/admin/enrollments");
    await expect(boss.getByRole("heading", { name: "Inscrições", level: 1 })).toBeVisible();
    const figures = await holdRequests(boss, "**/api/admin/dashboard");
    const notice = await holdRequests(boss, "**/api/admin/base-url");
    await boss.evaluate(() => {
      history.pushState(null, "", "/admin");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(boss.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
    await painted(boss);
    // What moved on the way from one screen to the other is not the Painel's doing.
    const beforeData = await layoutShift(boss);
    const figuresArrived = boss.waitForResponse("**/api/admin/dashboard");
    figures.release();
    await figuresArrived;
    await painted(boss);
    notice.release();
    await expect(boss.getByText("Falta configurar o endereço público do portal")).toBeVisible();
    await expect(boss.getByText("Total de alunos")).toBeVisible();
    expect(await layoutShift(boss)).toBe(beforeData);
  });
}

test("nothing moves on 'Dados de Acesso' when the account arrives, on a 390 px phone", async ({ browser, baseURL }) => {
  const student = await applicant(browser, baseURL!, "Aluna Sem Saltos", "923000871");
  await student.page.setViewportSize({ width: 390, height: 844 });
  const account = await holdRequests(student.page, "**/api/me/account");
  await student.page.goto("/aluno/acesso");
  await expect(student.page.getByRole("heading", { name: "Dados de Acesso", level: 1 })).toBeVisible();
  await painted(student.page);
  account.release();
  await expect(student.page.getByRole("main").getByText(student.code)).toBeVisible();
  await expect(student.page.getByText("Última alteração da senha")).toBeVisible();
  expect(await layoutShift(student.page)).toBe(0);
});
