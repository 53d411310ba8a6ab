// A picture uploaded from the back office (issue 36): checked, re-encoded, stored where every server
// reads it, and logged. Nothing names it yet: the product, category or banner that takes its src is
// saved (and logged, and its caches dropped) by its own editor.
import { PICTURE_PATH } from "#domain/contract/back-office-pictures.ts";
import type { Db } from "../../db/types.ts";
import { pictureKey, preparePicture } from "../../lib/brand-pictures.ts";
import { AppError } from "../../lib/errors.ts";
import type { ObjectStorage } from "../../lib/object-storage.ts";
import { insertAudit } from "../../repositories/back-office.ts";

export async function storePicture(
  db: Db,
  storage: ObjectStorage,
  {
    merchantId,
    userId,
    bytes,
    onStoreError,
  }: {
    merchantId: string;
    userId: string;
    bytes: Buffer;
    onStoreError: (error: unknown) => void;
  },
): Promise<{ src: string }> {
  const prepared = await preparePicture(bytes);
  if (!prepared.ok) throw new AppError(prepared.reason === "SIZE" ? "IMAGE_TOO_LARGE" : "IMAGE_INVALID");
  try {
    await storage.put(pictureKey(prepared.name), prepared.bytes, "image/webp");
  } catch (error) {
    onStoreError(error);
    throw new AppError("SERVICE_UNAVAILABLE");
  }
  const src = `${PICTURE_PATH}${prepared.name}`;
  await insertAudit(db, {
    merchantId,
    userId,
    entity: "picture",
    entityId: prepared.id,
    action: "upload",
    before: {},
    after: { src },
  });
  return { src };
}
