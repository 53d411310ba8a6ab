// Fiscal receipts (issue 40): an order's sold lines with the codes of their products and options,
// the fiscal receipt outbox (fiscal_receipts) and what of a brand's menu lacks a code.
import { and, asc, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import type { BrandFiscal } from "#domain/fiscal.ts";
import {
  categories,
  fiscalReceipts,
  merchants,
  merchantWebSettings,
  modifications,
  orderItems,
  orders,
  orderSettings,
  products,
} from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type FiscalReceiptRow = typeof fiscalReceipts.$inferSelect;

/** The order's lines with their product's codes now (NULL for a product deleted for good). */
export async function findOrderLinesForReceipt(
  db: Db,
  { merchantId, orderId }: { merchantId: string; orderId: string },
) {
  const lines = await db
    .select({
      name: orderItems.name,
      unit: orderItems.unit,
      count: orderItems.count,
      costPrice: orderItems.costPrice,
      discount: orderItems.discount,
      modifications: orderItems.modifications,
      mxicCode: products.mxicCode,
      packageCode: products.packageCode,
      unitCode: products.unitCode,
      vatPercent: products.vatPercent,
    })
    .from(orderItems)
    .leftJoin(products, and(eq(products.id, orderItems.productId), eq(products.merchantId, merchantId)))
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.merchantId, merchantId)))
    .orderBy(asc(orderItems.priority), asc(orderItems.id));
  const modIds = [...new Set(lines.flatMap((l) => l.modifications.map((m) => m.id)))];
  const mods =
    modIds.length === 0
      ? []
      : await db
          .select({
            id: modifications.id,
            mxicCode: modifications.mxicCode,
            packageCode: modifications.packageCode,
          })
          .from(modifications)
          .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.id, modIds)));
  return { lines, modificationCodes: new Map(mods.map((m) => [m.id, m])) };
}

/** The brand's live products without both codes, for the owner to fill in (the back office's list). */
export async function listUncodedProducts(db: Db, merchantId: string) {
  return db
    .select({
      id: products.id,
      name: products.name,
      categoryId: products.categoryId,
      mxicCode: products.mxicCode,
      packageCode: products.packageCode,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(
      and(
        eq(products.merchantId, merchantId),
        isNull(products.deletedDate),
        isNull(categories.deletedDate),
        or(
          isNull(products.mxicCode),
          isNull(products.packageCode),
          sql`${products.mxicCode} !~ '^[0-9]{17}$'`,
          sql`${products.packageCode} !~ '^[0-9]{1,20}$'`,
        ),
      ),
    )
    .orderBy(asc(categories.priority), asc(products.priority));
}

/** In the paying (or refunding) transaction: the receipt to send, once per order, provider and kind. */
export async function enqueueFiscalReceipt(
  db: Db,
  values: {
    merchantId: string;
    orderId: string;
    provider: string;
    kind: "SALE" | "RETURN";
    paymentId: string;
    now: Date;
  },
): Promise<boolean> {
  const rows = await db
    .insert(fiscalReceipts)
    .values({
      merchantId: values.merchantId,
      orderId: values.orderId,
      provider: values.provider,
      kind: values.kind,
      paymentId: values.paymentId,
      nextAttemptAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: fiscalReceipts.id });
  return rows.length > 0;
}

export async function listDueFiscalReceipts(db: Db, { now, limit }: { now: Date; limit: number }) {
  return db
    .select({ id: fiscalReceipts.id })
    .from(fiscalReceipts)
    .where(and(inArray(fiscalReceipts.state, ["PENDING", "SENDING"]), lte(fiscalReceipts.nextAttemptAt, now)))
    .orderBy(asc(fiscalReceipts.nextAttemptAt))
    .limit(limit);
}

/**
 * Claims a due row for one attempt: PENDING, or SENDING whose lease ran out (its worker died). One
 * guarded update, so of two workers one gets it; the attempt is counted before anything is sent.
 */
export async function claimFiscalReceipt(
  db: Db,
  { id, now, leaseUntil }: { id: string; now: Date; leaseUntil: Date },
): Promise<FiscalReceiptRow | undefined> {
  const [row] = await db
    .update(fiscalReceipts)
    .set({
      state: "SENDING",
      attempts: sql`${fiscalReceipts.attempts} + 1`,
      nextAttemptAt: leaseUntil,
      lastModifiedDate: now,
    })
    .where(
      and(
        eq(fiscalReceipts.id, id),
        inArray(fiscalReceipts.state, ["PENDING", "SENDING"]),
        lte(fiscalReceipts.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/** Settles the attempt that claimed the row (same attempt count): a later claim is left alone. */
export async function settleFiscalReceipt(
  db: Db,
  {
    merchantId,
    id,
    attempts,
    set,
  }: {
    merchantId: string;
    id: string;
    attempts: number;
    set: Partial<Pick<FiscalReceiptRow, "state" | "nextAttemptAt" | "lastError" | "receiptUrl" | "sentAt">>;
  },
): Promise<boolean> {
  const rows = await db
    .update(fiscalReceipts)
    .set({ ...set, lastModifiedDate: new Date() })
    .where(
      and(
        eq(fiscalReceipts.merchantId, merchantId),
        eq(fiscalReceipts.id, id),
        eq(fiscalReceipts.attempts, attempts),
        eq(fiscalReceipts.state, "SENDING"),
      ),
    )
    .returning({ id: fiscalReceipts.id });
  return rows.length > 0;
}

export async function listOrderFiscalReceipts(
  db: Db,
  { merchantId, orderId }: { merchantId: string; orderId: string },
) {
  return db
    .select()
    .from(fiscalReceipts)
    .where(and(eq(fiscalReceipts.merchantId, merchantId), eq(fiscalReceipts.orderId, orderId)))
    .orderBy(asc(fiscalReceipts.createdDate));
}

/** The brand's fiscal data and what decides which service codes it needs. */
export async function findBrandFiscal(db: Db, merchantId: string) {
  const [row] = await db
    .select({
      fiscal: merchants.fiscal,
      deliveryActive: merchantWebSettings.deliveryActive,
      serviceFeeEnabled: orderSettings.serviceFeeEnabled,
    })
    .from(merchants)
    .leftJoin(merchantWebSettings, eq(merchantWebSettings.merchantId, merchants.id))
    .leftJoin(orderSettings, and(eq(orderSettings.merchantId, merchants.id), isNull(orderSettings.cityId)))
    .where(eq(merchants.id, merchantId));
  return row;
}

export async function saveBrandFiscal(
  db: Db,
  { merchantId, fiscal }: { merchantId: string; fiscal: BrandFiscal },
): Promise<void> {
  await db.update(merchants).set({ fiscal }).where(eq(merchants.id, merchantId));
}

/** Sets a live product's codes (its version moves, as any save from the back office); answers the old ones. */
export async function setProductCodes(
  db: Db,
  {
    merchantId,
    id,
    codes,
  }: { merchantId: string; id: string; codes: { mxicCode: string | null; packageCode: string | null } },
): Promise<{ mxicCode: string | null; packageCode: string | null } | undefined> {
  const [before] = await db
    .select({ mxicCode: products.mxicCode, packageCode: products.packageCode })
    .from(products)
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id), isNull(products.deletedDate)))
    .for("update");
  if (!before) return undefined;
  await db
    .update(products)
    .set({ ...codes, version: sql`${products.version} + 1` })
    .where(and(eq(products.merchantId, merchantId), eq(products.id, id)));
  return before;
}

/** A receipt the provider registered itself and reported (Payme's SetFiscalData): kept as sent. */
export async function recordFiscalReceipt(
  db: Db,
  values: {
    merchantId: string;
    orderId: string;
    provider: string;
    kind: "SALE" | "RETURN";
    paymentId: string;
    receiptUrl: string;
    now: Date;
  },
): Promise<boolean> {
  const [before] = await db
    .select({ url: fiscalReceipts.receiptUrl })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.orderId, values.orderId),
        eq(fiscalReceipts.provider, values.provider),
        eq(fiscalReceipts.kind, values.kind),
      ),
    );
  await db
    .insert(fiscalReceipts)
    .values({
      merchantId: values.merchantId,
      orderId: values.orderId,
      provider: values.provider,
      kind: values.kind,
      paymentId: values.paymentId,
      state: "SENT",
      nextAttemptAt: values.now,
      receiptUrl: values.receiptUrl,
      sentAt: values.now,
    })
    .onConflictDoUpdate({
      target: [fiscalReceipts.orderId, fiscalReceipts.provider, fiscalReceipts.kind],
      set: { receiptUrl: values.receiptUrl, lastModifiedDate: values.now },
    });
  return before?.url !== values.receiptUrl;
}

/** The tax authority's link of each order's sale receipt (the newest provider's), for the order views. */
export async function findSaleReceiptUrls(
  db: Db,
  { merchantId, orderIds }: { merchantId: string; orderIds: readonly string[] },
): Promise<Map<string, string>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: fiscalReceipts.orderId, url: fiscalReceipts.receiptUrl })
    .from(fiscalReceipts)
    .where(
      and(
        eq(fiscalReceipts.merchantId, merchantId),
        inArray(fiscalReceipts.orderId, [...orderIds]),
        eq(fiscalReceipts.kind, "SALE"),
        eq(fiscalReceipts.state, "SENT"),
      ),
    )
    .orderBy(asc(fiscalReceipts.lastModifiedDate));
  return new Map(rows.flatMap((r) => (r.url ? [[r.orderId, r.url] as const] : [])));
}

/**
 * Takes the order's turn to text its receipt: at most one SMS a minute per order (the time is kept in
 * orders.payment.receiptSmsAt), decided by one guarded update so two taps send one message.
 */
export async function takeReceiptSmsTurn(
  db: Db,
  { merchantId, orderId, now }: { merchantId: string; orderId: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({
      payment: sql`coalesce(${orders.payment}, '{}'::jsonb) || jsonb_build_object('receiptSmsAt', ${now.toISOString()}::text)`,
    })
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.id, orderId),
        sql`(${orders.payment}->>'receiptSmsAt' is null or (${orders.payment}->>'receiptSmsAt')::timestamptz < ${new Date(now.getTime() - 60_000).toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}
