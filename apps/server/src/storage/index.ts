import path from "node:path";
import type { Config } from "../config";
import { createDiskStorage } from "./disk";
import { createS3Storage } from "./s3";
import type { FileStorage } from "./storage";

export function createStorage(config: Pick<Config, "s3" | "dataDir">): FileStorage {
  return config.s3 ? createS3Storage(config.s3) : createDiskStorage(path.join(config.dataDir, "files"));
}
