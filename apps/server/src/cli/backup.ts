import { parseArgs } from "node:util";
import { createBackup } from "../backup/backup";
import { loadConfig } from "../config";
import { createStorage } from "../storage";
import { onConfiguredDatabase, runCommand } from "./run";

const USAGE = "Uso: npm run backup -- ARQUIVO.tar.gz";

/**
 * Writes one archive of the configured installation (decision 067), while the server runs or not: with
 * the embedded database it attaches to the running server's PostgreSQL, or starts it and stops it after.
 */
async function main(): Promise<number> {
  const { positionals } = parseArgs({ allowPositionals: true, strict: true });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  return onConfiguredDatabase(config, async (database) => {
    console.log(
      `Copiando o banco de dados (${database.kind}) e os arquivos (${config.s3 ? "S3" : "disco"}) para ${file}…`,
    );
    const manifest = await createBackup({
      databaseUrl: database.url,
      databaseKind: database.kind,
      storage: createStorage(config),
      environment: { authSecret: config.authSecret, credentialSigningKey: config.credentialSigningKey },
      dataDir: config.dataDir,
      file,
      progress: (line) => console.log(line),
    });
    const c = manifest.counts;
    console.log(
      `Cópia feita: ${file} — ${c.tables} tabelas, ${c.rows} linhas, ${c.files} arquivos (${(c.fileBytes / 1e6).toFixed(1)} MB).`,
    );
    if (config.credentialSigningKey) {
      console.log("Guarde à parte CREDENTIAL_SIGNING_KEY: vem do ambiente e não está na cópia.");
    }
    return c.missingFiles.length > 0 ? 3 : 0;
  });
}

runCommand(main);
