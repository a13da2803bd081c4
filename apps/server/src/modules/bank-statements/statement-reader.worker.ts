import { parentPort } from "node:worker_threads";
import { readStatementFile } from "./statement-file";

/**
 * The statement reader's thread (decision 078): reads each file it is sent, one at a time, and answers its
 * table or why it cannot be read. A RangeError (stack, array or string past its size) is the file
 * asking for more than a statement needs; any other exception is a bug, answered as one.
 */
parentPort!.on("message", (bytes: Uint8Array) => {
  try {
    parentPort!.postMessage({ table: readStatementFile(bytes) });
  } catch (e) {
    parentPort!.postMessage(
      e instanceof RangeError ? { exhausted: e.message } : { crashed: e instanceof Error ? e.stack : String(e) },
    );
  }
});
