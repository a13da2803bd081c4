import { expect, type Locator, type Page, test } from "@playwright/test";
import { createAdmin } from "./support/server";
import { signInStaff } from "./support/sign-in";
import { sidewaysScrollers } from "./support/table";

// Sixty characters without a space, and an e-mail nearly as long: they used to push the actions off-screen.
const LONG_COURSE = "Desenvolvimentodeaplicacoesmoveisparaempreendedoresangolanos";
const LONG_USER = "Wellingtonmaximilianodossantosfernandesdacostapereiraandrade";
const LONG_EMAIL = "wellington.maximiliano.dos.santos.fernandes@instituto-politecnico.ao";

/** How many lines the element's text takes. */
function lineCount(target: Locator) {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

async function expectOnScreen(page: Page, target: Locator) {
  await expect(target).toBeVisible();
  const box = (await target.boundingBox())!;
  const { width } = page.viewportSize()!;
  expect(box.x, `${await target.getAttribute("aria-label")} starts on screen`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${await target.getAttribute("aria-label")} ends on screen`).toBeLessThanOrEqual(width);
}

test("on a 390 px phone and a 1280 px laptop the admin rows keep their names and actions on screen", async ({
  page,
}) => {
  createAdmin("tabelas@instituto.ao", "tabelas123", "Gestor das Tabelas");
  createAdmin(LONG_EMAIL, "longo1234", LONG_USER, "secretaria");
  await signInStaff(page, "tabelas@instituto.ao", "tabelas123");
  await expect(page.getByTestId("role-label")).toHaveText("Super Administrador");
  // The signed-in browser's own request (the server refuses a cookie without its origin).
  const headers = { origin: new URL(page.url()).origin };
  const created = await page.request.post("/api/admin/courses", {
    headers,
    data: { name: LONG_COURSE, durationMonths: 3, price: 90000 },
  });
  expect(created.status()).toBe(201);
  const { id } = await created.json();

  try {
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);

      await page.goto("/admin/courses");
      await page.getByLabel("Pesquisar").fill("desenvolvimento");
      await expect(page.getByText(LONG_COURSE)).toBeVisible();
      await expect(page.getByText("Desenvolvimento Web Full Stack")).toBeVisible();
      for (const action of ["Ver", "Editar", "Excluir"]) {
        await expectOnScreen(page, page.getByRole("button", { name: `${action} ${LONG_COURSE}` }));
        await expect(page.getByRole("button", { name: `${action} ${LONG_COURSE}` })).toHaveCount(1);
      }
      expect(await sidewaysScrollers(page)).toEqual([]);

      await page.goto("/admin/users");
      await page.getByLabel("Pesquisar").fill("wellington");
      await expect(page.getByText(LONG_USER)).toBeVisible();
      await expect(page.getByText(LONG_EMAIL)).toBeVisible();
      await expectOnScreen(page, page.getByRole("combobox", { name: `Perfil de ${LONG_USER}` }));
      await expectOnScreen(page, page.getByRole("button", { name: `Ver ${LONG_USER}` }));
      // The long values give way; a short one such as the date never splits.
      expect(await lineCount(page.getByText(/^\d{2}\/\d{2}\/\d{4}$/))).toBe(1);
      expect(await sidewaysScrollers(page)).toEqual([]);
    }

    // On the phone there are no column headers: a select sorts the cards.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/admin/courses");
    await expect(page.getByRole("table")).toHaveCount(0);
    const cards = page.getByRole("list", { name: "Cursos" }).getByRole("listitem");
    await expect(cards.first()).toBeVisible();
    await page.getByLabel("Ordenar por").selectOption("Preço (decrescente)");
    await expect(cards.first()).toContainText(/150\s000,00/);
  } finally {
    expect((await page.request.delete(`/api/admin/courses/${id}`, { headers })).status()).toBe(204);
  }
});
