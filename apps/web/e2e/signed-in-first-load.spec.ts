import { type APIRequestContext, expect, type Page, type Request, test } from "@playwright/test";
import { VIEWPORTS } from "./support/axe";
import { withDatabase } from "./support/server";
import { signInStudent } from "./support/sign-in";

// Decision 091: a signed-in screen's first HTML names its own page's code and the data it reads first, and
// a student's screen downloads none of the staff area's code.

/** Every script the page at `path` downloads while opening (until its title shows), with its text. */
async function scriptsOf(page: Page, path: string, title: string) {
  const files = new Set<string>();
  const listen = (r: Request) => {
    if (r.resourceType() === "script") files.add(new URL(r.url()).pathname);
  };
  page.on("request", listen);
  const html = await (await page.goto(path))!.text();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  page.off("request", listen);
  const texts = new Map<string, string>();
  for (const file of files) texts.set(file, await (await page.request.get(file)).text());
  return { html, texts };
}

/** A student account past its first steps (own password, enrolment sent), signed in on `page`. */
async function studentInTheArea(page: Page, request: APIRequestContext, studentName: string, studentPhone: string) {
  const created = await request.post("/api/student-accounts", {
    data: { studentName, studentPhone, hasEmail: false },
  });
  expect(created.status()).toBe(201);
  const { studentCode, studentPassword } = await created.json();
  await withDatabase((db) =>
    db.query(
      "update student_accounts set enrollment_completed = true, must_change_password = false where student_code = $1",
      [studentCode],
    ),
  );
  await signInStudent(page, studentCode, studentPassword);
  await expect(page).toHaveURL(/\/aluno\/pagamento$/);
}

test("a student's screens come with their own code named in the first HTML, and none of the staff area's", async ({
  page,
  request,
}) => {
  await studentInTheArea(page, request, "Rápido Aluno Teste", "923000191");

  // Each screen: its title, a text only its page's code has (the menu names every screen), the data it reads first.
  for (const [path, title, pageText, data] of [
    ["/aluno/pagamento", "Comprovar Pagamento", "Aguarde Aprovação", "/api/me/enrollments"],
    ["/aluno/acesso", "Dados de Acesso", "Use este código para fazer login", "/api/me/account"],
    ["/aluno/certificados", "Meus Certificados", "Como recebo o certificado?", "/api/me/certificates"],
  ] as const) {
    const { html, texts } = await scriptsOf(page, path, title);
    const named = [...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
    const pageFile = [...texts].find(([, text]) => text.includes(pageText))?.[0];
    expect(pageFile, `${path}: a script with the page's own text`).toBeDefined();
    expect(named, `${path}: its page's code is named in the first HTML`).toContain(pageFile);
    expect(html, `${path}: the data it reads first is asked with the HTML`).toContain(`href="${data}"`);
    // The staff area's texts: its menu's link to the public site, and the titles of its screens.
    for (const staffText of ["Ver site público", "Extratos bancários", "Contas de Alunos"]) {
      const carrier = [...texts].find(([, text]) => text.includes(staffText))?.[0];
      expect(carrier, `${path}: downloads staff code ('${staffText}')`).toBeUndefined();
    }
  }
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto("/aluno/pagamento");
    await expect(page.getByRole("heading", { name: "Comprovar Pagamento", level: 1 })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-091/aluno-pagamento-${size.width}.png`, fullPage: true });
  }
});

// Decision 095: the screen's frame (its layout and page before the data) is in its first HTML, so a phone
// paints the screen's title and text before any script has run; the screen then takes its place.
test("a student's screen paints its title and text from the first HTML, then the screen takes the frame's place", async ({
  browser,
  page,
  request,
}) => {
  await studentInTheArea(page, request, "Moldura Aluna Teste", "923000192");

  // No script runs: what shows is the HTML's own.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const before = await noScript.newPage();
  for (const [path, title, text] of [
    // The payment details depend on the student's data: place-holders until it arrives.
    ["/aluno/pagamento", "Comprovar Pagamento", "Gerencie sua conta e acompanhe seu progresso"],
    ["/aluno/acesso", "Dados de Acesso", "Avisos sobre a sua inscrição"],
    ["/aluno/certificados", "Meus Certificados", "Os certificados são emitidos automaticamente"],
  ] as const) {
    await before.goto(path);
    const frame = before.locator("#screen-frame");
    await expect(frame.locator("h1"), path).toHaveText(title);
    await expect(frame.getByText(text), path).toBeVisible();
  }
  for (const size of VIEWPORTS) {
    await before.setViewportSize(size);
    await before.goto("/aluno/pagamento");
    await before.screenshot({ path: `/tmp/shots-095/frame-aluno-pagamento-${size.width}.png`, fullPage: true });
  }
  await noScript.close();

  // With its scripts: the screen replaces the frame (one title, the student's own name in the header).
  await page.goto("/aluno/pagamento");
  await expect(page.getByRole("heading", { name: "Bem-vindo, Moldura" })).toBeVisible();
  await expect(page.locator("#screen-frame")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Comprovar Pagamento", level: 1 })).toHaveCount(1);
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto("/aluno/pagamento");
    await expect(page.getByRole("heading", { name: "Bem-vindo, Moldura" })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-095/aluno-pagamento-${size.width}.png`, fullPage: true });
  }
});

test("signed out, a screen's frame gives way to the sign-in page", async ({ page }) => {
  await page.goto("/aluno/certificados");
  await expect(page).toHaveURL(/\/login-aluno$/);
  await expect(page.locator("#screen-frame")).toHaveCount(0);
  await expect(page.getByText("Os certificados são emitidos automaticamente")).toHaveCount(0);
});
