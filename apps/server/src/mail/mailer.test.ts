import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../logger";
import { createMailer } from "./mailer";

describe("mailer", () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "mail-test-"));
  const received: { to: string[]; raw: string }[] = [];
  let sink: SMTPServer;
  let port: number;

  beforeAll(async () => {
    sink = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (c: Buffer) => {
          raw += c.toString();
        });
        stream.on("end", () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => sink.listen(0, "127.0.0.1", resolve));
    port = (sink.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => sink.close(() => resolve()));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("sends through SMTP when SMTP_URL is set", async () => {
    const mailer = createMailer(
      { smtpUrl: `smtp://127.0.0.1:${port}`, mailFrom: "Instituto <no-reply@instituto.ao>", dataDir },
      createLogger("silent"),
    );
    expect(mailer.transport).toBe("smtp");
    await mailer.send({ to: "aluno@exemplo.ao", subject: "Redefinir senha", text: "Abra http://x/reset?token=1" });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(["aluno@exemplo.ao"]);
    expect(received[0]!.raw).toContain("Subject: Redefinir senha");
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
