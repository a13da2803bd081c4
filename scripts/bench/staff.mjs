// Staff users for the benches, made and signed in as an institute's staff are on a new installation
// (issue 33): the first through `create-admin` (the supported way), the others as copies of its rows;
// whoever's role requires two-factor sign-in (super_admin and financeiro on a new installation, decision
// 076) sets it up through the API as a person does, the authenticator's codes computed from its secret;
// every sign-in is the password, then the current code. apps/server/src/bench-staff.test.ts runs these
// steps on a real server, so the benches cannot silently stop signing in again.
import { Secret, TOTP } from "otpauth";
import { request } from "./http.mjs";

export const STAFF_PASSWORD = "bench-staff-2026";
const PERIOD_MS = 30_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const periodNow = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * @typedef {object} StaffUser
 * @property {string} email
 * @property {string} role
 * @property {TOTP} [authenticator] the app set up, when the role requires two-factor sign-in
 * @property {number} [lastPeriod] the 30-second period of the last code given: a code is used once (RFC 6238 §5.2)
 */

/** The cookies a response sets and does not clear, as a Cookie header. */
function liveCookies(res) {
  return (res.headers["set-cookie"] ?? [])
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .filter((pair) => pair.indexOf("=") < pair.length - 1)
    .join("; ");
}

/** One POST that must answer 200 (on a connection of its own unless `agent` is given). */
async function post(base, path, json, { cookie, agent } = {}) {
  const res = await request(base, "POST", path, { json, cookie, agent, timeoutMs: 60_000 });
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${res.text()}`);
  return res;
}

/**
 * Staff users, one per entry of `roles`, all with STAFF_PASSWORD: the first through the server's
 * create-admin (`server.createAdmin(args)`), the others as copies of its credential row (same password,
 * hence the same hash: a process start and a scrypt saved per user) through `db` (a pg client on the
 * server's database; unused for one user). Then each signs in once and, when the answer says their role
 * requires two-factor sign-in, sets it up. Answers the users, for signInStaff.
 * @returns {Promise<StaffUser[]>}
 */
export async function createStaff(server, db, roles) {
  const users = roles.map((role, i) => ({ email: `bench-${role}-${i + 1}@instituto.ao`, role }));
  const first = ["--email", users[0].email, "--password", STAFF_PASSWORD, "--name", "Bench 1", "--role", roles[0]];
  await server.createAdmin(first);
  if (users.length > 1) {
    const { rows } = await db.query(
      "select a.password from auth_account a join auth_user u on u.id = a.user_id where u.email = $1",
      [users[0].email],
    );
    for (let i = 1; i < users.length; i++) {
      const id = `bench-staff-${i + 1}`;
      await db.query("insert into auth_user (id, name, email) values ($1, $2, $3)", [
        id,
        `Bench ${i + 1}`,
        users[i].email,
      ]);
      await db.query(
        "insert into auth_account (id, account_id, provider_id, user_id, password) values ($1, $2, 'credential', $2, $3)",
        [`${id}-credential`, id, rows[0].password],
      );
      await db.query("insert into staff_profiles (user_id, full_name, role) values ($1, $2, $3)", [
        id,
        `Bench ${i + 1}`,
        roles[i],
      ]);
    }
  }
  for (const user of users) await setUpTwoFactorIfRequired(server.base, user);
  return users;
}

/**
 * As the portal sends such a user to 'A minha conta' at their first sign-in: the password again, the
 * secret into the authenticator, and a first code. That code is the one the app showed just before the
 * current one (decision 076 accepts the previous period), so the user's next sign-in gives the current
 * code, of a later period, without waiting; if a period ends meanwhile, the then-previous code is given.
 */
async function setUpTwoFactorIfRequired(base, user) {
  const signedIn = await post(base, "/api/auth/sign-in", { email: user.email, password: STAFF_PASSWORD });
  const { staff } = signedIn.json();
  if (!staff?.twoFactorRequired || staff.twoFactorEnabled) return;
  const cookie = liveCookies(signedIn);
  const started = await post(base, "/api/admin/account/two-factor", { password: STAFF_PASSWORD }, { cookie });
  const secret = Secret.fromBase32(started.json().secret);
  user.authenticator = new TOTP({ secret, digits: 6, period: PERIOD_MS / 1000, algorithm: "SHA1" });
  for (let tries = 1; ; tries++) {
    const period = periodNow() - 1;
    const code = user.authenticator.generate({ timestamp: period * PERIOD_MS });
    const res = await request(base, "POST", "/api/admin/account/two-factor/confirm", { json: { code }, cookie });
    if (res.status === 200) {
      user.lastPeriod = period;
      return;
    }
    if (tries === 2) throw new Error(`two-factor set-up of ${user.email}: ${res.status} ${res.text()}`);
  }
}

/** The app's current code, after waiting for the next one if this user already gave this period's. */
async function currentCode(user) {
  if (user.lastPeriod !== undefined && periodNow() <= user.lastPeriod) {
    await sleep((user.lastPeriod + 1) * PERIOD_MS - Date.now() + 50);
  }
  user.lastPeriod = periodNow();
  return user.authenticator.generate({ timestamp: user.lastPeriod * PERIOD_MS });
}

/**
 * Signs `user` in as the sign-in screen does: the password, then, when the answer asks for it, the
 * authenticator's current code. `send(step, path, json, cookie)` sends one step ("password" or "code")
 * and answers the response, or null when refused (the mixed day times and counts each); by default a
 * refusal throws. Answers the session's Cookie header, or null.
 * @param {StaffUser} user
 */
export async function signInStaff(base, user, { agent, send } = {}) {
  const sendStep = send ?? ((_step, path, json, cookie) => post(base, path, json, { cookie, agent }));
  const password = await sendStep("password", "/api/auth/sign-in", { email: user.email, password: STAFF_PASSWORD });
  if (!password) return null;
  if (!password.json().secondStep) return liveCookies(password);
  const code = await currentCode(user);
  const signedIn = await sendStep("code", "/api/auth/sign-in/code", { code }, liveCookies(password));
  return signedIn ? liveCookies(signedIn) : null;
}
