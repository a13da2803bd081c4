// `npm run restore -- FILE.tar.gz [--force]`: puts an archive into an empty installation (decision 067).
import path from "node:path";
import { pathToFileURL } from "node:url";
import { ensureBuilt, root } from "./ensure-built.mjs";

ensureBuilt(["apps/server"]); // the web app is not needed to copy data
await import(pathToFileURL(path.join(root, "apps/server/dist/restore.js")).href);
