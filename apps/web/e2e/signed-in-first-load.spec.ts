import { type APIRequestContext, expect, type Page, type Request, test } from "@playwright/test";
import { VIEWPORTS } from "./support/axe";
import { withDatabase } from "./support/server";
import { signedInStaff, signInStudent } from "./support/sign-in";
import { applicant, approveThroughApi } from "./support/students";

// Decision 091: a signed-in screen's first HTML names its own page's code and the data it reads first, and
// a student's screen downloads none of the staff area's code. Decision 100: nor the form schemas' library
// (zod), which a form imports when it is first used. Staff screens that only show data (the dashboard,
// receipts, Financeiro) load no zod either, nor another screen's page.

/** A name zod's core gives its base schema class, kept as a string by the minifier: in any script holding zod. */
const ZOD_MARK = "$ZodType";

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
    // Named by a modulepreload link, or in the list the page starts the app with once painted (decision 102).
    const started = html.match(/<script type="application\/json" id="app-scripts">([^<]+)<\/script>/)?.[1];
    const named = [
      ...[...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1]!),
      ...(started ? (JSON.parse(started) as { preload: string[] }).preload : []),
    ];
    const pageFile = [...texts].find(([, text]) => text.includes(pageText))?.[0];
    expect(pageFile, `${path}: a script with the page's own text`).toBeDefined();
    expect(named, `${path}: its page's code is named in the first HTML`).toContain(pageFile);
    // Asked with the HTML, or in it when the server drew the screen with it (decision 102).
    expect(
      html.includes(`href="${data}"`) || html.includes('id="screen-data"'),
      `${path}: the data it reads first comes with the HTML`,
    ).toBe(true);
    // The staff area's texts: its menu's link to the public site, and the titles of its screens.
    for (const staffText of ["Ver site público", "Extratos bancários", "Contas de Alunos"]) {
      const carrier = [...texts].find(([, text]) => text.includes(staffText))?.[0];
      expect(carrier, `${path}: downloads staff code ('${staffText}')`).toBeUndefined();
    }
    const zodCarrier = [...texts].find(([, text]) => text.includes(ZOD_MARK))?.[0];
    expect(zodCarrier, `${path}: downloads zod at start-up`).toBeUndefined();
  }

  // The password form brings its schemas when first used, and checks with them as before.
  await page.goto("/aluno/acesso");
  await expect(page.getByRole("heading", { name: "Dados de Acesso", level: 1 })).toBeVisible();
  const later: string[] = [];
  page.on("response", async (r) => {
    if (r.request().resourceType() === "script" && (await r.text()).includes(ZOD_MARK)) later.push(r.url());
  });
  await page.getByRole("textbox", { name: "Nova senha", exact: true }).focus();
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page.getByText("Nova senha é obrigatória")).toBeVisible();
  await expect(page.getByText("Confirmação de senha é obrigatória")).toBeVisible();
  await expect.poll(() => later.length, { message: "the form's first use downloads zod" }).toBeGreaterThan(0);
  for (const size of VIEWPORTS) {
    await page.setViewportSize(size);
    await page.goto("/aluno/pagamento");
    await expect(page.getByRole("heading", { name: "Comprovar Pagamento", level: 1 })).toBeVisible();
    await page.screenshot({ path: `/tmp/shots-091/aluno-pagamento-${size.width}.png`, fullPage: true });
  }
});

test("a staff screen loads neither zod nor another screen's page at start-up; a form brings them when opened", async ({
  browser,
  baseURL,
}) => {
  const page = await signedInStaff(browser, baseURL!, {
    email: "rapido.financeiro@instituto.ao",
    password: "rapidofin123",
    name: "Rápido Financeiro",
    role: "financeiro",
  });
  // Each screen's title, and a text only its page's code has (its subtitle).
  const screens = [
    ["/admin", "Painel", "Resumo da atividade do instituto"],
    ["/admin/payment-receipts", "Gestão de Comprovantes de Pagamento", "Valide os comprovantes enviados"],
    ["/admin/financial", "Financeiro", "Pagamentos recebidos, valores pendentes"],
    ["/admin/enrollments", "Inscrições", "Pré-inscrições, aprovações, pagamentos e matrículas"],
  ] as const;
  for (const [path, title, own] of screens) {
    const { texts } = await scriptsOf(page, path, title);
    const ownCarrier = [...texts].find(([, text]) => text.includes(own))?.[0];
    expect(ownCarrier, `${path}: its own page's code`).toBeDefined();
    for (const [other, , otherText] of screens.filter(([p]) => p !== path)) {
      const carrier = [...texts].find(([, text]) => text.includes(otherText))?.[0];
      expect(carrier, `${path}: downloads the page of ${other}`).toBeUndefined();
    }
    const zodCarrier = [...texts].find(([, text]) => text.includes(ZOD_MARK))?.[0];
    expect(zodCarrier, `${path}: downloads zod at start-up`).toBeUndefined();
  }

  // 'Nova inscrição' (the secretariat's) comes at its first opening, with its schemas, and checks its
  // steps as before.
  const desk = await signedInStaff(browser, baseURL!, {
    email: "rapido.secretaria@instituto.ao",
    password: "rapidosec123",
    name: "Rápida Secretaria",
    role: "secretaria",
  });
  await desk.goto("/admin/enrollments");
  await expect(desk.getByRole("heading", { name: "Inscrições", level: 1 })).toBeVisible();
  const later: string[] = [];
  desk.on("response", async (r) => {
    if (r.request().resourceType() === "script" && (await r.text()).includes(ZOD_MARK)) later.push(r.url());
  });
  await desk.getByRole("button", { name: "Nova inscrição" }).click();
  const dialog = desk.getByRole("dialog", { name: "Nova inscrição" });
  await dialog.getByRole("tab", { name: "Documentos" }).click();
  await expect(desk.getByText("Preencha todos os campos obrigatórios antes de continuar")).toBeVisible();
  await expect(dialog.getByText("Nome do pai é obrigatório")).toBeVisible();
  await expect.poll(() => later.length, { message: "the dialog's first opening downloads zod" }).toBeGreaterThan(0);
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
    await before.goto("/aluno/acesso");
    await before.screenshot({ path: `/tmp/shots-095/frame-aluno-acesso-${size.width}.png`, fullPage: true });
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

test("signed out, a screen comes without its frame and the visitor goes to sign in", async ({ page }) => {
  // Without a session the server sends the area's HTML (decision 102): the screen is never seen, not even drawn.
  const html = await (await page.goto("/aluno/certificados", { waitUntil: "commit" }))!.text();
  expect(html).not.toContain("screen-frame");
  expect(html).not.toContain("Os certificados são emitidos automaticamente");
  await expect(page).toHaveURL(/\/login-aluno$/);
  await expect(page.locator("#screen-frame")).toHaveCount(0);
  await expect(page.getByText("Os certificados são emitidos automaticamente")).toHaveCount(0);
});

// Decision 102: /aluno/pagamento's largest text is the student's own payment details, so the server draws
// it with them, as that student; the app starts from the same data instead of asking for it again.
test("/aluno/pagamento comes drawn with the student's own payment details, and the app starts from them", async ({
  browser,
  baseURL,
}) => {
  const staff = await signedInStaff(browser, baseURL!, {
    email: "desenho@instituto.ao",
    password: "desenho123",
    name: "Desenho Staff",
    role: "admin",
  });
  const payer = await applicant(browser, baseURL!, "Desenhada Pagante Teste", "923000193");
  const waiting = await applicant(browser, baseURL!, "Desenhada Espera Teste", "923000194");
  await approveThroughApi(staff.request, baseURL!, payer.enrollmentId, "DESENHO-102");

  for (const [student, shows, hides] of [
    [payer, ["Pague por transferência bancária", "DESENHO-102"], ["Aguarde Aprovação"]],
    [waiting, ["Aguarde Aprovação"], ["DESENHO-102"]],
  ] as const) {
    const noScript = await browser.newContext({
      baseURL,
      javaScriptEnabled: false,
      storageState: await student.context.storageState(),
    });
    const before = await noScript.newPage();
    const answer = await before.goto("/aluno/pagamento");
    expect(answer!.headers()["cache-control"], "the student's own page: kept by no one").toBe("private, no-store");
    const frame = before.locator("#screen-frame");
    await expect(frame.locator("h1")).toHaveText("Comprovar Pagamento");
    for (const text of shows) await expect(frame.getByText(text).first(), `${student.name}: ${text}`).toBeVisible();
    for (const text of hides) await expect(frame.getByText(text), `${student.name}: ${text}`).toHaveCount(0);
    if (student === payer)
      for (const size of VIEWPORTS) {
        await before.setViewportSize(size);
        await before.screenshot({ path: `/tmp/shots-102/drawn-aluno-pagamento-${size.width}.png`, fullPage: true });
      }
    await noScript.close();
  }

  // With its scripts: the screen takes the frame's place from the data in the page, without asking for it.
  const asked: string[] = [];
  payer.page.on("request", (r) => {
    const { pathname } = new URL(r.url());
    if (pathname === "/api/session" || pathname === "/api/me/enrollments") asked.push(pathname);
  });
  await payer.page.goto("/aluno/pagamento");
  await expect(payer.page.getByRole("heading", { name: "Bem-vindo, Desenhada" })).toBeVisible();
  await expect(payer.page.locator("#screen-frame")).toHaveCount(0);
  await expect(payer.page.getByRole("heading", { name: "Comprovar Pagamento", level: 1 })).toHaveCount(1);
  await expect(payer.page.getByText("DESENHO-102").first()).toBeVisible();
  expect(asked, "the session and the enrolments came with the page").toEqual([]);
  for (const size of VIEWPORTS) {
    await payer.page.setViewportSize(size);
    await payer.page.goto("/aluno/pagamento");
    await expect(payer.page.locator("#screen-frame")).toHaveCount(0);
    await expect(payer.page.getByText("DESENHO-102").first()).toBeVisible();
    await payer.page.screenshot({ path: `/tmp/shots-102/aluno-pagamento-${size.width}.png`, fullPage: true });
  }

  // Signed out, the page is the one built for everybody: nobody's data in it.
  const signedOut = await browser.newContext({ baseURL });
  const html = await (await signedOut.request.get("/aluno/pagamento")).text();
  expect(html).not.toContain("screen-data");
  expect(html).not.toContain("DESENHO-102");
  await signedOut.close();
});
