import { withDatabase } from "./server";

/**
 * Runs once the e2e server is up (Playwright starts its webServer before the global setup). The server
 * migrated an empty database, a new installation, which requires two-factor sign-in of super_admin and
 * financeiro (decision 076). The suite plays an existing installation instead: the other specs sign in
 * with a password only, and two-factor.spec.ts turns the requirement on through the roles screen.
 * A spec that starts a server of its own (`dir`: its DATA_DIR) calls it too.
 */
export async function existingInstallation(dir?: string) {
  await withDatabase((db) => db.query("update staff_role_settings set two_factor_required = false"), dir);
}

/** Playwright's global setup (it passes the config, not a folder): the shared e2e server's database. */
export default async function globalSetup() {
  await existingInstallation();
}
