// expect: web-not-to-server
// A type-only import of the server through a `..` walk, so the string never reads "server/src".
import type { Db } from "../../../server/dist/../src/db/client";

export type ServerDb = Db;
