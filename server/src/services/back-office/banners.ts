// The brand's banners from the back office (issue 36, owners and managers bound to no branch): made,
// changed, hidden, reordered and removed; the storefront reads them live (GET /support/v1/banner has
// no cache to drop). Each save is one transaction with its log entry; a save over a newer one is
// refused with who and when. A banner opens exactly one target, and that target is the brand's own;
// its picture's size is read from the stored picture, so the page reserves its room.
import { loadSharp } from "../../lib/sharp.ts";
import type { EditorBanner } from "#domain/contract/back-office-banners.ts";
import { pictureNameOf } from "#domain/contract/back-office-pictures.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { readPicture } from "../../lib/brand-pictures.ts";
import { AppError } from "../../lib/errors.ts";
import type { ObjectStorage } from "../../lib/object-storage.ts";
import { loggedEditConflict } from "./edit-conflict.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  brandCategoryExists,
  brandProductExists,
  brandPromoCode,
  deleteBanner,
  insertBanner,
  lastBannerPriority,
  listBannerRows,
  lockBanner,
  lockBanners,
  setBannerPriority,
  updateBanner,
  type BannerRow,
  type BannerValues,
} from "../../repositories/back-office-banners.ts";

export interface BannerEditor {
  merchantId: string;
  userId: string;
  timeZone: string;
}

export interface BannerInput {
  title: Multilingual;
  image: string;
  productId?: string | null | undefined;
  categoryId?: string | null | undefined;
  promoCode: string | null;
  link: string | null;
  isActive: boolean;
  startDate: string | null;
  endDate: string | null;
}

function view(row: BannerRow): EditorBanner {
  return {
    ...row,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    version: row.lastModifiedDate.toISOString(),
  };
}

export async function editorBanners(db: Db, merchantId: string): Promise<EditorBanner[]> {
  return (await listBannerRows(db, { merchantId })).map(view);
}

async function one(db: Db, merchantId: string, id: string): Promise<EditorBanner> {
  const [row] = await listBannerRows(db, { merchantId, id });
  if (!row) throw new AppError("NOT_FOUND");
  return view(row);
}

const notTheBrands = (field: string) =>
  new AppError("NOT_FOUND", {
    uz: `${field}: brendda bunday narsa yo'q`,
    ru: `${field}: у бренда такого нет`,
    eng: `${field}: the brand has no such one`,
  });

/** The picture's size in pixels, read from the stored picture. */
async function pictureSize(
  storage: ObjectStorage,
  image: string,
): Promise<{ width: number; height: number }> {
  const name = pictureNameOf(image);
  const bytes = name ? await readPicture(storage, name) : undefined;
  const sharp = await loadSharp();
  const meta = bytes
    ? await sharp(bytes)
        .metadata()
        .catch(() => undefined)
    : undefined;
  if (!meta?.width || !meta.height)
    throw new AppError("VALIDATION_FAILED", {
      uz: "image: rasmni qaytadan yuklang",
      ru: "image: загрузите картинку заново",
      eng: "image: upload the picture again",
    });
  return { width: meta.width, height: meta.height };
}

/** The stored values of an input: the target checked as the brand's own, the picture's size read. */
async function valuesOf(
  db: Db,
  storage: ObjectStorage,
  merchantId: string,
  input: BannerInput,
  current?: BannerRow | { image: string; width: number | null; height: number | null },
): Promise<Omit<BannerValues, "priority">> {
  const productId = input.productId ?? null;
  const categoryId = input.categoryId ?? null;
  let promoCode: string | null = null;
  if (productId && !(await brandProductExists(db, { merchantId, id: productId })))
    throw notTheBrands("productId");
  if (categoryId && !(await brandCategoryExists(db, { merchantId, id: categoryId })))
    throw notTheBrands("categoryId");
  if (input.promoCode) {
    promoCode = (await brandPromoCode(db, { merchantId, code: input.promoCode })) ?? null;
    if (!promoCode) throw notTheBrands("promoCode");
  }
  // An imported picture (a URL) keeps its recorded size while it stays; a new one must be uploaded.
  const size =
    current && current.image === input.image
      ? { width: current.width, height: current.height }
      : await pictureSize(storage, input.image);
  return {
    title: input.title,
    image: input.image,
    width: size.width,
    height: size.height,
    productId,
    categoryId,
    promoCode,
    link: input.link,
    isActive: input.isActive,
    startDate: input.startDate ? new Date(input.startDate) : null,
    endDate: input.endDate ? new Date(input.endDate) : null,
  };
}

const LOGGED = [
  "title",
  "image",
  "productId",
  "categoryId",
  "promoCode",
  "link",
  "isActive",
  "startDate",
  "endDate",
] as const;

const plain = (v: unknown) => (v instanceof Date ? v.toISOString() : v);

export async function createBanner(
  db: Db,
  storage: ObjectStorage,
  editor: BannerEditor,
  input: BannerInput,
): Promise<EditorBanner> {
  const { merchantId, userId } = editor;
  const id = await transaction(db, async (tx) => {
    const values = await valuesOf(tx, storage, merchantId, input);
    const priority = (await lastBannerPriority(tx, { merchantId })) + 1;
    const made = await insertBanner(tx, { merchantId, values: { ...values, priority } });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "banner",
      entityId: made,
      action: "create",
      before: {},
      after: Object.fromEntries(LOGGED.map((k) => [k, plain(values[k])])),
    });
    return made;
  });
  return one(db, merchantId, id);
}

export async function saveBanner(
  db: Db,
  storage: ObjectStorage,
  editor: BannerEditor,
  { id, version, input }: { id: string; version: string | undefined; input: BannerInput },
): Promise<EditorBanner> {
  const { merchantId, userId, timeZone } = editor;
  await transaction(db, async (tx) => {
    const current = await lockBanner(tx, { merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    if (version !== undefined && current.lastModifiedDate.toISOString() !== version) {
      throw await loggedEditConflict(tx, {
        merchantId,
        entity: "banner",
        entityId: id,
        at: current.lastModifiedDate,
        timeZone,
      });
    }
    const values = await valuesOf(tx, storage, merchantId, input, current);
    const changed = LOGGED.filter(
      (k) => JSON.stringify(plain(current[k])) !== JSON.stringify(plain(values[k])),
    );
    if (changed.length === 0) return;
    await updateBanner(tx, { merchantId, id, values });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "banner",
      entityId: id,
      action: "update",
      before: { title: current.title, ...Object.fromEntries(changed.map((k) => [k, plain(current[k])])) },
      after: { title: values.title, ...Object.fromEntries(changed.map((k) => [k, plain(values[k])])) },
    });
  });
  return one(db, merchantId, id);
}

export async function removeBanner(db: Db, editor: BannerEditor, id: string): Promise<void> {
  const { merchantId, userId } = editor;
  await transaction(db, async (tx) => {
    const current = await lockBanner(tx, { merchantId, id });
    if (!current) throw new AppError("NOT_FOUND");
    await deleteBanner(tx, { merchantId, id });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "banner",
      entityId: id,
      action: "delete",
      before: Object.fromEntries(LOGGED.map((k) => [k, plain(current[k])])),
      after: {},
    });
  });
}

/** Puts the brand's banners in the order given: every banner, each once. */
export async function orderBanners(db: Db, editor: BannerEditor, ids: string[]): Promise<EditorBanner[]> {
  const { merchantId, userId } = editor;
  await transaction(db, async (tx) => {
    const rows = await lockBanners(tx, { merchantId });
    const known = new Map(rows.map((r) => [r.id, r.priority]));
    if (ids.some((id) => !known.has(id))) throw notTheBrands("ids");
    if (new Set(ids).size !== ids.length || ids.length !== rows.length)
      throw new AppError("VALIDATION_FAILED", {
        uz: "ids: har bir bannerni bir martadan bering",
        ru: "ids: перечислите каждый баннер по одному разу",
        eng: "ids: give every banner of the brand, each once",
      });
    for (const [index, id] of ids.entries()) {
      const priority = index + 1;
      const before = known.get(id);
      if (before === priority) continue;
      await setBannerPriority(tx, { merchantId, id, priority });
      await insertAudit(tx, {
        merchantId,
        userId,
        entity: "banner",
        entityId: id,
        action: "update",
        before: { priority: before },
        after: { priority },
      });
    }
  });
  return editorBanners(db, merchantId);
}
