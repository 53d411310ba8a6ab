// The brand's pictures uploaded from the back office: checked by their first bytes (sniffImageType,
// as profile images are), re-encoded with sharp to a WebP of at most 1600 px a side (which drops EXIF
// data such as a phone's GPS position, and bounds what is stored), and kept in the app's object
// storage (`app.pictures`) under `brand-pictures/`, so several servers on S3 share them.
import { randomUUID } from "node:crypto";
import { loadSharp } from "./sharp.ts";
import { PICTURE_MAX_BYTES } from "#domain/contract/back-office-pictures.ts";
import type { ObjectStorage } from "./object-storage.ts";
import { sniffImageType } from "./image-storage.ts";

/** The longest side a stored picture keeps: the largest variant served is 960 px. */
const MAX_SIDE = 1600;

export type PreparedPicture =
  { ok: true; id: string; name: string; bytes: Buffer } | { ok: false; reason: "TYPE" | "SIZE" };

export async function preparePicture(bytes: Buffer): Promise<PreparedPicture> {
  if (bytes.length > PICTURE_MAX_BYTES) return { ok: false, reason: "SIZE" };
  if (!sniffImageType(bytes)) return { ok: false, reason: "TYPE" };
  const sharp = await loadSharp();
  let out: Buffer;
  try {
    out = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(MAX_SIDE, MAX_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    // Right magic bytes, broken body.
    return { ok: false, reason: "TYPE" };
  }
  const id = randomUUID();
  return { ok: true, id, name: `${id}.webp`, bytes: out };
}

/** The object storage key of a stored picture (profile images use bare names: no clash). */
export function pictureKey(name: string): string {
  return `brand-pictures/${name}`;
}

/** A stored picture's bytes, or undefined when there is none. */
export async function readPicture(storage: ObjectStorage, name: string): Promise<Buffer | undefined> {
  const object = await storage.get(pictureKey(name));
  if (!object) return undefined;
  if (Buffer.isBuffer(object.body)) return object.body;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
