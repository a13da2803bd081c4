import { writeFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { openHomePage } from "./support/public-pages";
import { dataDir, withDatabase } from "./support/server";
import { chooseOwnPassword } from "./support/students";

/** Picks a file the way a user does: click the field, answer the file chooser. */
async function attach(page: Page, label: RegExp, file: string) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(label).click();
  await (await chooser).setFiles(file);
}

test.use({ viewport: { width: 390, height: 844 }, permissions: ["clipboard-read", "clipboard-write"] });

const PDF = Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const REQUIRED_TOAST = "Por favor, preencha todos os campos obrigatórios";

test("on a phone: from the home page to a submitted pre-enrolment", async ({ page }) => {
  // Compressing a 12-megapixel photo takes most of this on a busy 2-core CI machine (plus the password step).
  test.setTimeout(420_000);
  // A 12-megapixel noisy photo, as a phone camera makes, far above 5 MB before compression.
  const photo = path.join(dataDir, "foto-bi-frente.jpg");
  // The app runs the page before 'Abrir menu' is tapped (in the prerendered page that button does nothing).
  await openHomePage(page);
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 4000;
    canvas.height = 3000;
    const g = canvas.getContext("2d")!;
    const img = g.createImageData(4000, 3000);
    // Random bytes in 64 KB blocks (a Math.random() per byte took minutes on a 2-core machine), opaque.
    for (let at = 0; at < img.data.length; at += 65_536) crypto.getRandomValues(img.data.subarray(at, at + 65_536));
    for (let i = 3; i < img.data.length; i += 4) img.data[i] = 255;
    g.putImageData(img, 0, 0);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/jpeg", 0.95));
    // As base64 text: an array of millions of numbers took over a minute to cross to the test.
    const dataUrl = await new Promise<string>((r) => {
      const reader = new FileReader();
      reader.onload = () => r(reader.result as string);
      reader.readAsDataURL(blob);
    });
    return dataUrl.slice(dataUrl.indexOf(",") + 1);
  });
  const bytes = Buffer.from(base64, "base64");
  writeFileSync(photo, bytes);
  expect(bytes.length).toBeGreaterThan(5 * 1024 * 1024);
  const png = await page.evaluate(async () => {
    const canvas = document.createElement("canvas");
    canvas.width = 600;
    canvas.height = 380;
    const g = canvas.getContext("2d")!;
    g.fillStyle = "#d0e4f5";
    g.fillRect(0, 0, 600, 380);
    g.fillStyle = "#123";
    g.fillText("REPÚBLICA DE ANGOLA — BILHETE DE IDENTIDADE", 20, 40);
    const blob = await new Promise<Blob>((r) => canvas.toBlob((b) => r(b!), "image/png"));
    return Array.from(new Uint8Array(await blob.arrayBuffer()));
  });
  writeFileSync(path.join(dataDir, "bi-verso.png"), Buffer.from(png));
  writeFileSync(path.join(dataDir, "certificado.pdf"), PDF);
  writeFileSync(path.join(dataDir, "pagina.jpg"), "<!doctype html><html><body>não é uma foto</body></html>");

  await page.getByRole("button", { name: "Abrir menu" }).click();
  await page.getByRole("link", { name: "Cursos" }).first().click();
  await expect(page).toHaveURL(/\/cursos$/);
  await page.getByLabel("Pesquisar cursos").fill("inexistente xyz");
  await expect(page.getByText("Nenhum curso encontrado com os filtros selecionados.")).toBeVisible();
  await page.getByLabel("Pesquisar cursos").fill("");
  await page.getByRole("group", { name: "Filtrar por área" }).getByRole("link", { name: "Marketing" }).click();
  await expect(page.getByRole("article")).toHaveCount(1);
  const card = page.getByRole("article", { name: "Marketing Digital" });
  await card.getByRole("link", { name: "Inscrever-se Agora" }).click();

  await expect(page.getByText("Curso escolhido")).toBeVisible();
  await expect(page.getByText("Marketing Digital")).toBeVisible();
  await page.getByRole("link", { name: "Criar conta de aluno" }).click();

  await page.getByLabel(/^Nome completo/).fill("Esperança Kiala");
  await page.getByLabel(/^Telefone/).fill("+244 923 456 789");
  await page.getByRole("button", { name: "Criar conta" }).click();
  const dialog = page.getByRole("dialog", { name: "Conta criada com sucesso!" });
  await expect(dialog).toBeVisible();
  const code = (await dialog.getByTestId("Código de estudante").textContent())!.trim();
  const password = (await dialog.getByTestId("Senha").textContent())!.trim();
  await dialog.getByRole("button", { name: "Copiar código de estudante" }).click();
  await expect(page.getByText("Código copiado!")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible(); // it cannot be dismissed before going on
  await dialog.getByRole("button", { name: "Já anotei — ir para o login" }).click();

  await expect(page).toHaveURL(/\/login-aluno/);
  await expect(page.getByLabel(/^Código de estudante/)).toHaveValue(code);
  await page.getByLabel(/^Senha/).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  // The generated password is temporary: the student chooses their own first (decision 028).
  await chooseOwnPassword(page);
  await expect(page).toHaveURL(/\/completar-inscricao/);

  await expect(page.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue("Esperança Kiala");
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByText(REQUIRED_TOAST).first()).toBeVisible();

  await page.getByLabel(/^Data de nascimento/).fill("2002-03-09");
  await page.getByLabel(/^Nome da mãe/).fill("Kiala");
  await page.getByLabel(/^Naturalidade/).fill("Uíge");
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByText("Nome da mãe deve ter no mínimo 2 nomes")).toBeVisible();
  await page.getByLabel(/^Nome da mãe/).fill("Rosa Kiala");
  await page.getByRole("combobox", { name: /^Província/ }).fill("Uíg");
  await page.getByRole("option", { name: "Uíge" }).click();
  await page.getByLabel(/^Município/).fill("Uíge");
  await page.getByLabel(/^Bairro/).fill("Candombe Velho");
  await page.getByRole("combobox", { name: /^Nível de escolaridade/ }).click();
  await page.getByRole("option", { name: "Ensino Médio" }).click();
  await page.getByLabel(/^Área de formação/).fill("Ciências Económicas");
  await expect(page.getByRole("combobox", { name: /^Curso/ })).toHaveValue("Marketing Digital");
  await page.getByRole("combobox", { name: /^Horário preferido/ }).click();
  await page.getByRole("option", { name: /^Noite/ }).click();

  // An HTML page renamed .jpg is refused by its first bytes, before any upload.
  await attach(page, /^Bilhete de Identidade \(verso\)/, path.join(dataDir, "pagina.jpg"));
  await expect(page.getByText("Formato inválido. Use JPEG, PNG, WEBP ou PDF")).toBeVisible();
  await attach(page, /^Bilhete de Identidade \(verso\)/, path.join(dataDir, "bi-verso.png"));
  await attach(page, /^Certificado de habilitações/, path.join(dataDir, "certificado.pdf"));
  await expect(page.getByText(REQUIRED_TOAST)).toHaveCount(0, { timeout: 15_000 }); // earlier toasts gone

  // 'Enviar' tapped while the 12-megapixel photo is still being compressed: the form waits for it.
  await attach(page, /^Bilhete de Identidade \(frente\)/, photo);
  await expect(page.getByText("Preparando o arquivo…")).toBeVisible();
  await page.getByRole("button", { name: "Enviar inscrição" }).click();
  await expect(page.getByText("Preparando os arquivos…")).toBeVisible();
  await expect(page.getByText(/^Imagem comprimida: \d+,\d MB → (\d+ KB|1,0 MB)$/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("progressbar", { name: "Progresso do envio" })).toBeVisible();

  const success = page.getByRole("dialog", { name: "Inscrição enviada com sucesso!" });
  await expect(success).toBeVisible();
  await expect(page.getByText(REQUIRED_TOAST)).toHaveCount(0);
  await expect(page.getByText("Anexe este documento")).toHaveCount(0);
  // Every button label shows whole on a 390 px phone (side by side, 'Ver dados de acesso' was cut).
  await success.screenshot({ path: test.info().outputPath("success-dialog-390px.png") });
  for (const name of ["Ver dados de acesso", "Ir para o início", "Ir para a área de pagamento"]) {
    const label = success.getByRole("button", { name }).locator(".mantine-Button-label");
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth), name).toBe(true);
  }
  await success.getByRole("button", { name: "Ir para a área de pagamento" }).click();
  await expect(page).toHaveURL(/\/aluno\/pagamento$/);
  await expect(page.getByText("Aguarde Aprovação")).toBeVisible();

  const stored = await withDatabase((db) =>
    db.query(
      `select e.status, f.kind, f.content_type, f.size from enrollments e join student_accounts s on s.id = e.student_account_id
       join stored_files f on f.id in (e.id_card_front_file_id, e.id_card_back_file_id, e.certificate_file_id) where s.student_code = $1`,
      [code],
    ),
  );
  expect(stored.rows).toHaveLength(3);
  expect(stored.rows.every((r) => r.status === "pre_inscrito")).toBe(true);
  const front = stored.rows.find((r) => r.kind === "id_card_front");
  // WebP where the browser encodes it (Chromium does; decision 060).
  expect(front).toMatchObject({ content_type: "image/webp" });
  expect(front.size).toBeLessThanOrEqual(1024 * 1024);
});
