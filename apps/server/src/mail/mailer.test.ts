import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SmtpSink, startSmtpSink } from "../../test/smtp-sink";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";

describe("mailer", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
  let sink: SmtpSink;

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends through SMTP when SMTP_URL is set", async () => {
    const mailer = createMailer(
      { smtpUrl: sink.url, mailFrom: "Instituto <no-reply@instituto.ao>", dataDir },
      createLogger("silent"),
    );
    expect(mailer.transport).toBe("smtp");
    await mailer.send({ to: "aluno@exemplo.ao", subject: "Redefinir senha", text: "Abra http://x/reset?token=1" });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.to).toEqual(["aluno@exemplo.ao"]);
    expect(sink.received[0]!.text).toContain("Subject: Redefinir senha");
  });

  it("writes the message to DATA_DIR/outbox when there is no SMTP", async () => {
    const mailer = createMailer(
      { smtpUrl: undefined, mailFrom: "no-reply@instituto.ao", dataDir },
      createLogger("silent"),
    );
    expect(mailer.transport).toBe("outbox");
    await mailer.send({ to: "staff@exemplo.ao", subject: "Bem-vindo", text: "Entre em http://localhost:3000/auth" });
    const files = readdirSync(path.join(dataDir, "outbox"));
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(dataDir, "outbox", files[0]!), "utf8");
    expect(eml).toContain("To: staff@exemplo.ao");
    expect(eml).toContain("http://localhost:3000/auth");
  });
});
