import { Writable } from "node:stream";
import pino from "pino";

export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real logger whose JSON lines are kept in `lines` (what the process would print), from `level` up. */
export function capturedLog(level = "info") {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { log: pino({ level }, sink), lines };
}
