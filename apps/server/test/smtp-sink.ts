import net, { type AddressInfo, type Socket } from "node:net";
import { SMTPServer } from "smtp-server";
import { vi } from "vitest";

/** Quoted-printable and RFC 2047 words as nodemailer writes them, decoded to read the text a recipient reads. */
export function decodeMail(raw: string): string {
  const bytes = (s: string) => Buffer.from(s.replace(/=([0-9A-F]{2})/g, "%$1").replace(/%(?![0-9A-F]{2})/g, "%25"));
  const qp = (s: string) => decodeURIComponent(bytes(s).toString("latin1"));
  return raw
    .replace(/\r\n/g, "\n")
    .replace(/\?=\s+=\?/g, "?==?") // the space between two encoded words of a folded header is not text
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => qp(word.replace(/_/g, " ")))
    .replace(/=\n/g, "")
    .replace(/(?:=[0-9A-F]{2})+/g, (run) => qp(run));
}

export interface ReceivedMail {
  to: string[];
  /** The whole message, decoded (headers included). */
  text: string;
}

export interface SmtpSink {
  port: number;
  /** SMTP_URL for a test context. */
  url: string;
  received: ReceivedMail[];
  /** Connections accepted while stalled, never greeted, still open. */
  stalledConnections(): number;
  /** Resolves once `count` connections have been accepted while stalled (the worker is stuck on them). */
  waitForStalledConnections(count?: number): Promise<void>;
  /** Greets from now on: connections held while stalled are handed to the real server, as are new ones. */
  recover(): void;
  /** Waits until a message to `to` has arrived, and gives it. */
  waitForMailTo(to: string): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server (smtp-server) behind a TCP front on its own port. `stalled: true` makes the
 * front accept connections and say nothing, as a mail server that hangs does ('Greeting never
 * received'); `recover()` lets them through. `port`: a port of your choosing (a mail server that was down
 * comes up).
 */
export async function startSmtpSink({ stalled = false, port: wanted = 0 } = {}): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => {
        raw += c.toString();
      });
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), text: decodeMail(raw) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  let stalling = stalled;
  let acceptedWhileStalled = 0;
  const held = new Set<Socket>();
  const open = new Set<Socket>();
  const pass = (socket: Socket) => {
    const upstream = net.connect(smtpPort, "127.0.0.1");
    open.add(upstream);
    upstream.on("close", () => open.delete(upstream));
    upstream.on("error", () => socket.destroy());
    socket.on("error", () => upstream.destroy());
    socket.pipe(upstream).pipe(socket);
  };
  const front = net.createServer((socket) => {
    open.add(socket);
    socket.on("close", () => {
      open.delete(socket);
      held.delete(socket);
    });
    if (stalling) {
      acceptedWhileStalled++;
      socket.on("error", () => {});
      held.add(socket);
    } else pass(socket);
  });
  await new Promise<void>((resolve) => front.listen(wanted, "127.0.0.1", resolve));
  const port = (front.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    stalledConnections: () => held.size,
    waitForStalledConnections: (count = 1) =>
      vi.waitFor(
        () => {
          if (acceptedWhileStalled < count) throw new Error(`${acceptedWhileStalled} of ${count} connections so far`);
        },
        { timeout: 15_000, interval: 20 },
      ),
    recover() {
      stalling = false;
      for (const socket of held) pass(socket);
      held.clear();
    },
    waitForMailTo: (to) =>
      vi.waitFor(
        () => {
          const mail = received.find((m) => m.to.includes(to));
          if (!mail) throw new Error(`no e-mail to ${to} yet`);
          return mail;
        },
        { timeout: 15_000, interval: 20 },
      ),
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** A local port nothing listens on (for now): an SMTP_URL whose server is down. */
export async function freePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
