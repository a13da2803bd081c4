// A small HTTP client for the benches, on node:http: it sees the bytes as they cross the wire (fetch would
// decode them), times each request, and can send from a given local address (one per simulated phone).
import http from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";

/** A keep-alive agent whose connections leave from `localAddress` (any 127.x.y.z reaches the server). */
export function clientAgent(localAddress) {
  return new http.Agent({ keepAlive: true, maxSockets: 4, ...(localAddress ? { localAddress } : {}) });
}

/**
 * One request. `json` or `form` (a FormData, sent as multipart) is the body; `cookie` the session.
 * Answers { status, ms, wireBytes, encoding, headers, cookie (the Set-Cookie pairs), text(), json() }.
 */
export async function request(
  base,
  method,
  path,
  { json, form, cookie, headers = {}, agent, timeoutMs = 30_000 } = {},
) {
  const url = new URL(path, base);
  let body;
  const sent = { origin: url.origin, ...headers };
  if (cookie) sent.cookie = cookie;
  if (json !== undefined) {
    body = Buffer.from(JSON.stringify(json));
    sent["content-type"] = "application/json";
  } else if (form) {
    const encoded = new Request(url, { method: "POST", body: form });
    body = Buffer.from(await encoded.arrayBuffer());
    sent["content-type"] = encoded.headers.get("content-type");
  }
  if (body) sent["content-length"] = String(body.length);
  const started = performance.now();
  // A kept-alive socket the server closed as idle just as this request went out, before any answer: the
  // server never read it, so it is sent again on a new connection (Node's documentation:
  // `request.reusedSocket`), a write too: a client waiting out a Retry-After of ~5 s meets the server's 5-s
  // keep-alive timeout. The mixed day's database check would see a write made twice.
  const once = () =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers: sent, agent: agent ?? false, timeout: timeoutMs }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("error", reject);
        res.on("end", () => {
          const wire = Buffer.concat(chunks);
          const encoding = res.headers["content-encoding"];
          let decoded;
          const plain = () => {
            decoded ??= encoding === "gzip" ? gunzipSync(wire) : encoding === "br" ? brotliDecompressSync(wire) : wire;
            return decoded;
          };
          resolve({
            status: res.statusCode,
            ms: performance.now() - started,
            wireBytes: wire.length,
            encoding: encoding ?? "identity",
            headers: res.headers,
            cookie: (res.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; "),
            plainBytes: () => plain().length,
            text: () => plain().toString("utf8"),
            json: () => JSON.parse(plain().toString("utf8")),
          });
        });
      });
      req.on("timeout", () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${path}`)));
      req.on("error", (err) => reject(Object.assign(err, { reusedSocket: req.reusedSocket })));
      req.end(body);
    });
  try {
    return await once();
  } catch (err) {
    if (err.code !== "ECONNRESET" || !err.reusedSocket) throw err;
    return once();
  }
}

/** The rows of a list answer, whatever its shape: an array, { rows, total… }, or { payments | receipts, stats }. */
export function listRows(answer) {
  if (Array.isArray(answer)) return answer;
  for (const key of ["rows", "items", "payments", "receipts", "accounts", "enrollments"]) {
    if (Array.isArray(answer?.[key])) return answer[key];
  }
  return [];
}

/** Percentile `p` (0–100) of `values` (nearest rank). */
export function percentile(values, p) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const round = (n, digits = 0) => Number(n.toFixed(digits));
