// The brand's news from the back office (issue 36): published to every customer of the brand in one
// transaction with its log entry, and listed newest first with how many customers have read each.
// News has no live channel on the storefront: the bell asks every 60 s and on every order event.
// A published item may be corrected (customers who read it see it unread no more than before: the
// read mark stays) or taken back (gone from every bell); both logged with the old and new text.
import type { Notification, PublishedNews } from "#domain/contract/notifications.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import { transaction } from "../../db/transaction.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { insertAudit } from "../../repositories/back-office.ts";
import {
  deleteBrandNews,
  findNotification,
  insertNotification,
  listBrandNews,
  lockBrandNews,
  updateBrandNews,
} from "../../repositories/notifications.ts";

/** The newest news items the console lists. */
const LISTED = 100;

export async function publishedNews(db: Db, merchantId: string): Promise<PublishedNews[]> {
  const rows = await listBrandNews(db, { merchantId, limit: LISTED });
  return rows.map((row) => ({ ...row, createdDate: row.createdDate.toISOString() }));
}

export async function publishNews(
  db: Db,
  {
    merchantId,
    userId,
    news,
  }: {
    merchantId: string;
    userId: string;
    news: { title: Multilingual; body: Multilingual; image: string | null };
  },
): Promise<Notification> {
  const id = await transaction(db, async (tx) => {
    const made = await insertNotification(tx, { merchantId, userId: null, kind: "BRAND", ...news });
    if (!made) throw new AppError("INTERNAL");
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "news",
      entityId: made,
      action: "create",
      before: {},
      after: { ...news },
    });
    return made;
  });
  const published = await findNotification(db, { merchantId, id });
  if (!published) throw new AppError("INTERNAL");
  return published;
}

type NewsValues = { title: Multilingual; body: Multilingual; image: string | null };

/** Corrects a published item in place; NOT_FOUND for another brand's, a personal one, or none. */
export async function editNews(
  db: Db,
  { merchantId, userId, id, news }: { merchantId: string; userId: string; id: string; news: NewsValues },
): Promise<Notification> {
  await transaction(db, async (tx) => {
    const before = await lockBrandNews(tx, { merchantId, id });
    if (!before) throw new AppError("NOT_FOUND");
    await updateBrandNews(tx, { merchantId, id, values: news });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "news",
      entityId: id,
      action: "update",
      before: { ...before },
      after: { ...news },
    });
  });
  const saved = await findNotification(db, { merchantId, id });
  if (!saved) throw new AppError("NOT_FOUND");
  return saved;
}

/** Takes a published item back from every customer's bell. */
export async function withdrawNews(
  db: Db,
  { merchantId, userId, id }: { merchantId: string; userId: string; id: string },
): Promise<void> {
  await transaction(db, async (tx) => {
    const before = await lockBrandNews(tx, { merchantId, id });
    if (!before) throw new AppError("NOT_FOUND");
    await deleteBrandNews(tx, { merchantId, id });
    await insertAudit(tx, {
      merchantId,
      userId,
      entity: "news",
      entityId: id,
      action: "delete",
      before: { ...before },
      after: {},
    });
  });
}
