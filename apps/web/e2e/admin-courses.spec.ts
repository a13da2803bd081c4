import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";

/** The public site as a new visitor opens it: a fresh browser, so no catalogue kept from an earlier visit. */
async function visit(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(path);
  return page;
}

async function openCourses(page: Page, email: string) {
  createAdmin(email, "cursos123", "Gestora de Cursos", "secretaria");
  await signInStaff(page, email, "cursos123");
  await page.getByRole("navigation", { name: "Menu de administração" }).getByRole("link", { name: "Cursos" }).click();
  await expect(page.getByRole("heading", { name: "Cursos" })).toBeVisible();
}

/** Types an amount key by key, as a secretary does (not a paste), and leaves the field. */
async function typePrice(dialog: Locator, text: string) {
  const price = dialog.getByLabel(/^Preço \(Kz\)/);
  await price.clear();
  await price.pressSequentially(text);
  await price.blur();
}

/** Opens a course's edit dialog, sets 'Em destaque' and saves. */
async function setFeatured(page: Page, name: string, featured: boolean) {
  await page.getByRole("button", { name: `Editar ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Editar curso" });
  await dialog.getByRole("switch", { name: "Em destaque" }).setChecked(featured);
  await dialog.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Curso atualizado com sucesso!").last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

test("a staff user creates a course typing the price as people write it; the catalogue shows exactly that amount", async ({
  page,
  browser,
}) => {
  await openCourses(page, "cursos@instituto.ao");
  await page.getByRole("button", { name: "Novo curso" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo curso" });
  await dialog.getByRole("button", { name: "Criar curso" }).click();
  await expect(dialog.getByText("Nome é obrigatório")).toBeVisible();
  await expect(dialog.getByText("Duração é obrigatória")).toBeVisible();
  await dialog.getByLabel(/^Nome/).fill("Fotografia Digital");
  await dialog.getByLabel(/^Descrição/).fill("Composição, luz e edição de imagem.");
  await dialog.getByRole("combobox", { name: "Área" }).click();
  await page.getByRole("option", { name: "Design" }).click();
  await dialog.getByLabel(/^Duração \(meses\)/).fill("2");
  await typePrice(dialog, "150,000");
  await expect(dialog.getByText(/^Valor ambíguo: use 150\.000 ou 150 000/)).toBeVisible();
  await typePrice(dialog, "150.000");
  await expect(dialog.getByText(/^= 150\s000,00\sKz$/)).toBeVisible();
  await dialog.getByRole("button", { name: "Criar curso" }).click();
  await expect(page.getByText("Curso criado com sucesso!")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Fotografia Digital", exact: true })).toBeVisible();

  const catalogue = await visit(browser, "/cursos");
  await expect(catalogue.getByRole("article", { name: "Fotografia Digital" })).toContainText(/150\s000,00\sKz/);
  // A new course is not featured on the home page until staff choose it.
  const home = await visit(browser, "/");
  const featured = home.getByRole("region", { name: "Cursos em destaque" });
  await expect(featured.getByRole("article")).toHaveCount(3);
  await expect(featured.getByRole("article", { name: "Fotografia Digital" })).toHaveCount(0);

  await page.getByRole("button", { name: "Editar Fotografia Digital" }).click();
  const edit = page.getByRole("dialog", { name: "Editar curso" });
  await expect(edit.getByLabel(/^Preço \(Kz\)/)).toHaveValue(/^150\s000,00$/);
  await edit.getByLabel(/^Nome/).fill("Fotografia Digital Avançada");
  await typePrice(edit, "1.500,50");
  await expect(edit.getByText(/^= 1\s500,50\sKz$/)).toBeVisible();
  await edit.getByRole("button", { name: "Salvar alterações" }).click();
  await expect(page.getByText("Curso atualizado com sucesso!")).toBeVisible();
  const updated = await visit(browser, "/cursos");
  await expect(updated.getByRole("article", { name: "Fotografia Digital Avançada" })).toContainText(/1\s500,50\sKz/);

  await page.getByRole("button", { name: "Excluir Fotografia Digital Avançada" }).click();
  const confirm = page.getByRole("dialog", { name: "Excluir curso" });
  await expect(confirm.getByText("Esta ação não pode ser desfeita.")).toBeVisible();
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Curso excluído com sucesso!")).toBeVisible();
  await expect(page.getByRole("cell", { name: "Fotografia Digital Avançada", exact: true })).toHaveCount(0);
});

test("staff choose the home page's featured courses: at most three, a fourth waits until one leaves", async ({
  page,
  browser,
}) => {
  await openCourses(page, "destaques@instituto.ao");
  await page.getByRole("button", { name: "Novo curso" }).click();
  const dialog = page.getByRole("dialog", { name: "Novo curso" });
  await dialog.getByLabel(/^Nome/).fill("Fotografia de Produto");
  await dialog.getByLabel(/^Duração \(meses\)/).fill("1");
  await typePrice(dialog, "45.000");
  await dialog.getByRole("switch", { name: "Em destaque" }).check();
  await dialog.getByRole("button", { name: "Criar curso" }).click();
  // The demo already features three courses: the dialog says which, and nothing is created.
  await expect(dialog.getByText(/^Já existem 3 cursos em destaque \(.*«Inglês para Negócios».*\)\./)).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(page.getByRole("cell", { name: /^Fotografia de Produto/ })).toHaveCount(0);

  await page.getByRole("button", { name: "Novo curso" }).click();
  await dialog.getByLabel(/^Nome/).fill("Fotografia de Produto");
  await dialog.getByLabel(/^Duração \(meses\)/).fill("1");
  await typePrice(dialog, "45.000");
  await dialog.getByRole("button", { name: "Criar curso" }).click();
  await expect(page.getByText("Curso criado com sucesso!")).toBeVisible();

  await setFeatured(page, "Inglês para Negócios", false);
  await setFeatured(page, "Fotografia de Produto", true);
  await expect(page.getByRole("row", { name: /Fotografia de Produto/ }).getByText("Destaque")).toBeVisible();

  const home = await visit(browser, "/");
  const featured = home.getByRole("region", { name: "Cursos em destaque" });
  await expect(featured.getByRole("article", { name: "Fotografia de Produto" })).toBeVisible();
  await expect(featured.getByRole("article", { name: "Inglês para Negócios" })).toHaveCount(0);
  await expect(featured.getByRole("article")).toHaveCount(3);

  // Back to the demo's three, so the other journeys see the home page as shipped.
  await setFeatured(page, "Fotografia de Produto", false);
  await setFeatured(page, "Inglês para Negócios", true);
  await page.getByRole("button", { name: "Excluir Fotografia de Produto" }).click();
  await page.getByRole("dialog", { name: "Excluir curso" }).getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByText("Curso excluído com sucesso!")).toBeVisible();
});
