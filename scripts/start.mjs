// `npm start`: build what is missing, then run the server in this process (it handles SIGINT/SIGTERM).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

ensureBuilt();
await import(pathToFileURL(path.join(root, "apps/server/dist/main.js")).href);
