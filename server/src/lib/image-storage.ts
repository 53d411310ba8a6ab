// Profile images: checked by their first bytes (not by the name or the declared type) and re-encoded
// with sharp to a 512 px WebP (which also drops EXIF data such as the GPS position of a phone
// photo). They are kept in the app's object storage (`app.pictures`, server/src/lib/object-storage.ts):
// a directory under DATA_DIR by default, an S3 bucket when configured.
import { randomBytes } from "node:crypto";
import { loadSharp } from "./sharp.ts";
import { PROFILE_IMAGE_MAX_BYTES } from "#domain/contract/users.ts";

/** Stored names: random, so a URL cannot be guessed from a user id. */
export const IMAGE_NAME_PATTERN = /^[\w-]{8,80}\.webp$/;

/** The content type of every stored profile image. */
export const PROFILE_IMAGE_TYPE = "image/webp";

export type ImageKind = "image/jpeg" | "image/png" | "image/webp";

/** The type the bytes really are, or undefined for anything but JPEG, PNG and WebP. */
export function sniffImageType(bytes: Buffer): ImageKind | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return "image/png";
  }
  if (
    bytes.length >= 12 &&
    bytes.subarray(0, 4).toString("latin1") === "RIFF" &&
    bytes.subarray(8, 12).toString("latin1") === "WEBP"
  ) {
    return "image/webp";
  }
  return undefined;
}

export type PreparedImage =
  { ok: true; name: string; bytes: Buffer } | { ok: false; reason: "TYPE" | "SIZE" };

/** Checks an upload and turns it into the stored WebP. */
export async function prepareProfileImage(bytes: Buffer): Promise<PreparedImage> {
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) return { ok: false, reason: "SIZE" };
  if (!sniffImageType(bytes)) return { ok: false, reason: "TYPE" };
  const sharp = await loadSharp();
  let out: Buffer;
  try {
    out = await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(512, 512, { fit: "cover", withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    // Right magic bytes, broken body.
    return { ok: false, reason: "TYPE" };
  }
  return { ok: true, name: `${randomBytes(16).toString("base64url")}.webp`, bytes: out };
}

/** The public path of a stored image; users.image holds it. */
export const PROFILE_IMAGE_PATH = "/api/users/v1/users/images/";

export function imageNameOf(url: string | null): string | undefined {
  if (!url?.startsWith(PROFILE_IMAGE_PATH)) return undefined;
  const name = url.slice(PROFILE_IMAGE_PATH.length);
  return IMAGE_NAME_PATTERN.test(name) ? name : undefined;
}
