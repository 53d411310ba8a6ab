// Profile images: checked by their first bytes (not by the name or the declared type), re-encoded
// with sharp to a 512 px WebP (which also drops EXIF data such as the GPS position of a phone
// photo), and kept behind a small storage interface. The default is a local directory under
// DATA_DIR; another backend (S3 and the like) only needs the same three methods.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { PROFILE_IMAGE_MAX_BYTES } from "#domain/contract/users.ts";

export interface ImageStorage {
  put(name: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when there is no such image. */
  get(name: string): Promise<Buffer | undefined>;
  delete(name: string): Promise<void>;
}

/** Stored names: random, so a URL cannot be guessed from a user id. */
export const IMAGE_NAME_PATTERN = /^[\w-]{8,80}\.webp$/;

export function localImageStorage(dir: string): ImageStorage {
  const fileOf = (name: string) => {
    if (!IMAGE_NAME_PATTERN.test(name)) throw new Error(`bad image name ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, bytes) {
      await fs.promises.mkdir(dir, { recursive: true });
      const file = fileOf(name);
      const temp = `${file}.${process.pid}.tmp`;
      await fs.promises.writeFile(temp, bytes, { mode: 0o644 });
      await fs.promises.rename(temp, file);
    },
    async get(name) {
      if (!IMAGE_NAME_PATTERN.test(name)) return undefined;
      try {
        return await fs.promises.readFile(fileOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async delete(name) {
      if (!IMAGE_NAME_PATTERN.test(name)) return;
      await fs.promises.rm(fileOf(name), { force: true });
    },
  };
}

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
