import type { IncomingMessage } from "node:http";

/** The whole body of a Node request as UTF-8 text (the local provider simulators' requests, which are small). */
export function nodeRequestText(req: IncomingMessage): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    let s = "";
    req.on("data", (c: Buffer) => {
      s += c.toString("utf8");
    });
    req.on("end", () => resolve(s));
    req.on("error", reject);
  });
}
