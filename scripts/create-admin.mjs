// `npm run create-admin -- --email E --password P --name "N" [--role R]`
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

ensureBuilt();
await import(pathToFileURL(path.join(root, "apps/server/dist/create-admin.js")).href);
