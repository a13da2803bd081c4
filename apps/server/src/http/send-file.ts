import type { Readable } from "node:stream";
import type { Context } from "hono";
import { stream } from "hono/streaming";

/**
 * Streams a private stored file as the answer: its type and length, how the browser should show it
 * (inline or as a download, under `name`), never sniffed, never cached.
 */
export function sendFile(
  c: Context,
  file: { body: Readable; contentType: string; size: number; name: string; download?: boolean },
) {
  c.header("Content-Type", file.contentType);
  c.header("Content-Length", String(file.size));
  c.header("Content-Disposition", `${file.download ? "attachment" : "inline"}; filename="${file.name}"`);
  c.header("X-Content-Type-Options", "nosniff");
  c.header("Cache-Control", "private, no-store");
  return stream(c, async (out) => {
    for await (const chunk of file.body) await out.write(chunk as Uint8Array);
  });
}
