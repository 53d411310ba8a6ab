// Object storage in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Yandex Object Storage...)
// through the AWS SDK v3: every API process reads and writes the same objects, so an upload taken by
// one process is served by any other. Keys live under `prefix` in the bucket.
import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "../config.ts";
import { isObjectKey, type ObjectStorage } from "../lib/object-storage.ts";

export interface S3ObjectStorage extends ObjectStorage {
  /** Closes the client's sockets (the app's onClose). */
  close(): void;
}

export interface S3StorageOptions extends S3Config {
  /** Prepended to every key, e.g. "profile-images/". */
  prefix: string;
  /** Milliseconds one request to the store may take (10 s unless set). */
  timeoutMs?: number;
}

export function s3ObjectStorage(options: S3StorageOptions): S3ObjectStorage {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: stores that are S3-compatible rather than S3 do not
    // all accept the SDK's default CRC32 headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
    requestHandler: {
      connectionTimeout: Math.min(timeoutMs, 5_000),
      requestTimeout: timeoutMs,
      throwOnRequestTimeout: true,
    },
  });
  const keyOf = (key: string) => {
    if (!isObjectKey(key)) throw new Error(`bad object key ${JSON.stringify(key)}`);
    return `${options.prefix}${key}`;
  };
  return {
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key: keyOf(key),
          Body: bytes,
          ContentType: contentType,
          ContentLength: bytes.length,
        }),
      );
    },
    async get(key) {
      if (!isObjectKey(key)) return undefined;
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
        const body = answer.Body;
        if (!(body instanceof Readable)) throw new Error("the S3 client answered no stream");
        return {
          body,
          contentType: answer.ContentType ?? "application/octet-stream",
          ...(answer.ContentLength !== undefined ? { size: answer.ContentLength } : {}),
          ...(answer.ETag !== undefined ? { etag: answer.ETag } : {}),
        };
      } catch (error) {
        if (error instanceof NoSuchKey) return undefined;
        if (
          error instanceof S3ServiceException &&
          error.$metadata.httpStatusCode === 404 &&
          error.name !== "NoSuchBucket"
        )
          return undefined;
        throw error;
      }
    },
    async delete(key) {
      if (!isObjectKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: keyOf(key) }));
    },
    close() {
      client.destroy();
    },
  };
}
