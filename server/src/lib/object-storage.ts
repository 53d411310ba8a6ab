// Where uploaded files live (profile pictures), as the service sees it: three operations on keys,
// whatever keeps the bytes. The adapters are in server/src/integrations: a local directory (the
// default, one process) and S3-compatible object storage (several processes; docs/decisions.md
// "Uploads in object storage"). app.ts picks one from the configuration.
import type { Readable } from "node:stream";

export interface StoredObject {
  /** The whole object, or a stream of it (sent on as it arrives). */
  body: Buffer | Readable;
  contentType: string;
  /** Bytes, when the store says. */
  size?: number;
  etag?: string;
}

export interface ObjectStorage {
  /** Stores `bytes` under `key`, replacing what was there; resolves once it is durable. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object under `key`, or undefined when there is none. */
  get(key: string): Promise<StoredObject | undefined>;
  /** Removes the object under `key`; a key with no object is not an error. */
  delete(key: string): Promise<void>;
}

/**
 * Keys are relative paths of plain segments (letters, digits, `_ . -`), never `.` or `..`: safe as
 * a file path under a directory and as an S3 key.
 */
export function isObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > 512) return false;
  return key.split("/").every((part) => /^[\w.-]+$/.test(part) && part !== "." && part !== "..");
}
