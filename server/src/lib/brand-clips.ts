// The brand's short clips uploaded from the back office (story slides, issue 36): recognised by their
// first bytes (an ISO media file's `ftyp` box for MP4, an EBML header naming the `webm` doc type for
// WebM), never by the name or the browser's type, bounded in size, and kept as sent (no transcoding:
// the machines have no ffmpeg, and a phone plays both containers) in the app's object storage under
// `brand-clips/`, beside the pictures, so several servers on S3 share them.
import { randomUUID } from "node:crypto";
import { CLIP_MAX_BYTES } from "#domain/contract/back-office-stories.ts";
import type { ObjectStorage } from "./object-storage.ts";

export type ClipKind = "mp4" | "webm";

export const CLIP_TYPES: Record<ClipKind, string> = { mp4: "video/mp4", webm: "video/webm" };

/** The container a clip's bytes are, or undefined for anything else (a picture, text, a renamed file). */
export function sniffClip(bytes: Buffer): ClipKind | undefined {
  // ISO base media (MP4, M4V, MOV's cousin): a first box of type `ftyp` whose size fits the file.
  if (bytes.length >= 16 && bytes.subarray(4, 8).toString("latin1") === "ftyp") {
    const size = bytes.readUInt32BE(0);
    const brand = bytes.subarray(8, 12).toString("latin1");
    // QuickTime (`qt  `) is not what a browser's <video> plays everywhere.
    if (size >= 16 && size <= bytes.length && brand !== "qt  ") return "mp4";
    return undefined;
  }
  // Matroska's EBML header, whose DocType says webm (a plain .mkv is refused).
  if (bytes.length >= 16 && bytes.readUInt32BE(0) === 0x1a45dfa3) {
    const head = bytes.subarray(4, Math.min(bytes.length, 64));
    const docType = head.indexOf(Buffer.from([0x42, 0x82]));
    if (docType >= 0 && head.subarray(docType + 3, docType + 7).toString("latin1") === "webm") return "webm";
  }
  return undefined;
}

export type PreparedClip =
  | { ok: true; id: string; name: string; kind: ClipKind; bytes: Buffer }
  | { ok: false; reason: "TYPE" | "SIZE" };

export function prepareClip(bytes: Buffer): PreparedClip {
  if (bytes.length > CLIP_MAX_BYTES) return { ok: false, reason: "SIZE" };
  const kind = sniffClip(bytes);
  if (!kind) return { ok: false, reason: "TYPE" };
  const id = randomUUID();
  return { ok: true, id, name: `${id}.${kind}`, kind, bytes };
}

/** The object storage key of a stored clip. */
export function clipKey(name: string): string {
  return `brand-clips/${name}`;
}

/** A stored clip's bytes, or undefined when there is none. */
export async function readClip(storage: ObjectStorage, name: string): Promise<Buffer | undefined> {
  const object = await storage.get(clipKey(name));
  if (!object) return undefined;
  if (Buffer.isBuffer(object.body)) return object.body;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** Whether the storage holds the clip (a story may only name one that was uploaded). */
export async function clipExists(storage: ObjectStorage, name: string): Promise<boolean> {
  const object = await storage.get(clipKey(name));
  if (!object) return false;
  if (!Buffer.isBuffer(object.body)) object.body.destroy();
  return true;
}
