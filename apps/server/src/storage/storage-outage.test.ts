import { mkdtempSync, rmSync } from "node:fs";
import type { Server } from "node:http";
import os from "node:os";
import path from "node:path";
import { FILE_NOT_READABLE, FILES_NOT_STORED } from "@app/shared/messages";
import { eq } from "drizzle-orm";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { studentActor } from "../../test/actors";
import { body, createTestContext, TEST_BASE_URL, type TestContext } from "../../test/context";
import {
  ENROLLMENT_DOCUMENT_FILES,
  enrollmentForm,
  enrollmentFormFields,
  filesUnder,
  insertCourse,
  PNG,
} from "../../test/fixtures";
import { studentWithEnrollment as enrolledStudent, receiptForm, submitReceipt } from "../../test/receipts";
import { createApp } from "../app";
import { freePort } from "../db/embedded";
import { enrollments, paymentReceipts, storedFiles, studentAccounts } from "../db/schema";
import { createS3Storage } from "./s3";

/**
 * Decision 066: the S3 bucket (a real S3 server, s3rver) stops in the middle of an application, and is
 * down while a receipt is sent and a document is opened. Each answers 503 with its Portuguese message,
 * the database holds nothing of the refused submissions, and all of it works again once the bucket is back.
 */
const BUCKET = "portal-files";

describe("an S3 bucket that stops while files are sent", () => {
  let ctx: TestContext;
  let courseId: string;
  const root = mkdtempSync(path.join(os.tmpdir(), "s3-outage-"));
  const directory = path.join(root, "s3");
  let port: number;
  let s3: S3rver | undefined;

  const startBucket = async () => {
    s3 = new S3rver({
      address: "127.0.0.1",
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    await s3.run();
    return (s3 as unknown as { httpServer: Server }).httpServer;
  };
  /** The bucket's server goes away: no new connections, and the open keep-alive ones are cut. */
  const stopBucket = (server: Server) => {
    server.close();
    server.closeAllConnections();
  };
  const objects = () => filesUnder(path.join(directory, BUCKET)).filter((f) => f.endsWith("._S3rver_object"));

  beforeAll(async () => {
    port = await freePort();
    ctx = await createTestContext();
    courseId = await insertCourse(ctx.db, { name: "Redes de Computadores", price: 90000 });
  });
  afterAll(async () => {
    await s3?.close().catch(() => undefined);
    await ctx.close();
    rmSync(root, { recursive: true, force: true });
  });

  it("answers 503 FILES_NOT_STORED / FILE_NOT_READABLE while the bucket is down, keeps nothing half-written, and works again when it is back", async () => {
    const storage = createS3Storage({
      bucket: BUCKET,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    });
    const app = createApp({ ...ctx.deps, storage });
    const apply = (cookie: string) =>
      app.request("/api/me/enrollments", {
        method: "POST",
        body: enrollmentForm(enrollmentFormFields(courseId), ENROLLMENT_DOCUMENT_FILES),
        headers: { cookie, origin: TEST_BASE_URL },
      });

    // A receipt goes through while the bucket is up: its file is read back later.
    let server = await startBucket();
    const payer = await enrolledStudent(ctx, courseId, "Paga Antes", { paymentReferenceCode: "S3REF1" });
    const first = await submitReceipt(ctx, payer.cookie, receiptForm(payer.enrollment.id), app);
    expect(first.status).toBe(201);
    expect(objects()).toHaveLength(1);

    // An application: the bucket stops right after it stored the first of the three documents.
    const applicant = await studentActor(ctx, "Candidata Balde");
    let puts = 0;
    server.on("request", (req, res) => {
      if (req.method === "PUT" && ++puts === 1) res.once("finish", () => stopBucket(server));
    });
    const refused = await apply(applicant.cookie);
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("5");
    expect((await body(refused)).error).toEqual({ ...FILES_NOT_STORED, requestId: expect.any(String) });
    expect(await ctx.db.select().from(enrollments).where(eq(enrollments.studentName, "Candidata Balde"))).toEqual([]);
    const [account] = await ctx.db
      .select()
      .from(studentAccounts)
      .where(eq(studentAccounts.studentName, "Candidata Balde"));
    expect(account!.enrollmentCompleted).toBe(false);
    expect(await ctx.db.select().from(storedFiles)).toHaveLength(1); // the first receipt's only
    // The document stored before the stop could not be deleted either (the bucket was gone): it is
    // left in the bucket, referenced by no row (decision 066).
    expect(objects()).toHaveLength(2);

    // While it is down: a receipt is refused the same way, and a stored file cannot be opened.
    const late = await enrolledStudent(ctx, courseId, "Paga Durante", { paymentReferenceCode: "S3REF2" });
    const receipt = await submitReceipt(ctx, late.cookie, receiptForm(late.enrollment.id), app);
    expect(receipt.status).toBe(503);
    expect((await body(receipt)).error).toEqual({ ...FILES_NOT_STORED, requestId: expect.any(String) });
    expect(
      await ctx.db.select().from(paymentReceipts).where(eq(paymentReceipts.enrollmentId, late.enrollment.id)),
    ).toEqual([]);
    const [stored] = await ctx.db.select().from(storedFiles);
    const download = await app.request(`/api/files/${stored!.id}`, { headers: { cookie: payer.cookie } });
    expect(download.status).toBe(503);
    expect((await body(download)).error).toEqual({ ...FILE_NOT_READABLE, requestId: expect.any(String) });

    // The bucket is back (same data, same port): everything works, without restarting the app.
    server = await startBucket();
    expect((await apply(applicant.cookie)).status).toBe(201);
    expect((await submitReceipt(ctx, late.cookie, receiptForm(late.enrollment.id), app)).status).toBe(201);
    const again = await app.request(`/api/files/${stored!.id}`, { headers: { cookie: payer.cookie } });
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer()).equals(PNG)).toBe(true);
  }, 60_000);
});
