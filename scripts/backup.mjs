// `npm run backup -- FILE.tar.gz`: one archive of the database and the stored files (decision 067).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

ensureBuilt(["apps/server"]); // the web app is not needed to copy data
await import(pathToFileURL(path.join(root, "apps/server/dist/backup.js")).href);
