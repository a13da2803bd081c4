import type { ChildProcess } from "node:child_process";
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";
import { ownServerPlace, spawnOwnServer, stopped } from "./support/own-server";
import { signInStaff, signInStudent } from "./support/sign-in";
import { chooseOwnPassword, userContext } from "./support/students";
import { sidewaysScrollers } from "./support/table";

/**
 * Issue 38's "Done when", as the secretariat's admin does it: courses and classes, then a realistic students
 * sheet (accents, '150.000,00', '+244 923 …', a bad row, a duplicate) → each row's outcome → 'Importar' →
 * the access list → a student signs in with it and sees the enrolment; the same file again → 'já existe —
 * igual' everywhere. On a server of its own: the catalogue it imports is no other spec's business.
 */
const SHOTS = "/tmp/shots38";
const root = path.resolve(import.meta.dirname, "../../..");

const csv = (name: string, ...lines: string[]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`),
});

const COURSES = csv(
  "cursos.csv",
  "Nome;Área;Modalidade;Duração (meses);Preço",
  "Programação Web Avançada;Tecnologia;Presencial;4;150.000,00",
  "Gestão de Recursos Humanos;Gestão;Híbrido;3;95 000",
);
const CLASSES = csv(
  "turmas.csv",
  "Curso;Turma;Modalidade;Início das inscrições;Fim das inscrições;Início;Término;Horário;Máximo de alunos",
  "Programação Web Avançada;Turma Manhã;Presencial;01/11/2026;30/11/2026;01/12/2026;31/03/2027;Seg a Sex, 08h-12h;25",
);
const STUDENTS = csv(
  "alunos-2026.csv",
  "Nome;Nº do BI;Telefone;Data de nascimento;Província;Horário preferido;Curso;Turma;Estado;Valor pago;Data do pagamento",
  "Ângela Muxima Conceição;006789012LA045;+244 923 456 780;12/05/2000;Luanda;Manhã (08h-12h);Programação Web Avançada;Turma Manhã;Pago / Matriculado;150.000,00;10/11/2026",
  "João Baptista Kiluange;;+244 923 456 781;03/09/1998;Benguela;Noite (18h-22h);Gestão de Recursos Humanos;;Pré-inscrito;;",
  "Luísa Sem Data;;+244 923 456 782;31/02/2001;Luanda;Tarde (14h-18h);Programação Web Avançada;;Pré-inscrito;;",
  "João Baptista Kiluange;;923456781;03/09/1998;Benguela;Noite (18h-22h);Gestão de Recursos Humanos;;Pré-inscrito;;",
);

async function chooseSheet(page: Page, kind: string, file: ReturnType<typeof csv>) {
  await page.getByLabel(/^O que importar/).click();
  await page.getByRole("option", { name: kind, exact: true }).click();
  const chooser = page.waitForEvent("filechooser");
  await page.getByLabel(/^Planilha/).click();
  await (await chooser).setFiles(file);
  await page.getByRole("button", { name: "Pré-visualizar" }).click();
}

const counted = (page: Page, label: string) => page.getByRole("region", { name: label, exact: true });
const lineRow = (page: Page, n: number) => page.getByRole("row", { name: new RegExp(`^${n} `) });
const checkAndShoot = (page: Page, name: string) =>
  checkAtBothWidths(page, SHOTS, name, async (width) => {
    expect.soft(await sidewaysScrollers(page), `${name} at ${width}px`).not.toContain("HTML");
  });

test.describe("moving in from spreadsheets", () => {
  const place = ownServerPlace("data-import");
  let server: ChildProcess;
  test.beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    server = await spawnOwnServer(place);
    execFileSync(
      "node",
      [
        "apps/server/dist/create-admin.js",
        "--email",
        "admin.import@instituto.ao",
        "--password",
        "import123",
        "--name",
        "Adelina Importação",
        "--role",
        "admin",
      ],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "silent" },
      },
    );
  });
  test.afterAll(async () => {
    server?.kill("SIGTERM");
    if (server) await stopped(server);
    rmSync(place.dataDir, { recursive: true, force: true });
  });

  test("an admin imports courses, classes and students; a student signs in with the listed access; the same file again changes nothing", async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    const page = await (await userContext(browser, place.base)).newPage();
    await signInStaff(page, "admin.import@instituto.ao", "import123");
    const menu = page.getByRole("navigation", { name: "Menu de administração" });
    await menu.getByRole("button", { name: "Configurações" }).click();
    await menu.getByRole("link", { name: "Importar dados" }).click();
    await expect(page.getByRole("heading", { name: "Importar dados", level: 1 })).toBeVisible();

    // The template of the kind chosen.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Baixar modelo (Cursos)" }).click();
    expect((await download).suggestedFilename()).toBe("modelo-cursos.xlsx");
    await checkAndShoot(page, "start");

    // Courses, then classes.
    await chooseSheet(page, "Cursos", COURSES);
    await expect(counted(page, "nova")).toContainText("2");
    await page.getByRole("button", { name: "Importar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Cursos: importação concluída" })).toBeVisible();
    await page.getByRole("button", { name: "Importar outra planilha" }).click();
    await chooseSheet(page, "Turmas", CLASSES);
    await expect(counted(page, "nova")).toContainText("1");
    await page.getByRole("button", { name: "Importar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Turmas: importação concluída" })).toBeVisible();
    await page.getByRole("button", { name: "Importar outra planilha" }).click();

    // The students' sheet: each row's outcome, the bad row and the duplicate named.
    await chooseSheet(page, "Alunos e inscrições", STUDENTS);
    await expect(counted(page, "nova")).toContainText("2");
    await expect(counted(page, "Com erro")).toContainText("2");
    await expect(lineRow(page, 2)).toContainText("nova");
    await expect(lineRow(page, 4)).toContainText(
      "erro: Data de nascimento: Data ilegível: «31/02/2001» (este dia não existe)",
    );
    await expect(lineRow(page, 5)).toContainText("erro: Aluno e curso repetido no arquivo: igual à linha 3");
    await expect(page.getByRole("radio", { name: /^Só as linhas válidas \(2\)/ })).toBeChecked();
    await checkAndShoot(page, "preview");
    await page.getByRole("button", { name: "Importar", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Alunos e inscrições: importação concluída" })).toBeVisible();
    const access = page.getByRole("table", { name: "Acessos dos alunos" });
    const angela = access.getByRole("row").filter({ hasText: "Ângela Muxima Conceição" });
    await expect(angela).toContainText("923 456 780");
    const cells = await angela.getByRole("cell").allTextContents();
    const [code, , , password] = cells;
    await checkAndShoot(page, "result");

    // Ângela signs in with the listed access and sees her enrolment.
    const student = await (await userContext(browser, place.base)).newPage();
    await signInStudent(student, code!, password!);
    await chooseOwnPassword(student);
    await expect(student.getByText("Programação Web Avançada").first()).toBeVisible();
    await expect(student.getByText("Matriculado").first()).toBeVisible();

    // The same file again: nothing new, nothing changed.
    await page.getByRole("button", { name: "Importar outra planilha" }).click();
    await chooseSheet(page, "Alunos e inscrições", STUDENTS);
    await expect(counted(page, "já existe — igual")).toContainText("2");
    await expect(counted(page, "nova")).toContainText("0");
    await expect(lineRow(page, 2)).toContainText("já existe — igual");
    await expect(lineRow(page, 3)).toContainText("já existe — igual");
  });
});
