import { request } from "node:http";

export interface StreamedAnswer {
  status: number;
  body: { error?: { code: string; message: string }; [key: string]: unknown };
  ms: number;
  /** How many body bytes the client had written when the answer came. */
  sent: number;
}

/**
 * POSTs `total` bytes over a real socket, in 64 KB chunks starting `{"code":"` (JSON-looking), with a
 * Content-Length or chunked without one; stops sending as soon as the server answers (it need not read
 * what it refuses). A server that reads the whole body before answering makes `sent` reach `total`; one
 * that answers unread leaves the client blocked by TCP flow control, a few MB in at most.
 */
export function streamedPost(
  base: string,
  path: string,
  total: number,
  framing: "content-length" | "chunked",
  headers: Record<string, string> = { "content-type": "application/json" },
): Promise<StreamedAnswer> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(`${base}${path}`, {
      method: "POST",
      headers: { ...headers, ...(framing === "content-length" ? { "content-length": String(total) } : {}) },
    });
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.on("data", (c: Buffer) => {
        text += c.toString();
      });
      res.on("end", () => {
        resolve({ status: res.statusCode!, body: JSON.parse(text), ms: Date.now() - started, sent });
        req.destroy();
      });
    });
    req.on("error", (err) => {
      if (!answered) reject(err);
    });
    const chunk = Buffer.alloc(64 * 1024, "a");
    chunk.write('{"code":"', 0);
    const write = () => {
      while (!answered && sent < total) {
        const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
        sent += part.length;
        if (!req.write(part)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}
