// The signed-in screens on Lighthouse mobile (issue 23, "Slow phones, signed in"): a super_admin made with
// the real create-admin command (its two-factor sign-in set up, staff.mjs) and a student with an approved
// enrolment, both signed in through the API; Lighthouse then opens each screen with that session's cookie
// (--extra-headers).
import path from "node:path";
import { request } from "./http.mjs";
import { createStaff, signInStaff } from "./staff.mjs";

export const STUDENT_SCREENS = ["/aluno/pagamento", "/aluno/acesso", "/aluno/certificados"];
export const STAFF_SCREENS = [
  "/admin",
  "/admin/enrollments",
  "/admin/payment-receipts",
  "/admin/financial",
  "/admin/student-accounts",
];

/** The session cookie a sign-in answer sets, as a Cookie header. */
const cookieOf = (res) => res.cookie;

/**
 * One API call on a connection of its own (http.mjs): between calls the bench runs Lighthouse
 * synchronously for tens of seconds, and a kept-alive socket the server closed meanwhile would be reused.
 */
async function call(base, method, url, { cookie, json, form } = {}) {
  const res = await request(base, method, url, { cookie, json, form, timeoutMs: 60_000 });
  if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url}: ${res.status} ${res.text()}`);
  return { ...res, json: async () => res.json() };
}

/** A super_admin (create-admin, as an institute sets one up, then its second factor) signed in; its session cookie. */
export async function staffSession(server) {
  const [user] = await createStaff(server, null, ["super_admin"]);
  return signInStaff(server.base, user);
}

/**
 * A student account with an enrolment (three small documents) approved by `staffCookie`, its own password
 * chosen: /aluno/pagamento then shows the payment details and the receipt form. Its session cookie.
 */
export async function studentSession({ base, staffCookie, name = "Bench Aluno Kiala", phone = "923999001" }) {
  const created = await (
    await call(base, "POST", "/api/student-accounts", {
      json: { studentName: name, studentPhone: phone, hasEmail: false },
    })
  ).json();
  const temporary = cookieOf(
    await call(base, "POST", "/api/auth/student/sign-in", {
      json: { code: created.studentCode, password: created.studentPassword },
    }),
  );
  const chosen = "BENCH1";
  const changed = await call(base, "PUT", "/api/me/account/password", {
    cookie: temporary,
    // Just signed in with the temporary password: not asked again (decision 090).
    json: { newPassword: chosen, confirmPassword: chosen },
  });
  const cookie = cookieOf(changed) || temporary;
  const courses = await (await call(base, "GET", "/api/courses/catalog")).json();
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const form = new FormData();
  const fields = {
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
    courseId: courses[0].id,
    schedulePreference: "noite",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("idCardFront", new Blob([png], { type: "image/png" }), "bi-frente.png");
  form.append("idCardBack", new Blob([png], { type: "image/png" }), "bi-verso.png");
  form.append("certificate", new Blob(["%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"]), "certificado.pdf");
  const { id } = await (await call(base, "POST", "/api/me/enrollments", { cookie, form })).json();
  await approveEnrollment({ base, staffCookie, id });
  return cookie;
}

/** 'Aprovar inscrição' as the secretariat sends it, with a reference code of its own. */
export async function approveEnrollment({ base, staffCookie, id }) {
  await call(base, "POST", `/api/admin/enrollments/${id}/approve`, {
    cookie: staffCookie,
    json: { referenceCode: `BENCH-${id.slice(0, 8)}`, documentsChecked: true, personalDataChecked: true },
  });
}

/**
 * Lighthouse (the bench's `lighthouse(url, outFile, extraArgs)`) on every signed-in screen, each with its
 * session's cookie; `staffCookie` is a super_admin's (staffSession).
 */
export async function benchSignedIn({ base, staffCookie, out, lighthouse }) {
  const studentCookie = await studentSession({ base, staffCookie });
  const screens = {};
  for (const [list, cookie] of [
    [STUDENT_SCREENS, studentCookie],
    [STAFF_SCREENS, staffCookie],
  ]) {
    for (const screen of list) {
      const file = path.join(out, `lighthouse${screen.replace(/\//g, "-")}.json`);
      screens[screen] = lighthouse(base + screen, file, [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`]);
    }
  }
  return screens;
}
