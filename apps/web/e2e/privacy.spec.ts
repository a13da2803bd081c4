import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { COURSE } from "./support/fixtures";
import { lookAt } from "./support/screens";
import { createAdmin, dataDir, withDatabase } from "./support/server";
import { signInStaff, signInStudent } from "./support/sign-in";
import { applicant, CHOSEN_PASSWORD, userContext } from "./support/students";
import { rowOf } from "./support/table";

/**
 * Issue 39 (Lei n.º 22/11, decision 099): the short notice on account creation; staff opening a BI is
 * seen in the History (super_admin) and on the student's 'Dados de Acesso'; the student asks for erasure
 * and a super_admin carries it out: no sign-in, documents gone from the disk, payment kept.
 */

test("account creation shows the short notice and the full text with the institute's e-mail", async ({
  browser,
  baseURL,
}) => {
  const page = await (await userContext(browser, baseURL!)).newPage();
  await page.goto("/criar-conta-aluno");
  await expect(page.getByText(/Seus dados são mantidos pelo/)).toBeVisible();
  await page.getByRole("button", { name: "Ler o aviso de privacidade" }).click();
  const notice = page.getByRole("dialog", { name: "Aviso de privacidade" });
  await expect(notice.getByText(/Lei n\.º 22\/11/)).toBeVisible();
  await expect(notice.getByRole("link", { name: /@/ })).toBeVisible();
  await lookAt(page, "privacy-notice", () => expect(notice).toBeVisible());
});

test("staff open a BI, the student sees when, asks for erasure, and a super_admin carries it out", async ({
  browser,
  baseURL,
  page,
}) => {
  const student = await applicant(browser, baseURL!, "Priscila Privacidade", "923100391");
  createAdmin("super.privacidade@instituto.ao", "priv12345", "Sofia Privacidade", "super_admin");
  await signInStaff(page, "super.privacidade@instituto.ao", "priv12345");
  await expect(page.getByTestId("role-label")).toBeVisible();

  // Staff open the documents: the History shows who, when and from which screen.
  await page.goto("/admin/enrollments");
  await (await rowOf(page, student.name, COURSE)).getByRole("button", { name: `Ver ${student.name}` }).click();
  const view = page.getByRole("dialog", { name: "Detalhes da inscrição" });
  await view.getByRole("tab", { name: "Documentos" }).click();
  await expect(view.getByRole("img", { name: "Bilhete de Identidade (frente)" })).toBeVisible();
  await view.getByRole("tab", { name: "Histórico" }).click();
  await expect(view.getByText("Quem abriu os documentos")).toBeVisible();
  await expect(view.getByText(/Sofia Privacidade abriu BI \(frente\) \(Inscrições\)/)).toBeVisible();
  await lookAt(page, "privacy-history", () => expect(view.getByText(/abriu BI \(frente\)/)).toBeVisible());
  await page.keyboard.press("Escape");

  // The student sees when (not who) on 'Dados de Acesso', and asks for erasure.
  await student.page.goto("/aluno/acesso");
  const privacy = student.page.getByRole("region", { name: "Privacidade" });
  await expect(privacy.getByText(/BI \(frente\)/).first()).toBeVisible();
  await expect(privacy.getByText("Sofia Privacidade")).toHaveCount(0);
  await lookAt(student.page, "privacy-access-data", () =>
    expect(privacy.getByText(/BI \(frente\)/).first()).toBeVisible(),
  );
  // The student downloads their data: the ZIP holds their answers and their files.
  const download = student.page.waitForEvent("download");
  await privacy.getByRole("link", { name: "Baixar meus dados" }).click();
  const zip = unzipSync(new Uint8Array(readFileSync(await (await download).path())));
  expect(strFromU8(zip["dados.json"]!)).toContain("Rosa Maria Kiala");
  expect(Object.keys(zip).filter((n) => n.startsWith("arquivos/"))).toHaveLength(3);
  await privacy.getByRole("button", { name: "Pedir exclusão dos meus dados" }).click();
  const ask = student.page.getByRole("dialog", { name: "Pedir exclusão dos meus dados" });
  await lookAt(student.page, "privacy-erasure-ask", () => expect(ask).toBeVisible());
  await ask.getByRole("button", { name: "Enviar pedido" }).click();
  await expect(privacy.getByText(/Pedido de exclusão enviado em/)).toBeVisible();

  // An enrolment in progress is refused; once it ended (rejected here), the erasure goes through.
  await page.goto("/admin/settings/privacy");
  const section = page.getByRole("region", { name: "Pedidos de exclusão de dados", exact: true });
  const row = section.getByRole("row", { name: new RegExp(student.name) });
  await row.getByRole("button", { name: "Executar exclusão" }).click();
  const confirm = page.getByRole("dialog", { name: `Excluir os dados de ${student.name}?` });
  await confirm.getByRole("button", { name: "Excluir dados" }).click();
  await expect(page.getByText(/inscrição em andamento/).first()).toBeVisible();
  await confirm.getByRole("button", { name: "Cancelar" }).click();

  const keys = await withDatabase(async (db) => {
    await db.query("update enrollments set status = 'rejected' where id = $1", [student.enrollmentId]);
    const { rows } = await db.query(
      "select storage_key from stored_files f join student_accounts a on a.user_id = f.owner_user_id where a.student_code = $1",
      [student.code],
    );
    return rows.map((r) => r.storage_key as string);
  });
  expect(keys).toHaveLength(3);
  expect(keys.every((k) => existsSync(path.join(dataDir, "files", k)))).toBe(true);
  await lookAt(page, "privacy-settings", () => expect(section.getByText("Pedidos de exclusão de dados")).toBeVisible());
  await row.getByRole("button", { name: "Executar exclusão" }).click();
  await confirm.getByRole("button", { name: "Excluir dados" }).click();
  await expect(page.getByText("Dados do aluno excluídos")).toBeVisible();
  await expect(section.getByRole("row", { name: /Aluno removido #\d+.*Executado/ })).toBeVisible();

  // The documents are gone from the disk and the student can no longer sign in.
  expect(keys.filter((k) => existsSync(path.join(dataDir, "files", k)))).toEqual([]);
  const again = await (await userContext(browser, baseURL!)).newPage();
  await signInStudent(again, student.code, CHOSEN_PASSWORD);
  await expect(again).toHaveURL(/\/login-aluno/);
  await expect(again.getByRole("alert").first()).toBeVisible();
});

test("a super_admin refuses an erasure request with a reason; the student reads it, accepts the notice and may ask again", async ({
  browser,
  baseURL,
  page,
}) => {
  // The account is made as an older client makes it: no notice accepted yet.
  const student = await applicant(browser, baseURL!, "Quitéria Recusa", "923100392");
  createAdmin("super.recusa@instituto.ao", "recusa12345", "Rui Recusa", "super_admin");

  // 'Dados de Acesso': the notice in force is read and accepted there, recorded with the version and time.
  await student.page.goto("/aluno/acesso");
  const privacy = student.page.getByRole("region", { name: "Privacidade" });
  await expect(privacy.getByText("Aviso de privacidade ainda não aceito")).toBeVisible();
  await privacy.getByRole("button", { name: "Ler e aceitar o aviso" }).click();
  const notice = student.page.getByRole("dialog", { name: "Aviso de privacidade" });
  await expect(notice.getByText(/Lei n\.º 22\/11/)).toBeVisible();
  await lookAt(student.page, "privacy-accept-notice", () => expect(notice).toBeVisible());
  await notice.getByRole("button", { name: "Aceitar" }).click();
  await expect(privacy.getByText(/Aviso de privacidade aceito \(versão 1\) em/)).toBeVisible();
  await expect(privacy.getByRole("button", { name: "Ler e aceitar o aviso" })).toHaveCount(0);

  await privacy.getByRole("button", { name: "Pedir exclusão dos meus dados" }).click();
  await student.page
    .getByRole("dialog", { name: "Pedir exclusão dos meus dados" })
    .getByRole("button", { name: "Enviar pedido" })
    .click();
  await expect(privacy.getByText(/Pedido de exclusão enviado em/)).toBeVisible();

  // The super_admin refuses it: a reason is required, the request records who, when and why.
  await signInStaff(page, "super.recusa@instituto.ao", "recusa12345");
  await expect(page.getByTestId("role-label")).toBeVisible();
  await page.goto("/admin/settings/privacy");
  const section = page.getByRole("region", { name: "Pedidos de exclusão de dados", exact: true });
  const row = section.getByRole("row", { name: new RegExp(student.name) });
  await row.getByRole("button", { name: "Recusar" }).click();
  const refuse = page.getByRole("dialog", { name: "Recusar pedido de exclusão" });
  await refuse.getByRole("button", { name: "Recusar pedido" }).click();
  await expect(refuse.getByText("Informe o motivo da recusa")).toBeVisible();
  await lookAt(page, "privacy-refuse-erasure", () => expect(refuse).toBeVisible());
  const reason = "Há uma mensalidade em aberto: os dados ficam até ela ser resolvida";
  await refuse.getByLabel(/^Motivo da recusa/).fill(reason);
  await refuse.getByRole("button", { name: "Recusar pedido" }).click();
  await expect(page.getByText("Pedido de exclusão recusado")).toBeVisible();
  await expect(row).toContainText(`Recusado em`);
  await expect(row).toContainText(`por Rui Recusa: ${reason}`);
  await expect(row.getByRole("button")).toHaveCount(0);

  // The student reads when and why, and may ask again.
  await student.page.reload();
  const refused = privacy.getByRole("alert").filter({ hasText: "Pedido de exclusão recusado" });
  await expect(refused).toContainText(`Motivo: ${reason}`);
  await expect(refused).toContainText(/foi recusado em \d{2}\/\d{2}\/\d{4}/);
  await lookAt(student.page, "privacy-erasure-refused", () => expect(refused).toBeVisible());
  await expect(privacy.getByRole("button", { name: "Pedir exclusão dos meus dados" })).toBeVisible();
});
