import { expect, test } from "@playwright/test";
import { createAdmin, withDatabase } from "./support/server";
import { signInStaff } from "./support/sign-in";

test("a staff user signs in and lands on the 'Painel' with its figures, next steps and revenue chart", async ({
  page,
}) => {
  createAdmin("painel@instituto.ao", "painel123", "Gestora do Painel");
  await signInStaff(page, "painel@instituto.ao", "painel123");

  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Painel", level: 1 })).toBeVisible();
  for (const name of ["Total de alunos", "Cursos ativos", "Inscrições pendentes", "Receita do mês"]) {
    await expect(page.getByRole("region", { name })).toBeVisible();
  }
  await expect(page.getByRole("region", { name: "Inscrições pendentes" })).toContainText(
    /pré-inscriç(ão|ões) aguardando análise/,
  );
  await expect(page.getByRole("region", { name: "Receita do mês" })).toContainText(/kz/i);

  const steps = page.getByRole("region", { name: "Próximos passos" });
  await expect(steps.getByRole("link", { name: "Configurar cursos" })).toHaveAttribute("href", "/admin/courses");
  await expect(steps.getByRole("link", { name: "Gerenciar usuários" })).toHaveAttribute("href", "/admin/users");
  await expect(steps.getByRole("link", { name: "Configurar pagamentos" })).toHaveAttribute("href", "/admin/financial");

  const chart = page.getByRole("region", { name: "Receita dos últimos 12 meses" });
  await expect(chart).toBeVisible();
  // Twelve bars drawn, and the same months read as a table (month, revenue in kz) by a screen reader.
  await expect(chart.locator("[title]")).toHaveCount(12);
  await expect(chart.locator("[title]").last()).toBeVisible();
  await expect(chart.getByRole("row")).toHaveCount(13);
  await expect(chart.getByRole("row").last()).toContainText(
    /^(jan|fev|mar|abr|mai|jun|jul|ago|set|out|nov|dez) \d{4}.*kz$/i,
  );

  // On a 390 px phone every month's label fits its column: none is cut or runs into the next.
  await page.setViewportSize({ width: 390, height: 844 });
  const clipped = await chart
    .locator("[title] > :last-child")
    .evaluateAll((labels) => labels.filter((l) => l.scrollWidth > l.clientWidth).map((l) => l.textContent));
  expect(clipped).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 800 });

  await steps.getByRole("link", { name: "Configurar cursos" }).click();
  await expect(page.getByRole("heading", { name: "Cursos", level: 1 })).toBeVisible();
});

test("'Inscrições pendentes' counts the pre-inscrições to review and the receipts to validate, and says which", async ({
  page,
}) => {
  createAdmin("pendentes@instituto.ao", "pendentes123", "Gestor de Pendentes", "secretaria");
  // One pre-inscrição and one receipt awaiting staff, beside whatever other specs left; then the totals.
  const { review, receipts } = await withDatabase(async (db) => {
    const one = async (query: string, values: unknown[]) => (await db.query(query, values)).rows[0];
    const course = await one("insert into courses (name, duration_months, price) values ($1, 3, 90000) returning id", [
      "Contabilidade Painel",
    ]);
    await one("insert into auth_user (id, name, email) values ($1, $2, $3) returning id", [
      "aluno-painel",
      "Rui Kassoma",
      "aluno-painel@alunos.local",
    ]);
    const account = await one(
      `insert into student_accounts (user_id, student_name, student_phone, student_code)
       values ('aluno-painel', 'Rui Kassoma', '923456789', 'ALPAINEL') returning id`,
      [],
    );
    const enrolment = (status: string) =>
      one(
        `insert into enrollments (course_id, student_account_id, student_name, student_phone, birth_date, mother_name,
           nationality, birth_place, province, municipality, neighborhood, qualification, training_area,
           schedule_preference, status)
         values ($1, $2, 'Rui Kassoma', '923456789', '2001-04-02', 'Ana Kassoma', 'Angolana', 'Luanda', 'Luanda',
           'Belas', 'Talatona', 'medio', 'Gestão', 'manha', $3) returning id`,
        [course.id, account.id, status],
      );
    await enrolment("pre_inscrito");
    const paying = await enrolment("payment_pending");
    const file = await one(
      "insert into stored_files (kind, content_type, size, storage_key) values ('receipt', 'application/pdf', 10, $1) returning id",
      ["e2e/painel-comprovante.pdf"],
    );
    await one(
      `insert into payment_receipts (student_account_id, enrollment_id, file_id, file_type, paid_amount, payment_date, course_price)
       values ($1, $2, $3, 'pdf', 90000, '2026-01-10', 90000) returning id`,
      [account.id, paying.id, file.id],
    );
    return one(
      `select (select count(*) from enrollments where status = 'pre_inscrito')::int as review,
              (select count(*) from payment_receipts where status = 'pending')::int as receipts`,
      [],
    );
  });

  await signInStaff(page, "pendentes@instituto.ao", "pendentes123");
  const card = page.getByRole("region", { name: "Inscrições pendentes" });
  await expect(card.getByText(String(review + receipts), { exact: true })).toBeVisible();
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  await expect(card).toContainText(
    `${plural(review, "pré-inscrição", "pré-inscrições")} aguardando análise · ${plural(receipts, "comprovante", "comprovantes")} aguardando validação`,
  );
  await expect(card).not.toContainText("aguardam");
});
