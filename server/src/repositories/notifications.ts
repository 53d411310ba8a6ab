// The customers' notifications (GET /notifications/v1/notifications and its read marks), the
// brand's news, and the Telegram outbox of bot messages.
import { and, asc, count, desc, eq, inArray, isNull, lte, notInArray, or, sql } from "drizzle-orm";
import type { Multilingual } from "#domain/multilingual.ts";
import type { Notification, NotificationPage } from "#domain/contract/notifications.ts";
import type { OrderStatus } from "#domain/enums.ts";
import {
  botMessages,
  merchants,
  merchantWebSettings,
  notificationReads,
  notifications,
  orderItems,
  orders,
  users,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export type BotMessageRow = typeof botMessages.$inferSelect;

/** The customer's own notifications and the brand's news, with the customer's read state. */
function visibleTo(merchantId: string, userId: string) {
  return and(
    eq(notifications.merchantId, merchantId),
    or(eq(notifications.userId, userId), isNull(notifications.userId)),
  );
}

function readFor(userId: string) {
  return sql<boolean>`(${notifications.isRead} or exists (select 1 from ${notificationReads} r where r.notification_id = ${notifications.id} and r.user_id = ${userId}))`;
}

const columns = (userId: string) => ({
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  image: notifications.image,
  orderId: notifications.orderId,
  orderStatus: notifications.orderStatus,
  isRead: readFor(userId),
  createdDate: notifications.createdDate,
});

type Selected = {
  id: string;
  kind: "ORDER_STATUS" | "BRAND";
  title: Multilingual;
  body: Multilingual;
  image: string | null;
  orderId: string | null;
  orderStatus: string | null;
  isRead: boolean;
  createdDate: Date;
};

function toView(row: Selected): Notification {
  return {
    id: row.id,
    type: row.kind,
    title: row.title,
    body: row.body,
    image: row.image,
    orderId: row.orderId,
    orderStatus: (row.orderStatus as OrderStatus | null) ?? null,
    isRead: row.isRead,
    createdDate: row.createdDate.toISOString(),
  };
}

export async function countUnread(db: Db, { merchantId, userId }: Tenant & { userId: string }) {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(visibleTo(merchantId, userId), sql`not ${readFor(userId)}`));
  return row?.n ?? 0;
}

/** One page of what the customer sees, newest first. */
export async function listNotifications(
  db: Db,
  { merchantId, userId, page, size }: Tenant & { userId: string; page: number; size: number },
): Promise<NotificationPage> {
  const where = visibleTo(merchantId, userId);
  const rows = (await db
    .select(columns(userId))
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdDate), desc(notifications.id))
    .limit(size)
    .offset(page * size)) as Selected[];
  const [total] = await db.select({ n: count() }).from(notifications).where(where);
  const totalElements = total?.n ?? 0;
  const totalPages = Math.ceil(totalElements / size);
  return {
    content: rows.map(toView),
    page,
    size,
    totalElements,
    totalPages,
    last: page + 1 >= totalPages,
    unread: await countUnread(db, { merchantId, userId }),
  };
}

/** Marks one notification the customer sees as read; undefined when it is not theirs (or gone). */
export async function markRead(
  db: Db,
  { merchantId, userId, id }: Tenant & { userId: string; id: string },
): Promise<Notification | undefined> {
  const [found] = await db
    .select({ id: notifications.id, userId: notifications.userId })
    .from(notifications)
    .where(and(visibleTo(merchantId, userId), eq(notifications.id, id)))
    .limit(1);
  if (!found) return undefined;
  if (found.userId === null) {
    await db
      .insert(notificationReads)
      .values({ merchantId, notificationId: id, userId })
      .onConflictDoNothing();
  } else {
    await db
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  }
  const [row] = (await db
    .select(columns(userId))
    .from(notifications)
    .where(eq(notifications.id, id))) as Selected[];
  return row && toView(row);
}

/** Marks everything the customer sees as read. */
export async function markAllRead(db: Db, { merchantId, userId }: Tenant & { userId: string }) {
  await db
    .update(notifications)
    .set({ isRead: true })
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        eq(notifications.userId, userId),
        eq(notifications.isRead, false),
      ),
    );
  await db.execute(sql`
    insert into ${notificationReads} (merchant_id, notification_id, user_id)
    select ${merchantId}, n.id, ${userId} from ${notifications} n
    where n.merchant_id = ${merchantId} and n.user_id is null
    on conflict do nothing`);
}

/** One notification of the brand as a customer who has not read it sees it (staff's answer). */
export async function findNotification(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = (await db
    .select({ ...columns("00000000-0000-0000-0000-000000000000"), isRead: notifications.isRead })
    .from(notifications)
    .where(and(eq(notifications.merchantId, merchantId), eq(notifications.id, id)))) as Selected[];
  return row && toView(row);
}

/** The brand's news (rows for every customer), newest first, with how many customers read each. */
export async function listBrandNews(db: Db, { merchantId, limit }: Tenant & { limit: number }) {
  return db
    .select({
      id: notifications.id,
      title: notifications.title,
      body: notifications.body,
      image: notifications.image,
      createdDate: notifications.createdDate,
      fromFile: notifications.fromFile,
      reads:
        sql<number>`(select count(*) from ${notificationReads} r where r.notification_id = ${notifications.id})`.mapWith(
          Number,
        ),
    })
    .from(notifications)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        isNull(notifications.userId),
        eq(notifications.kind, "BRAND"),
      ),
    )
    .orderBy(desc(notifications.createdDate), desc(notifications.id))
    .limit(limit);
}

/** The brand's news item (for every customer), held until the transaction ends; undefined if none. */
export async function lockBrandNews(db: Db, { merchantId, id }: Tenant & { id: string }) {
  const [row] = await db
    .select({ title: notifications.title, body: notifications.body, image: notifications.image })
    .from(notifications)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        eq(notifications.id, id),
        isNull(notifications.userId),
        eq(notifications.kind, "BRAND"),
      ),
    )
    .for("update");
  return row;
}

export async function updateBrandNews(
  db: Db,
  {
    merchantId,
    id,
    values,
  }: Tenant & { id: string; values: { title: Multilingual; body: Multilingual; image: string | null } },
) {
  await db
    .update(notifications)
    .set(values)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        eq(notifications.id, id),
        eq(notifications.kind, "BRAND"),
      ),
    );
}

/** Takes a news item back: gone from every customer's bell (its reads go with it). */
export async function deleteBrandNews(db: Db, { merchantId, id }: Tenant & { id: string }) {
  await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        eq(notifications.id, id),
        eq(notifications.kind, "BRAND"),
      ),
    );
}

export async function insertNotification(db: Db, values: typeof notifications.$inferInsert) {
  const [row] = await db.insert(notifications).values(values).returning({ id: notifications.id });
  return row?.id;
}

/**
 * What a status notification of an order needs: its customer, number, the brand's switch, and the
 * customer's Telegram chat and language (a customer who came through the brand's bot has one).
 */
export async function findStatusNotificationTarget(
  db: Db,
  { merchantId, orderId }: Tenant & { orderId: string },
) {
  const [row] = await db
    .select({
      userId: orders.userId,
      number: orders.number,
      notificationsActive: merchantWebSettings.notificationsActive,
      mainLanguage: merchantWebSettings.mainLanguage,
      telegramId: users.telegramId,
      language: users.language,
    })
    .from(orders)
    .leftJoin(merchantWebSettings, eq(merchantWebSettings.merchantId, orders.merchantId))
    .leftJoin(
      users,
      and(eq(users.id, orders.userId), eq(users.merchantId, merchantId), isNull(users.deletedAt)),
    )
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)))
    .limit(1);
  return row;
}

/** What a paid order's receipt shows: its lines in their order, its sums and the brand's currency. */
export async function findOrderReceipt(db: Db, { merchantId, orderId }: Tenant & { orderId: string }) {
  const [order] = await db
    .select({
      number: orders.number,
      payment: orders.payment,
      paymentType: orders.paymentType,
      deliveryPrice: orders.deliveryPrice,
      deliveryByTaximeter: orders.deliveryByTaximeter,
      servicePrice: orders.servicePrice,
      totalDiscount: orders.totalDiscount,
      totalPrice: orders.totalPrice,
      currency: merchants.currency,
    })
    .from(orders)
    .innerJoin(merchants, eq(merchants.id, orders.merchantId))
    .where(and(eq(orders.id, orderId), eq(orders.merchantId, merchantId)))
    .limit(1);
  if (!order) return undefined;
  const lines = await db
    .select({ name: orderItems.name, count: orderItems.count, price: orderItems.price })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)))
    .orderBy(asc(orderItems.priority), asc(orderItems.id));
  return { ...order, lines };
}

// ---------------------------------------------------------------------------------------------------
// The brand file's news: replaced on every import (staff-published news stays).

export async function upsertFileNotifications(
  db: Db,
  merchantId: string,
  rows: { id: string; title: Multilingual; body: Multilingual; image: string | null; createdDate?: Date }[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const r of rows) {
    const [written] = await db
      .insert(notifications)
      .values({ ...r, merchantId, userId: null, kind: "BRAND", fromFile: true })
      .onConflictDoUpdate({
        target: notifications.id,
        // Without a date of its own, the news keeps the date of its first import.
        set: {
          title: r.title,
          body: r.body,
          image: r.image,
          ...(r.createdDate ? { createdDate: r.createdDate } : {}),
        },
        setWhere: and(eq(notifications.merchantId, merchantId), eq(notifications.fromFile, true)),
      })
      .returning({ id: notifications.id });
    if (!written) throw new Error("notifications: a row id already belongs to another merchant");
    ids.push(written.id);
  }
  return ids;
}

export async function deleteMissingFileNotifications(db: Db, merchantId: string, keep: string[]) {
  const deleted = await db
    .delete(notifications)
    .where(
      and(
        eq(notifications.merchantId, merchantId),
        eq(notifications.fromFile, true),
        keep.length > 0 ? notInArray(notifications.id, keep) : undefined,
      ),
    )
    .returning({ id: notifications.id });
  return deleted.length;
}

// ---------------------------------------------------------------------------------------------------
// The Telegram outbox

export async function enqueueBotMessage(db: Db, values: typeof botMessages.$inferInsert) {
  await db.insert(botMessages).values(values);
}

export async function listDueBotMessages(db: Db, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({
      id: botMessages.id,
      merchantId: botMessages.merchantId,
      chatId: botMessages.chatId,
      method: botMessages.method,
    })
    .from(botMessages)
    .where(and(inArray(botMessages.state, ["PENDING", "SENDING"]), lte(botMessages.nextAttemptAt, now)))
    .orderBy(asc(botMessages.nextAttemptAt), asc(botMessages.id))
    .limit(limit);
}

/**
 * Claims a due message for one attempt: SENDING until `leaseUntil`, one more attempt counted. One
 * statement, so of two workers (or processes) only one gets it.
 */
export async function claimBotMessage(
  db: Db,
  { id, now, leaseUntil }: { id: string; now: Date; leaseUntil: Date },
): Promise<BotMessageRow | undefined> {
  const [row] = await db
    .update(botMessages)
    .set({ state: "SENDING", attempts: sql`${botMessages.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(botMessages.id, id),
        inArray(botMessages.state, ["PENDING", "SENDING"]),
        lte(botMessages.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/** Telegram's limits: about 30 messages a second per bot, and one a second per chat. */
export const BOT_MESSAGES_PER_SECOND = 30;
export const CHAT_MESSAGE_GAP_MS = 1_000;

/**
 * Claims a due sendMessage only while it keeps the brand's bot within Telegram's limits, counted on
 * the messages every process took in the last second (under a lock per brand, so two processes
 * cannot both take the 30th). Answers "paced" when the message must wait for a later run.
 */
export async function claimPacedBotMessage(
  db: Db,
  {
    id,
    merchantId,
    chatId,
    now,
    leaseUntil,
  }: { id: string; merchantId: string; chatId: bigint; now: Date; leaseUntil: Date },
): Promise<BotMessageRow | "paced" | undefined> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`savat:bot-pace:${merchantId}`}, 0))`,
    );
    // Only the second before `now`: a test's clock ahead of the wall's leaves no rows "in the future".
    const since = new Date(now.getTime() - CHAT_MESSAGE_GAP_MS);
    const [recent] = await tx
      .select({
        total: count(),
        inChat: sql<number>`count(*) filter (where ${botMessages.chatId} = ${chatId})`.mapWith(Number),
      })
      .from(botMessages)
      .where(
        and(
          eq(botMessages.merchantId, merchantId),
          sql`${botMessages.claimedAt} > ${since}`,
          lte(botMessages.claimedAt, now),
        ),
      );
    if ((recent?.total ?? 0) >= BOT_MESSAGES_PER_SECOND || (recent?.inChat ?? 0) > 0) return "paced";
    const [row] = await tx
      .update(botMessages)
      .set({
        state: "SENDING",
        attempts: sql`${botMessages.attempts} + 1`,
        nextAttemptAt: leaseUntil,
        claimedAt: now,
      })
      .where(
        and(
          eq(botMessages.id, id),
          inArray(botMessages.state, ["PENDING", "SENDING"]),
          lte(botMessages.nextAttemptAt, now),
        ),
      )
      .returning();
    return row;
  });
}

export async function updateBotMessage(
  db: Db,
  { id, set }: { id: string; set: Partial<typeof botMessages.$inferInsert> },
): Promise<void> {
  await db.update(botMessages).set(set).where(eq(botMessages.id, id));
}

export async function listBotMessagesOfOrder(db: Db, { merchantId, orderId }: Tenant & { orderId: string }) {
  return db
    .select()
    .from(botMessages)
    .where(and(eq(botMessages.merchantId, merchantId), eq(botMessages.orderId, orderId)))
    .orderBy(asc(botMessages.createdDate));
}
