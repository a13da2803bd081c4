import { STATEMENT_MAX_UNZIPPED_BYTES, STATEMENT_MAX_UNZIPPED_MB } from "@app/shared/limits";
import { Inflate } from "fflate";

/**
 * The parts of an XLSX (a ZIP) a statement is read from, and nothing else (issue 33, decision 078): the
 * central directory is read here, each part the reader asks for is inflated by fflate a few KB at a time,
 * and every part's bytes count against one budget for the whole file — checked against the sizes the ZIP
 * declares before inflating, and against the bytes actually inflated while inflating (declared sizes can
 * lie). Parts no one asks for are never inflated: a ZIP of unused 100 MB parts costs nothing.
 */

export class ZipError extends Error {}

export const ZIP_MESSAGES = {
  unreadable: "não é um ZIP legível",
  tooLarge: `as partes lidas ocupam mais de ${STATEMENT_MAX_UNZIPPED_MB} MB descomprimidas`,
  method: "compressão desconhecida",
} as const;

type Entry = { name: string; method: number; compressedSize: number; size: number; localOffset: number };

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

/** The entries of the central directory, by name. */
function centralDirectory(zip: Uint8Array): Map<string, Entry> {
  let end = zip.length - 22;
  while (end >= 0 && u32(zip, end) !== 0x06054b50) {
    if (zip.length - end > 22 + 0xffff) throw new ZipError(ZIP_MESSAGES.unreadable);
    end--;
  }
  if (end < 0) throw new ZipError(ZIP_MESSAGES.unreadable);
  const count = u16(zip, end + 10);
  const entries = new Map<string, Entry>();
  const names = new TextDecoder();
  for (let i = 0, at = u32(zip, end + 16); i < count; i++) {
    if (at + 46 > zip.length || u32(zip, at) !== 0x02014b50) throw new ZipError(ZIP_MESSAGES.unreadable);
    const nameLength = u16(zip, at + 28);
    const entry = {
      name: names.decode(zip.subarray(at + 46, at + 46 + nameLength)),
      method: u16(zip, at + 10),
      compressedSize: u32(zip, at + 20),
      size: u32(zip, at + 24),
      localOffset: u32(zip, at + 42),
    };
    // Encrypted (flag bit 0) or ZIP64 (sizes 0xFFFFFFFF): no statement of 5 MB is either.
    if (u16(zip, at + 8) & 1 || entry.size === 0xffffffff || entry.compressedSize === 0xffffffff) {
      throw new ZipError(ZIP_MESSAGES.unreadable);
    }
    entries.set(entry.name, entry);
    at += 46 + nameLength + u16(zip, at + 30) + u16(zip, at + 32);
  }
  return entries;
}

/** Inflates raw DEFLATE data a few KB at a time, stopping as soon as the output passes `limit` bytes. */
function inflateAtMost(data: Uint8Array, limit: number): Uint8Array {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const inflater = new Inflate((chunk) => {
    total += chunk.length;
    if (total > limit) throw new ZipError(ZIP_MESSAGES.tooLarge);
    chunks.push(chunk);
  });
  const STEP = 4096; // at most ~4 MB of output per step (DEFLATE's ratio is at most ~1 032:1)
  try {
    for (let at = 0; at < data.length || at === 0; at += STEP) {
      inflater.push(data.subarray(at, at + STEP), at + STEP >= data.length);
    }
  } catch (e) {
    if (e instanceof ZipError) throw e;
    throw new ZipError(ZIP_MESSAGES.unreadable);
  }
  const out = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** An opened XLSX: its part names, and its parts' text under one budget of unzipped bytes. */
export type XlsxZip = {
  has(name: string): boolean;
  /** The declared unzipped sizes of `names` (the ones present) fit what is left of the budget. */
  fits(names: string[]): boolean;
  /** The part's text (UTF-8), or undefined when the ZIP has no such part. Throws `ZipError`. */
  text(name: string): string | undefined;
};

/** Opens an XLSX by its central directory; throws `ZipError` when it is not a readable ZIP. */
export function openXlsx(zip: Uint8Array, budget = STATEMENT_MAX_UNZIPPED_BYTES): XlsxZip {
  const entries = centralDirectory(zip);
  let left = budget;
  const declared = (names: string[]) => names.reduce((sum, n) => sum + (entries.get(n)?.size ?? 0), 0);
  return {
    has: (name) => entries.has(name),
    fits: (names) => declared(names) <= left,
    text(name) {
      const entry = entries.get(name);
      if (!entry) return undefined;
      if (entry.size > left) throw new ZipError(ZIP_MESSAGES.tooLarge);
      const at = entry.localOffset;
      if (at + 30 > zip.length || u32(zip, at) !== 0x04034b50) throw new ZipError(ZIP_MESSAGES.unreadable);
      const start = at + 30 + u16(zip, at + 26) + u16(zip, at + 28);
      if (start + entry.compressedSize > zip.length) throw new ZipError(ZIP_MESSAGES.unreadable);
      const data = zip.subarray(start, start + entry.compressedSize);
      let bytes: Uint8Array;
      if (entry.method === 0) bytes = data;
      else if (entry.method === 8) bytes = inflateAtMost(data, left);
      else throw new ZipError(ZIP_MESSAGES.method);
      if (bytes.length > left) throw new ZipError(ZIP_MESSAGES.tooLarge);
      left -= bytes.length;
      return new TextDecoder().decode(bytes);
    },
  };
}
