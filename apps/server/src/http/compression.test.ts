import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import { serve } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffActor } from "../../test/actors";
import { createTestContext, TEST_BASE_URL, type TestContext } from "../../test/context";
import { enrollmentRow } from "../../test/fixtures";
import { courses, enrollments, payments } from "../db/schema";
import { forgetCatalog } from "../modules/courses/courses.service";
import { COMPRESSION_THRESHOLD_BYTES } from "./compression";

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire (never decoded). */
  wire: Buffer;
}

/** Decision 059: /api answers over a real socket, read byte for byte (fetch would decode them). */
describe("compression of /api answers", () => {
  let ctx: TestContext;
  let server: ReturnType<typeof serve>;
  let cookie: string;

  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<Raw>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      const req = request(
        { host: "127.0.0.1", port, path, headers: { origin: TEST_BASE_URL, cookie, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, wire: Buffer.concat(chunks) }),
          );
          res.on("error", reject);
        },
      );
      req.on("error", reject);
      req.end();
    });
  const decoded = (r: Raw) => (r.headers["content-encoding"] === "gzip" ? gunzipSync(r.wire) : r.wire).toString("utf8");

  beforeAll(async () => {
    ctx = await createTestContext();
    const [course] = await ctx.db
      .insert(courses)
      .values({ name: "Contabilidade Geral", durationMonths: 3, price: 120000 })
      .returning();
    const rows = await ctx.db
      .insert(enrollments)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          ...enrollmentRow(course!.id),
          studentName: `Aluno Número ${i}`,
          status: "enrolled" as const,
        })),
      )
      .returning();
    await ctx.db.insert(payments).values(
      rows.map((e, i) => ({
        enrollmentId: e.id,
        amount: 120000,
        paymentDate: `2025-03-${String((i % 28) + 1).padStart(2, "0")}`,
        paymentMethod: "transferencia" as const,
        status: "completed" as const,
      })),
    );
    cookie = (await staffActor(ctx, "financeiro")).cookie;
    await new Promise<void>((resolve) => {
      server = serve({ fetch: ctx.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve());
    });
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await ctx.close();
  });

  it("gzips a big list per Accept-Encoding, and it decodes to the very JSON sent plain", async () => {
    const plain = await get("/api/admin/payments");
    const zipped = await get("/api/admin/payments", { "accept-encoding": "gzip, deflate, br" });
    expect(plain.status).toBe(200);
    expect(plain.wire.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES * 4);
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(zipped.headers["content-type"]).toContain("application/json");
    expect(zipped.wire.length).toBeLessThan(plain.wire.length / 4);
    expect(JSON.parse(decoded(zipped))).toEqual(JSON.parse(plain.wire.toString("utf8")));
  });

  it("sends the same big list plain, with its length, to a client that accepts no encoding", async () => {
    const plain = await get("/api/admin/payments");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(plain.headers["content-length"])).toBe(plain.wire.length);
    expect(plain.wire.toString("utf8")).toContain("Aluno Número 39");
  });

  it("leaves a small answer uncompressed even when the client accepts gzip", async () => {
    const small = await get("/api/health", { "accept-encoding": "gzip, br" });
    expect(small.status).toBe(200);
    expect(small.wire.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(small.wire.toString("utf8"))).toMatchObject({ status: "ok" });
  });

  it("compresses a CSV export too, which decodes to the plain one", async () => {
    const plain = await get("/api/admin/payments/export?format=csv");
    const zipped = await get("/api/admin/payments/export?format=csv", { "accept-encoding": "gzip" });
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers["content-disposition"]).toMatch(/^attachment/);
    expect(zipped.wire.length).toBeLessThan(plain.wire.length / 4);
    expect(decoded(zipped)).toBe(plain.wire.toString("utf8"));
  });

  it("sends the catalogue gzip-compressed from its cache: the same bytes each time, decoding to the plain JSON", async () => {
    await ctx.db.insert(courses).values(
      Array.from({ length: 12 }, (_, i) => ({
        name: `Curso de Volume ${i}`,
        description: "Um curso prático para quem quer aprender fazendo, com exercícios semanais.",
        durationMonths: 2,
        price: 50000 + i,
      })),
    );
    forgetCatalog(ctx.db);
    const plain = await get("/api/courses/catalog");
    const zipped = await get("/api/courses/catalog", { "accept-encoding": "gzip, br" });
    const again = await get("/api/courses/catalog", { "accept-encoding": "gzip" });
    expect(plain.wire.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(zipped.headers["content-length"])).toBe(zipped.wire.length);
    expect(decoded(zipped)).toBe(plain.wire.toString("utf8"));
    expect(again.wire.equals(zipped.wire)).toBe(true);
    expect(zipped.headers.etag).toBe(plain.headers.etag);
  });

  it("answers a revalidated catalogue 304 with no body and no encoding", async () => {
    const first = await get("/api/courses/catalog", { "accept-encoding": "gzip" });
    const etag = String(first.headers.etag);
    const again = await get("/api/courses/catalog", { "accept-encoding": "gzip", "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.headers["content-encoding"]).toBeUndefined();
    expect(again.wire.length).toBe(0);
  });
});
