import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../db/embedded";
import { createS3Storage } from "./s3";
import { FileMissingError } from "./storage";

/**
 * The bucket driver against a real S3 server (s3rver): what the server and `npm run backup` / `restore`
 * (decision 067, which go through this same interface) ask of a bucket: put, read back byte for byte,
 * list every object with its size, delete, and a missing key said as such.
 */
describe("the S3 bucket storage", () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), "s3-driver-"));
  let s3: S3rver;
  let storage: ReturnType<typeof createS3Storage>;

  beforeAll(async () => {
    const port = await freePort();
    s3 = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: "portal-files", configs: [] }],
    });
    await s3.run();
    storage = createS3Storage({
      bucket: "portal-files",
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    await s3?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  it("stores, reads back, lists with sizes and deletes objects under nested keys", async () => {
    const photo = Buffer.from(Array.from({ length: 70_000 }, (_, i) => (i * 31) % 256));
    const files = {
      "enrollments/a1/bi-frente.webp": photo,
      "enrollments/a1/certificado.pdf": Buffer.from("%PDF-1.4 certificado"),
      "receipts/r9/comprovativo.jpg": Buffer.from("comprovativo"),
    };
    for (const [key, data] of Object.entries(files)) await storage.put(key, data, "application/octet-stream");

    for (const [key, data] of Object.entries(files)) expect(await buffer(await storage.getStream(key))).toEqual(data);
    const listed = [];
    for await (const object of storage.list()) listed.push(object);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual(
      Object.entries(files).map(([key, data]) => ({ key, size: data.length, modifiedAt: expect.any(Date) })),
    );

    await storage.delete("receipts/r9/comprovativo.jpg");
    await expect(storage.getStream("receipts/r9/comprovativo.jpg")).rejects.toBeInstanceOf(FileMissingError);
    const left = [];
    for await (const object of storage.list()) left.push(object.key);
    expect(left.sort()).toEqual(["enrollments/a1/bi-frente.webp", "enrollments/a1/certificado.pdf"]);
  });
});
