import { parseArgs } from "node:util";
import { ZodError } from "zod";
import { ConfigError, loadConfig } from "../config";
import { createDb, createPool } from "../db/client";
import { openDatabase } from "../db/connect";
import { runMigrations } from "../db/migrate";
import { createLogger } from "../logger";
import { resetTwoFactorByEmail } from "../modules/two-factor/two-factor.service";
import { upsertStaffUser } from "../modules/users/users.service";

const USAGE = [
  'Uso: npm run create-admin -- --email E --password P --name "Nome" [--role super_admin]',
  "  ou: npm run create-admin -- --email E --reset-two-factor   (desativa a verificação em dois passos)",
].join("\n");

/**
 * Creates (or updates) a staff user with a role on the configured database. With the embedded
 * database it attaches to the running server's PostgreSQL, or starts it (and stops it after) when no server runs.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      role: { type: "string", default: "super_admin" },
      "reset-two-factor": { type: "boolean", default: false },
    },
    strict: true,
  });
  const resetTwoFactor = values["reset-two-factor"];
  if (!values.email || (!resetTwoFactor && (!values.password || !values.name))) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  const log = createLogger(process.env.LOG_LEVEL ?? "warn");
  const database = await openDatabase(config, log, { stopAttached: false });
  const pool = createPool(database.url);
  try {
    await runMigrations(pool);
    if (resetTwoFactor) {
      // The last super_admin who lost their phone is not locked out (decision 076).
      const found = await resetTwoFactorByEmail(createDb(pool), values.email);
      console.log(
        found
          ? `Verificação em dois passos desativada: ${values.email.trim().toLowerCase()}`
          : `Usuário não encontrado: ${values.email}`,
      );
      return found ? 0 : 1;
    }
    const result = await upsertStaffUser(createDb(pool), {
      email: values.email,
      password: values.password!,
      name: values.name!,
      role: values.role as never,
    });
    console.log(
      `${result.created ? "Usuário criado" : "Usuário atualizado"}: ${values.email.trim().toLowerCase()} (${result.roleLabel})`,
    );
    return 0;
  } finally {
    await pool.end();
    await database.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (err) => {
    if (err instanceof ZodError) console.error(err.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("\n"));
    else if (err instanceof ConfigError) console.error(err.message);
    else console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
