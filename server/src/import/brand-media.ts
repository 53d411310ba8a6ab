// The pictures and clips uploaded in the console travel inside the brand file (issue 36): an export
// carries the bytes of each one the brand names (`media`, base64), and an import stores them in the
// deployment's own object storage before the rows that name them, so a brand moved to an empty
// database shows the same photos. Each is checked by its bytes as an upload is; its name (a random
// UUID) is kept, so the rows' srcs stay as they were.
import { PICTURE_MAX_BYTES, PICTURE_PATH, pictureNameOf } from "#domain/contract/back-office-pictures.ts";
import { CLIP_MAX_BYTES, CLIP_PATH, clipNameOf } from "#domain/contract/back-office-stories.ts";
import { CLIP_TYPES, clipKey, readClip, sniffClip } from "../lib/brand-clips.ts";
import { pictureKey, readPicture } from "../lib/brand-pictures.ts";
import { sniffImageType } from "../lib/image-storage.ts";
import type { ObjectStorage } from "../lib/object-storage.ts";

export interface BrandMedia {
  src: string;
  /** The stored bytes, base64. */
  data: string;
}

/** Whether `src` is a picture or clip uploaded to this deployment (not a file of the site). */
export function isUploadedSrc(src: string): boolean {
  return pictureNameOf(src) !== undefined || clipNameOf(src) !== undefined;
}

/** Every uploaded picture and clip a brand file names, once each, in the order they appear. */
export function uploadedSrcs(file: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown, key: string | null) => {
    if (key === "media") return;
    if (typeof value === "string") {
      if (isUploadedSrc(value)) found.add(value);
    } else if (Array.isArray(value)) {
      for (const item of value) walk(item, null);
    } else if (value && typeof value === "object") {
      for (const [k, item] of Object.entries(value)) walk(item, k);
    }
  };
  walk(file, null);
  return [...found];
}

/** The bytes of each uploaded picture and clip the file names; one the storage lost is left out. */
export async function collectMedia(storage: ObjectStorage, file: unknown): Promise<BrandMedia[]> {
  const media: BrandMedia[] = [];
  for (const src of uploadedSrcs(file)) {
    const picture = pictureNameOf(src);
    const clip = clipNameOf(src);
    const bytes = picture
      ? await readPicture(storage, picture)
      : clip
        ? await readClip(storage, clip)
        : undefined;
    if (bytes) media.push({ src, data: bytes.toString("base64") });
  }
  return media;
}

export interface PreparedMedia {
  key: string;
  bytes: Buffer;
  contentType: string;
}

/** Checks one entry by its bytes as an upload is checked; a message when it is refused. */
export function prepareMedia(entry: BrandMedia): PreparedMedia | string {
  const bytes = Buffer.from(entry.data, "base64");
  const picture = pictureNameOf(entry.src);
  if (picture) {
    // What the console stores is always a WebP it made itself (brand-pictures.ts).
    if (sniffImageType(bytes) !== "image/webp") return "is not a WebP picture (its bytes say so)";
    if (bytes.length > PICTURE_MAX_BYTES) return "is over 5 MB";
    return { key: pictureKey(picture), bytes, contentType: "image/webp" };
  }
  const clip = clipNameOf(entry.src);
  if (clip) {
    const kind = sniffClip(bytes);
    if (!kind || !clip.endsWith(`.${kind}`)) return "is not an MP4 or WebM clip of its name's kind";
    if (bytes.length > CLIP_MAX_BYTES) return "is over 15 MB";
    return { key: clipKey(clip), bytes, contentType: CLIP_TYPES[kind] };
  }
  return `is not an uploaded picture (${PICTURE_PATH}<uuid>.webp) or clip (${CLIP_PATH}<uuid>.mp4)`;
}

/** Whether the storage already holds the uploaded picture or clip `src` names. */
export async function storedAlready(storage: ObjectStorage, src: string): Promise<boolean> {
  const picture = pictureNameOf(src);
  const clip = clipNameOf(src);
  const key = picture ? pictureKey(picture) : clip ? clipKey(clip) : null;
  if (!key) return false;
  const object = await storage.get(key);
  if (!object) return false;
  if (!Buffer.isBuffer(object.body)) object.body.destroy();
  return true;
}
