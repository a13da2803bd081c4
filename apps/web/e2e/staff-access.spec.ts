import { expect, test } from "@playwright/test";
import { createAdmin, withDatabase } from "./support/server";
import { signInStaff } from "./support/sign-in";

test("a role change asks first; 'Sem perfil' ends that user's session and leaves them the notice", async ({
  page,
  browser,
}) => {
  createAdmin("acessos@instituto.ao", "acessos123", "Chefe de Acessos");
  createAdmin("marta@instituto.ao", "marta1234", "Marta Quissanga", "professor");

  const martaContext = await browser.newContext();
  const marta = await martaContext.newPage();
  await signInStaff(marta, "marta@instituto.ao", "marta1234");
  await expect(marta.getByTestId("role-label")).toHaveText("Professor");

  await signInStaff(page, "acessos@instituto.ao", "acessos123");
  await expect(page.getByTestId("role-label")).toHaveText("Super Administrador");
  await page.goto("/admin/users");
  await page.getByLabel("Pesquisar").fill("marta");
  const select = page.getByRole("combobox", { name: "Perfil de Marta Quissanga" });
  const confirm = page.getByRole("dialog", { name: "Alterar perfil" });

  await select.click();
  await page.getByRole("option", { name: "Super Administrador" }).click();
  await expect(confirm.getByText(/«Marta Quissanga» de Professor para Super Administrador\?/)).toBeVisible();
  await confirm.getByRole("button", { name: "Cancelar" }).click();
  await expect(confirm).toBeHidden();
  await expect(select).toHaveValue("Professor");

  await select.click();
  await page.getByRole("option", { name: "Administrador", exact: true }).click();
  await expect(confirm.getByText(/de Professor para Administrador\?/)).toBeVisible();
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(page.getByText("Perfil atualizado com sucesso!")).toBeVisible();
  await expect(confirm).toBeHidden();
  await expect(select).toHaveValue("Administrador");

  await select.click();
  await page.getByRole("option", { name: "Sem perfil" }).click();
  await expect(confirm.getByText(/as sessões abertas desta conta terminam/)).toBeVisible();
  await confirm.getByRole("button", { name: "Confirmar" }).click();
  await expect(confirm).toBeHidden();
  await expect(select).toHaveValue("Sem perfil");

  // Marta's open session has ended: the next screen sends her to the sign-in page.
  await marta.goto("/admin/courses");
  await expect(marta).toHaveURL(/\/auth$/);
  await signInStaff(marta, "marta@instituto.ao", "marta1234");
  await expect(marta.getByTestId("role-label")).toHaveText("Usuário");
  await expect(marta.getByRole("status").getByText(/ainda não tem um perfil de acesso/)).toBeVisible();
  await expect(marta.getByRole("navigation", { name: "Menu de administração" })).toHaveCount(0);
  await martaContext.close();
});

test("a professor sees courses, classes and teachers read-only", async ({ page }) => {
  await withDatabase(async (db) => {
    const course = await db.query(
      "insert into courses (name, duration_months, price) values ('Gestão de Stocks', 2, 40000) returning id",
    );
    await db.query(
      "insert into teachers (teacher_name, specialization, qualification, years_of_experience) values ('Joana Lemos', 'Logística', 'Mestrado', 6)",
    );
    await db.query(
      `insert into classes (name, course_id, class_type, enrollment_start_date, enrollment_end_date, start_date, end_date, schedule)
       values ('Turma Stocks A', $1, 'presencial', current_date, current_date + 10, current_date + 20, current_date + 80, 'Sáb 09h-12h')`,
      [course.rows[0].id],
    );
  });
  createAdmin("leitura@instituto.ao", "leitura123", "Professor Leitura", "professor");
  await signInStaff(page, "leitura@instituto.ao", "leitura123");
  await expect(page.getByTestId("role-label")).toHaveText("Professor");
  const nav = page.getByRole("navigation", { name: "Menu de administração" });

  const screens = [
    { link: "Cursos", heading: "Cursos", row: "Gestão de Stocks", add: "Novo curso", details: "Detalhes do curso" },
    {
      link: "Turmas",
      heading: "Gestão de Turmas",
      row: "Turma Stocks A",
      add: "Nova turma",
      details: "Detalhes da turma",
    },
    {
      link: "Professores",
      heading: "Professores",
      row: "Joana Lemos",
      add: "Novo professor",
      details: "Detalhes do professor",
    },
  ];
  for (const s of screens) {
    await nav.getByRole("link", { name: s.link, exact: true }).click();
    await expect(page.getByRole("heading", { name: s.heading, level: 1 })).toBeVisible();
    await page.getByLabel("Pesquisar").fill(s.row);
    await expect(page.getByRole("button", { name: `Ver ${s.row}` }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: s.add })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Editar ${s.row}` })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Excluir ${s.row}` })).toHaveCount(0);
    await page
      .getByRole("button", { name: `Ver ${s.row}` })
      .first()
      .click();
    await expect(page.getByRole("dialog", { name: s.details })).toBeVisible();
    await page.getByRole("dialog", { name: s.details }).getByRole("button", { name: "Fechar" }).click();
    await expect(page.getByRole("dialog", { name: s.details })).toBeHidden();
  }
});
