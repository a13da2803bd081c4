import { expect, type Page, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";
import { kz } from "./support/fixtures";

// A demo course with an open class (seed-demo.ts); this spec only reads it.
const COURSE = "Desenvolvimento Web Full Stack";
const SLUG = "desenvolvimento-web-full-stack";
const CLASS = "Full Stack — Turma A";
const SHOTS = "e2e/.artifacts/course-page";

const courseHeading = (page: Page) => page.getByRole("heading", { name: COURSE, level: 1 });

test("a course's page reads with JavaScript off: name, price, classes, enrolment and the WhatsApp link", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const res = await page.goto(`/cursos/${SLUG}`);
  expect(res?.status()).toBe(200);
  await expect(courseHeading(page)).toBeVisible();
  await expect(page.getByText(kz(150000)).first()).toBeVisible();
  const turma = page.getByRole("article", { name: CLASS });
  await expect(turma).toContainText("Vagas disponíveis");
  await expect(turma).toContainText("Segunda a Quarta, 18h-21h (noite)");
  await expect(page.getByRole("link", { name: "Inscrever-se Agora" })).toHaveAttribute(
    "href",
    /^\/inscricao\?curso=[0-9a-f-]{36}$/,
  );
  const whatsapp = await page.getByRole("link", { name: "Enviar por WhatsApp" }).getAttribute("href");
  expect(whatsapp).toMatch(/^https:\/\/wa\.me\/\?text=/);
  expect(decodeURIComponent(whatsapp!.split("text=")[1]!)).toContain(`${baseURL}/cursos/${SLUG}`);
  await context.close();
});

test("the catalogue's card leads to the course's page; 'Enviar por WhatsApp' carries its link; axe and screenshots at both widths", async ({
  page,
  baseURL,
}) => {
  // The phone's share sheet is not there (as on most desktop browsers).
  await page.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: removing a browser API for the test
    delete (Navigator.prototype as any).share;
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/cursos");
  // The card's title is the link to the course's page (a screenshot to look at).
  await expect(page.getByRole("link", { name: COURSE })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/catalogue-390.png` });
  await page.getByRole("link", { name: COURSE }).click();
  await expect(page).toHaveURL(new RegExp(`/cursos/${SLUG}$`));
  await expect(courseHeading(page)).toBeVisible();
  await expect(page.getByRole("article", { name: CLASS })).toBeVisible();

  const whatsapp = page.getByRole("link", { name: "Enviar por WhatsApp" });
  const text = decodeURIComponent((await whatsapp.getAttribute("href"))!.split("text=")[1]!);
  expect(text).toContain(COURSE);
  expect(text).toMatch(kz(150000));
  expect(text).toContain(`${baseURL}/cursos/${SLUG}`);
  await expect(page.getByRole("button", { name: "Copiar link" })).toBeVisible();

  await checkAtBothWidths(page, SHOTS, "course-page", async (width) => {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect.soft(overflow, `horizontal scroll at ${width}px`).toBeLessThanOrEqual(0);
  });
});

test("where the phone has a share sheet, 'Compartilhar' opens it with the course's link", async ({ page, baseURL }) => {
  await page.addInitScript(() => {
    // The share sheet as a recorder: what the page asked to share.
    Object.defineProperty(Navigator.prototype, "share", {
      configurable: true,
      value: (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        return Promise.resolve();
      },
    });
  });
  await page.goto(`/cursos/${SLUG}`);
  await page.getByRole("button", { name: "Compartilhar" }).click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData }).shared);
  expect(shared).toMatchObject({ title: COURSE, url: `${baseURL}/cursos/${SLUG}` });
  await expect(page.getByRole("link", { name: "Enviar por WhatsApp" })).toHaveCount(0);
});

test("an unknown course answers 404 with the 404 page", async ({ page }) => {
  const res = await page.goto("/cursos/curso-que-nao-existe");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
});

test("the public pages' HTML is adopted by the app, not drawn again (the largest paint is the HTML's)", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(e.message));
  // The first h1 the page gets is the HTML's (the parser adds it before any script runs): it is marked,
  // and after the app has started it must still be the one on screen.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      const h1 = document.querySelector("h1");
      if (!h1) return;
      h1.setAttribute("data-from-html", "");
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  for (const [path, heading] of [
    [`/cursos/${SLUG}`, COURSE],
    ["/cursos", "Cursos"],
    ["/", "Cursos extracurriculares para crescer na sua carreira"],
  ] as const) {
    await page.goto(path);
    // Once this shows, the app runs the page (the class cards / the catalogue's cards come from it or stay).
    await expect(page.getByRole("article").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: heading, level: 1 })).toHaveAttribute("data-from-html", "");
  }
  expect(errors).toEqual([]);
});
