import { execFileSync } from "node:child_process";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { checkAtBothWidths } from "./support/axe";
import { existingInstallation } from "./support/existing-installation";
import { ownServerPlace, spawnOwnServer, stopped } from "./support/own-server";
import { signInStaff, signInStudent } from "./support/sign-in";
import { chooseOwnPassword, userContext } from "./support/students";

/**
 * Issue 39 (decision 099): a new version of the privacy notice is asked once of a signed-in student. On a
 * server of its own, so publishing a version does not put the dialog before the shared server's students.
 */
const root = path.resolve(import.meta.dirname, "../../..");
const SHOTS = path.join(import.meta.dirname, ".artifacts/privacy-new-notice");
const ADMIN = { email: "aviso@instituto.ao", password: "aviso-e2e-123", name: "Aurora Aviso" };

test("a student is asked once to accept the notice the super_admin has just published", async ({ browser }) => {
  test.setTimeout(240_000);
  const place = ownServerPlace("privacy-notice");
  const server = await spawnOwnServer(place);
  try {
    execFileSync(
      "node",
      [
        "apps/server/dist/create-admin.js",
        ...["--email", ADMIN.email, "--password", ADMIN.password, "--name", ADMIN.name, "--role", "super_admin"],
      ],
      {
        cwd: root,
        env: { ...process.env, DATA_DIR: place.dataDir, DATABASE_URL: "", BASE_URL: "", LOG_LEVEL: "silent" },
      },
    );
    await existingInstallation(place.dataDir);

    const student = await (await userContext(browser, place.base)).newPage();
    const created = await student.request.post("/api/student-accounts", {
      headers: { origin: place.base },
      data: { studentName: "Noémia Aviso", studentPhone: "923100477", hasEmail: false },
    });
    expect(created.status()).toBe(201);
    const { studentCode, studentPassword } = await created.json();
    await signInStudent(student, studentCode, studentPassword);
    await chooseOwnPassword(student);
    // No enrolment yet: the student lands on the enrolment form; the institute has published no notice.
    const form = student.getByRole("heading", { name: "Completar Inscrição", level: 1 });
    await expect(form).toBeVisible();
    await expect(student.getByRole("dialog")).toHaveCount(0);

    const staff = await (await userContext(browser, place.base)).newPage();
    await signInStaff(staff, ADMIN.email, ADMIN.password);
    await expect(staff.getByTestId("role-label")).toBeVisible();
    await staff.goto("/admin/settings");
    const privacy = staff.getByRole("region", { name: "Privacidade" });
    await privacy
      .getByLabel(/^Aviso de privacidade/)
      .fill(
        "O Instituto guarda os seus dados de inscrição durante o curso e 12 meses depois. Pode pedir a cópia ou a exclusão em Dados de Acesso.",
      );
    await privacy.getByRole("button", { name: "Salvar privacidade" }).click();
    await expect(staff.getByText("Privacidade salva")).toBeVisible();

    await student.reload();
    const dialog = student.getByRole("dialog", { name: /aviso de privacidade/i });
    await expect(dialog.getByText(/Pode pedir a cópia ou a exclusão/)).toBeVisible();
    await checkAtBothWidths(student, SHOTS, "new-notice-dialog");
    await dialog.getByRole("button", { name: "Li e aceito" }).click();
    await expect(student.getByRole("dialog")).toHaveCount(0);
    await student.reload();
    await expect(form).toBeVisible();
    await expect(student.getByRole("dialog")).toHaveCount(0);
  } finally {
    server.kill();
    await stopped(server);
  }
});
