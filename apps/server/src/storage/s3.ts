import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3";
import type { Config } from "../config";
import { FileMissingError, type FileStorage, guarded } from "./storage";

/** Any S3-compatible bucket (AWS, MinIO, Cloudflare R2, …). Objects are private; the server streams them after its checks. */
export function createS3Storage(s3: NonNullable<Config["s3"]>): FileStorage {
  const client = new S3Client({
    region: s3.region,
    endpoint: s3.endpoint,
    forcePathStyle: s3.forcePathStyle,
    // A bucket that does not answer fails the request (503 FILES_NOT_STORED) instead of holding it for ever.
    requestHandler: { connectionTimeout: 3_000, requestTimeout: 10_000 },
    credentials:
      s3.accessKeyId && s3.secretAccessKey
        ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
        : undefined,
  });
  return {
    driver: "s3",
    async put(key, data, contentType) {
      await guarded("write", () =>
        client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: data, ContentType: contentType })),
      );
    },
    async getStream(key) {
      return guarded("read", async () => {
        try {
          const out = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
          return out.Body as Readable;
        } catch (err) {
          if (err instanceof NoSuchKey) throw new FileMissingError(key);
          throw err;
        }
      });
    },
    async delete(key) {
      await guarded("delete", () => client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: key })));
    },
    async *list() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token }));
        for (const o of page.Contents ?? [])
          if (o.Key) yield { key: o.Key, size: o.Size ?? 0, modifiedAt: o.LastModified ?? new Date() };
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
