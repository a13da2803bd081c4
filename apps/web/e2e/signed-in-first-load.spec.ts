import { expect, type Page, type Request, test } from "@playwright/test";
import { VIEWPORTS } from "./support/axe";
import { withDatabase } from "./support/server";
import { signedInStaff, signInStudent } from "./support/sign-in";

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

test("a student's screens come with their own code named in the first HTML, and none of the staff area's", async ({
  page,
  request,
}) => {
  const created = await request.post("/api/student-accounts", {
    data: { studentName: "Rápido Aluno Teste", studentPhone: "923000191", hasEmail: false },
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
