import { type APIRequestContext, type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import { COURSE, PDF, PNG, today } from "./fixtures";

/** The password test students choose at their first sign-in ('1' is never in a generated one). */
export const CHOSEN_PASSWORD = "MINHA1";

/**
 * /escolher-senha, where a student signing in with a temporary password lands before anything else
 * (decision 028): they replace it by their own and go on. The temporary one, typed a moment ago to sign
 * in, is not asked again (decision 090).
 */
export async function chooseOwnPassword(page: Page, chosen = CHOSEN_PASSWORD) {
  await expect(page).toHaveURL(/\/escolher-senha/);
  await expect(page.getByLabel(/^Nova senha/)).toBeVisible();
  await expect(page.getByLabel(/^Senha atual/)).toHaveCount(0);
  await page.getByLabel(/^Nova senha/).fill(chosen);
  await page.getByLabel(/^Confirmar nova senha/).fill(chosen);
  await page.getByRole("button", { name: "Alterar senha" }).click();
  await expect(page).not.toHaveURL(/\/escolher-senha/);
}

/** The same through the API, as that screen sends it, for a context signed in with a temporary password. */
export async function choosePasswordThroughApi(request: APIRequestContext, baseURL: string, chosen = CHOSEN_PASSWORD) {
  const changed = await request.put("/api/me/account/password", {
    headers: { origin: baseURL },
    data: { newPassword: chosen, confirmPassword: chosen },
  });
  expect(changed.status(), await changed.text()).toBe(200);
}

/** A browser context as a user in Angola has it. */
export const userContext = (browser: Browser, baseURL: string) =>
  browser.newContext({ baseURL, locale: "pt-AO", timezoneId: "Africa/Luanda" });

export interface Applicant {
  name: string;
  /** The student code (login). */
  code: string;
  /** The password the student chose at the first sign-in. */
  password: string;
  enrollmentId: string;
  /** The student's own browser context, signed in. */
  context: BrowserContext;
  page: Page;
}

/**
 * A student account with a submitted pre-enrolment, made through the API as the account and enrolment
 * forms send them (the forms themselves are driven in enrolment-journey and finance), signed in in its
 * own browser context, its own password chosen (CHOSEN_PASSWORD). `idPhoto` draws the identity card in that context's page (default: a 1×1 PNG).
 */
export async function applicant(
  browser: Browser,
  baseURL: string,
  name: string,
  phone: string,
  options: {
    course?: string;
    schedulePreference?: string;
    idPhoto?: (page: Page) => Promise<Buffer>;
    /** The account's e-mail (the enrolment takes it); none by default. */
    email?: string;
  } = {},
): Promise<Applicant> {
  const context = await userContext(browser, baseURL);
  const page = await context.newPage();
  await page.goto("/");
  const created = await context.request.post("/api/student-accounts", {
    data: { studentName: name, studentPhone: phone, hasEmail: Boolean(options.email), studentEmail: options.email },
  });
  expect(created.status()).toBe(201);
  const { studentCode, studentPassword } = await created.json();
  const signedIn = await context.request.post("/api/auth/student/sign-in", {
    data: { code: studentCode, password: studentPassword },
  });
  expect(signedIn.status()).toBe(200);
  await choosePasswordThroughApi(context.request, baseURL);
  const courses: { id: string; name: string }[] = await (await context.request.get("/api/courses/catalog")).json();
  const photo = options.idPhoto ? await options.idPhoto(page) : PNG;
  const submitted = await context.request.post("/api/me/enrollments", {
    headers: { origin: baseURL }, // a form post from another origin is refused (CSRF)
    multipart: {
      birthDate: "2001-05-14",
      motherName: "Rosa Maria Kiala",
      fatherName: "",
      nationality: "Angolana",
      birthPlace: "Luanda",
      province: "Luanda",
      municipality: "Viana",
      neighborhood: "Zango 2",
      qualification: "medio",
      trainingArea: "Ciências Económicas",
      courseId: courses.find((c) => c.name === (options.course ?? COURSE))!.id,
      schedulePreference: options.schedulePreference ?? "noite",
      idCardFront: { name: "bi-frente.png", mimeType: "image/png", buffer: photo },
      idCardBack: { name: "bi-verso.png", mimeType: "image/png", buffer: photo },
      certificate: { name: "certificado.pdf", mimeType: "application/pdf", buffer: PDF },
    },
  });
  expect(submitted.status(), await submitted.text()).toBe(201);
  const { id } = await submitted.json();
  return { name, code: studentCode, password: CHOSEN_PASSWORD, enrollmentId: id, context, page };
}

/** Approves a pre-enrolment with `referenceCode` as 'Aprovar inscrição' sends it (`staff` is signed in as a reviewer). */
export async function approveThroughApi(staff: APIRequestContext, baseURL: string, id: string, referenceCode: string) {
  const approved = await staff.post(`/api/admin/enrollments/${id}/approve`, {
    headers: { origin: baseURL },
    data: { referenceCode, documentsChecked: true, personalDataChecked: true },
  });
  expect(approved.status(), await approved.text()).toBe(200);
}

/** Sends a receipt as /aluno/pagamento does (`student` is signed in as its owner); the API's answer. */
export function sendReceipt(
  student: APIRequestContext,
  baseURL: string,
  enrollmentId: string,
  paidAmount: string,
  file: { name: string; mimeType: string; buffer: Buffer } = { name: "talao.png", mimeType: "image/png", buffer: PNG },
) {
  return student.post("/api/me/receipts", {
    headers: { origin: baseURL },
    multipart: { enrollmentId, paidAmount, paymentDate: today(), file },
  });
}
