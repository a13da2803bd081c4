import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { CURRICULUM_MIME_TYPES, DOCUMENT_MIME_TYPES, MAX_FILE_BYTES } from "@app/shared/limits";
import { CURRICULUM_WRONG_TYPE } from "@app/shared/messages";
import { afterAll, describe, expect, it } from "vitest";
import { HTML, PDF, PNG } from "../../test/fixtures";
import { ApiError } from "../http/errors";
import { createDiskStorage } from "./disk";
import { checkFile, newStorageKey } from "./file-check";
import { FileMissingError } from "./storage";

async function rejection(p: Promise<unknown>): Promise<ApiError> {
  const err = await p.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ApiError);
  return err as ApiError;
}

describe("file checks by content", () => {
  it("accepts a real PNG and a real PDF, whatever they are called", async () => {
    expect(await checkFile(PNG, DOCUMENT_MIME_TYPES)).toEqual({ contentType: "image/png", extension: "png" });
    expect(await checkFile(PDF, DOCUMENT_MIME_TYPES)).toEqual({ contentType: "application/pdf", extension: "pdf" });
  });

  it("refuses HTML pretending to be an image with 415 and a Portuguese message", async () => {
    const err = await rejection(checkFile(HTML, DOCUMENT_MIME_TYPES));
    expect(err.status).toBe(415);
    expect(err.message).toBe("Formato inválido. Use JPEG, PNG ou PDF");
  });

  it("refuses an image where only a PDF is allowed", async () => {
    expect((await rejection(checkFile(PNG, CURRICULUM_MIME_TYPES, CURRICULUM_WRONG_TYPE))).message).toBe(
      "Formato inválido. O currículo deve ser um PDF",
    );
  });

  it("refuses 5 MB + 1 byte with 413", async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MAX_FILE_BYTES + 1 - PDF.length)]);
    const err = await rejection(checkFile(big, DOCUMENT_MIME_TYPES));
    expect(err.status).toBe(413);
    expect(err.message).toBe("Arquivo muito grande. Tamanho máximo: 5MB");
  });

  it("generates keys that never contain the uploader's file name", () => {
    const a = newStorageKey("id_card_front", "png", new Date("2025-04-02T10:00:00Z"));
    expect(a).toMatch(/^id-card-front\/2025\/04\/[0-9a-f-]{36}\.png$/);
    expect(newStorageKey("id_card_front", "png")).not.toBe(a);
  });
});

describe("disk storage", () => {
  const root = mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
  const storage = createDiskStorage(root);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("puts, streams back and deletes a file", async () => {
    const key = newStorageKey("receipt", "pdf");
    await storage.put(key, PDF, "application/pdf");
    const chunks: Buffer[] = [];
    for await (const chunk of await storage.getStream(key)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);
    await storage.delete(key);
    await expect(storage.getStream(key)).rejects.toBeInstanceOf(FileMissingError);
    await storage.delete(key); // deleting twice is fine
  });

  it("leaves no temporary file behind", async () => {
    const key = newStorageKey("certificate", "png");
    await storage.put(key, PNG, "image/png");
    const dir = path.join(root, path.dirname(key));
    expect(readdirSync(dir).some((f) => f.endsWith(".part"))).toBe(false);
  });

  it("lists every stored file with its size, and nothing half-written", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "storage-list-"));
    const fresh = createDiskStorage(dir);
    const listed = async () => {
      const all = [];
      for await (const o of fresh.list()) all.push(o);
      return all.sort((a, b) => a.key.localeCompare(b.key));
    };
    expect(await listed()).toEqual([]);
    const pdf = newStorageKey("receipt", "pdf");
    const png = newStorageKey("id_card_front", "png");
    await fresh.put(pdf, PDF, "application/pdf");
    await fresh.put(png, PNG, "image/png");
    writeFileSync(path.join(dir, `${png}.part`), "half"); // a put still writing
    expect(await listed()).toEqual(
      [
        { key: pdf, size: PDF.length, modifiedAt: expect.any(Date) },
        { key: png, size: PNG.length, modifiedAt: expect.any(Date) },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses keys that could escape its folder", async () => {
    await expect(storage.put("../../etc/passwd.txt", PDF, "text/plain")).rejects.toThrow(/Unsafe storage key/);
  });
});
