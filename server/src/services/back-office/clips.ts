// A clip uploaded from the back office (a story slide, issue 36): checked by its bytes, stored as sent
// where every server reads it, and logged. Nothing names it yet: the story that takes its src is saved
// (and logged, and the storefront told) by the stories editor.
import { CLIP_PATH } from "#domain/contract/back-office-stories.ts";
import type { Db } from "../../db/types.ts";
import { CLIP_TYPES, clipKey, prepareClip } from "../../lib/brand-clips.ts";
import { AppError } from "../../lib/errors.ts";
import type { ObjectStorage } from "../../lib/object-storage.ts";
import { insertAudit } from "../../repositories/back-office.ts";

export async function storeClip(
  db: Db,
  storage: ObjectStorage,
  {
    merchantId,
    userId,
    bytes,
    onStoreError,
  }: { merchantId: string; userId: string; bytes: Buffer; onStoreError: (error: unknown) => void },
): Promise<{ src: string }> {
  const prepared = prepareClip(bytes);
  if (!prepared.ok) throw new AppError(prepared.reason === "SIZE" ? "CLIP_TOO_LARGE" : "CLIP_INVALID");
  try {
    await storage.put(clipKey(prepared.name), prepared.bytes, CLIP_TYPES[prepared.kind]);
  } catch (error) {
    onStoreError(error);
    throw new AppError("SERVICE_UNAVAILABLE");
  }
  const src = `${CLIP_PATH}${prepared.name}`;
  await insertAudit(db, {
    merchantId,
    userId,
    entity: "clip",
    entityId: prepared.id,
    action: "upload",
    before: {},
    after: { src, bytes: prepared.bytes.length },
  });
  return { src };
}
