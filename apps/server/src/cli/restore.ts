import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { restoreBackup } from "../backup/restore";
import { loadConfig } from "../config";
import { createStorage } from "../storage";
import { onConfiguredDatabase, runCommand } from "./run";

const USAGE = "Uso: npm run restore -- ARQUIVO.tar.gz [--force]";

/**
 * Puts an archive into the installation that DATA_DIR / DATABASE_URL / S3_* name (decision 067): it must
 * be empty (or --force) and no server may be running on it.
 */
async function main(): Promise<number> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    strict: true,
    options: { force: { type: "boolean", default: false } },
  });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  if (!existsSync(file)) {
    console.error(`${file} não existe.`);
    return 2;
  }
  const config = loadConfig();
  return onConfiguredDatabase(config, async (database) => {
    console.log(
      `Restaurando ${file} no banco de dados (${database.kind}) e nos arquivos (${config.s3 ? "S3" : "disco"})…`,
    );
    const result = await restoreBackup({
      file,
      databaseUrl: database.url,
      storage: createStorage(config),
      environment: { authSecret: config.authSecret, credentialSigningKey: config.credentialSigningKey },
      dataDir: config.dataDir,
      force: values.force,
      progress: (line) => console.log(line),
    });
    const c = result.manifest.counts;
    console.log(
      `Restaurado: ${c.tables} tabelas, ${c.rows} linhas, ${c.files} arquivos, da cópia de ${result.header.createdAt}; exclusões de dados aplicadas de novo: ${result.erasuresReapplied}.`,
    );
    for (const w of result.warnings) console.log(`AVISO: ${w}`);
    console.log("Inicie o servidor (npm start): aplica as migrações mais recentes, se as houver.");
    return 0;
  });
}

runCommand(main);
