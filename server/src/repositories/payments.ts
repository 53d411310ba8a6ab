// Provider transactions of online payments (payment_transactions) and the few reads across brands
// a provider's callback needs before it knows the brand: the brands holding a key, the brand of an
// order, the brand of a transaction. Everything after those reads is filtered by the merchant.
import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, ne, sql } from "drizzle-orm";
import type { PaymentType } from "#domain/enums.ts";
import { merchants, orders, paymentRefunds, paymentTransactions } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

interface Tenant {
  merchantId: string;
}

export type PaymentTransactionRow = typeof paymentTransactions.$inferSelect;
export type PaymentTransactionInsert = typeof paymentTransactions.$inferInsert;

/** The brands with Payme credentials: their ids and keys (the keys never leave the server). */
export async function listPaymeKeys(db: Db): Promise<{ merchantId: string; key: string }[]> {
  const rows = await db
    .select({ merchantId: merchants.id, key: merchants.paymeKey })
    .from(merchants)
    .where(and(isNotNull(merchants.paymeKey), eq(merchants.deleted, false)));
  return rows.flatMap((r) => (r.key ? [{ merchantId: r.merchantId, key: r.key }] : []));
}

/** The brand an order belongs to, whatever the brand; undefined for an unknown id. */
export async function findOrderMerchant(db: Db, orderId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ merchantId: orders.merchantId })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  return row?.merchantId;
}

/** A provider's transaction by the provider's id, whatever the brand. */
export async function findProviderTransaction(
  db: Db,
  { provider, providerTransactionId }: { provider: PaymentType; providerTransactionId: string },
): Promise<PaymentTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.provider, provider),
        eq(paymentTransactions.providerTransactionId, providerTransactionId),
      ),
    )
    .limit(1);
  return row;
}

/** The same, locked for update until the transaction ends. */
export async function lockProviderTransaction(
  tx: Db,
  { merchantId, id }: Tenant & { id: string },
): Promise<PaymentTransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.merchantId, merchantId)))
    .for("update");
  return row;
}

/** The open (state 1) transaction of an order, if any. */
export async function findOpenTransaction(
  db: Db,
  { merchantId, orderId }: Tenant & { orderId: string },
): Promise<PaymentTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.merchantId, merchantId),
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, 1),
      ),
    )
    .limit(1);
  return row;
}

export async function insertPaymentTransaction(
  tx: Db,
  values: PaymentTransactionInsert,
): Promise<PaymentTransactionRow> {
  const [row] = await tx.insert(paymentTransactions).values(values).returning();
  if (!row) throw new Error("expected a row");
  return row;
}

export async function updatePaymentTransaction(
  tx: Db,
  { merchantId, id, set }: Tenant & { id: string; set: Partial<PaymentTransactionInsert> },
): Promise<PaymentTransactionRow> {
  const [row] = await tx
    .update(paymentTransactions)
    .set(set)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.merchantId, merchantId)))
    .returning();
  if (!row) throw new Error("expected a row");
  return row;
}

/** The brands' transactions of a provider created (provider time) between two moments, inclusive. */
export async function listProviderTransactions(
  db: Db,
  q: { merchantIds: string[]; provider: PaymentType; from: Date; to: Date },
): Promise<PaymentTransactionRow[]> {
  if (q.merchantIds.length === 0) return [];
  return db
    .select()
    .from(paymentTransactions)
    .where(
      and(
        inArray(paymentTransactions.merchantId, q.merchantIds),
        eq(paymentTransactions.provider, q.provider),
        gte(paymentTransactions.providerTime, q.from),
        lte(paymentTransactions.providerTime, q.to),
      ),
    )
    .orderBy(asc(paymentTransactions.providerTime), asc(paymentTransactions.id));
}

/** The brand whose Payme merchant id this is, with its key (for the demo's fake Payme only). */
export async function findMerchantByPaymeId(
  db: Db,
  paymeMerchantId: string,
): Promise<{ id: string; name: (typeof merchants.$inferSelect)["name"]; key: string } | undefined> {
  const [row] = await db
    .select({ id: merchants.id, name: merchants.name, key: merchants.paymeKey })
    .from(merchants)
    .where(and(eq(merchants.paymeMerchantId, paymeMerchantId), eq(merchants.deleted, false)))
    .limit(1);
  return row?.key ? { id: row.id, name: row.name, key: row.key } : undefined;
}

/**
 * Cancels the order's open (state 1) transactions before they are performed: state -1 with the
 * provider's `reason`. Answers the rows it cancelled.
 */
export async function cancelOpenTransactions(
  tx: Db,
  { merchantId, orderId, reason, now }: Tenant & { orderId: string; reason: number; now: Date },
): Promise<PaymentTransactionRow[]> {
  return tx
    .update(paymentTransactions)
    .set({ state: -1, reason, cancelTime: now })
    .where(
      and(
        eq(paymentTransactions.merchantId, merchantId),
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, 1),
      ),
    )
    .returning();
}

/**
 * Whether the order still has a performed payment nobody asked back, besides `exceptId` (a paid
 * order's change paid anew, issue 42: its earlier payment comes back, the order stays paid).
 */
export async function hasLivePayment(
  db: Db,
  { merchantId, orderId, exceptId }: Tenant & { orderId: string; exceptId: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentTransactions.id })
    .from(paymentTransactions)
    .where(
      and(
        eq(paymentTransactions.merchantId, merchantId),
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, 2),
        isNull(paymentTransactions.refundRequestedAt),
        ne(paymentTransactions.id, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Marks the order's performed (state 2) transactions as owing a refund, once: the first request's
 * time stays. Answers the rows that now wait for their refund.
 */
export async function requestRefund(
  tx: Db,
  { merchantId, orderId, now }: Tenant & { orderId: string; now: Date },
): Promise<PaymentTransactionRow[]> {
  return tx
    .update(paymentTransactions)
    .set({
      refundRequestedAt: sql`coalesce(${paymentTransactions.refundRequestedAt}, ${now.toISOString()}::timestamptz)`,
    })
    .where(
      and(
        eq(paymentTransactions.merchantId, merchantId),
        eq(paymentTransactions.orderId, orderId),
        eq(paymentTransactions.state, 2),
      ),
    )
    .returning();
}

/** A brand's Click SHOP-API credentials (the secret key never leaves the server). */
export interface ClickCredentials {
  merchantId: string;
  name: (typeof merchants.$inferSelect)["name"];
  serviceId: string;
  clickMerchantId: string | null;
  secretKey: string;
}

/** The brands with Click's service id `serviceId` and a secret key, whatever the brand. */
export async function listClickCredentials(db: Db, serviceId: string): Promise<ClickCredentials[]> {
  const rows = await db
    .select({
      merchantId: merchants.id,
      name: merchants.name,
      serviceId: merchants.clickServiceId,
      clickMerchantId: merchants.clickMerchantId,
      secretKey: merchants.clickSecretKey,
    })
    .from(merchants)
    .where(
      and(
        eq(merchants.clickServiceId, serviceId),
        isNotNull(merchants.clickSecretKey),
        eq(merchants.deleted, false),
      ),
    );
  return rows.flatMap((r) =>
    r.secretKey && r.serviceId ? [{ ...r, serviceId: r.serviceId, secretKey: r.secretKey }] : [],
  );
}

/** A brand's Uzum Merchant API credentials (the password never leaves the server). */
export interface UzumCredentials {
  merchantId: string;
  name: (typeof merchants.$inferSelect)["name"];
  serviceId: string;
  login: string;
  password: string;
}

/** The brands whose Uzum webhook login is `login` (or every brand with Uzum, without a login). */
export async function listUzumCredentials(db: Db, login?: string): Promise<UzumCredentials[]> {
  const rows = await db
    .select({
      merchantId: merchants.id,
      name: merchants.name,
      serviceId: merchants.uzumServiceId,
      login: merchants.uzumWebhookLogin,
      password: merchants.uzumWebhookPassword,
    })
    .from(merchants)
    .where(
      and(
        login === undefined ? isNotNull(merchants.uzumWebhookLogin) : eq(merchants.uzumWebhookLogin, login),
        isNotNull(merchants.uzumWebhookPassword),
        isNotNull(merchants.uzumServiceId),
        eq(merchants.deleted, false),
      ),
    );
  return rows.flatMap((r) =>
    r.serviceId && r.login && r.password
      ? [{ ...r, serviceId: r.serviceId, login: r.login, password: r.password }]
      : [],
  );
}

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundVia = "PAYME" | "CLICK" | "UZUM";

/** Records refunds to send; a transaction that already has one keeps it (answers only the new ones). */
export async function insertRefunds(
  tx: Db,
  rows: {
    merchantId: string;
    transactionId: string;
    orderId: string;
    via: RefundVia;
    amount: number;
    now: Date;
  }[],
): Promise<RefundRow[]> {
  if (rows.length === 0) return [];
  return tx
    .insert(paymentRefunds)
    .values(
      rows.map((r) => ({
        merchantId: r.merchantId,
        transactionId: r.transactionId,
        orderId: r.orderId,
        via: r.via,
        amount: r.amount,
        state: "PENDING",
        nextAttemptAt: r.now,
        requestedAt: r.now,
      })),
    )
    .onConflictDoNothing({ target: paymentRefunds.transactionId })
    .returning();
}

/** Refunds due at `now` (pending, or claimed by a worker whose lease ran out), oldest first. */
export async function listDueRefunds(
  db: Db,
  { now, limit, orderId }: { now: Date; limit: number; orderId?: string },
): Promise<{ id: string }[]> {
  return db
    .select({ id: paymentRefunds.id })
    .from(paymentRefunds)
    .where(
      and(
        inArray(paymentRefunds.state, ["PENDING", "SENDING"]),
        lte(paymentRefunds.nextAttemptAt, now),
        orderId ? eq(paymentRefunds.orderId, orderId) : undefined,
      ),
    )
    .orderBy(asc(paymentRefunds.nextAttemptAt))
    .limit(limit);
}

/**
 * Claims a due refund for one attempt: SENDING until `leaseUntil`, one more attempt counted. One
 * statement, so of two workers at once only one gets the row.
 */
export async function claimRefund(
  db: Db,
  { id, now, leaseUntil }: { id: string; now: Date; leaseUntil: Date },
): Promise<RefundRow | undefined> {
  const [row] = await db
    .update(paymentRefunds)
    .set({ state: "SENDING", attempts: sql`${paymentRefunds.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      and(
        eq(paymentRefunds.id, id),
        inArray(paymentRefunds.state, ["PENDING", "SENDING"]),
        lte(paymentRefunds.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

export async function updateRefund(
  db: Db,
  { merchantId, id, set }: Tenant & { id: string; set: Partial<typeof paymentRefunds.$inferInsert> },
): Promise<void> {
  await db
    .update(paymentRefunds)
    .set(set)
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.merchantId, merchantId)));
}

/** The provider refunded the transaction on its own (Payme's CancelTransaction, Uzum's reverse). */
export async function settleRefund(
  tx: Db,
  { merchantId, transactionId, now }: Tenant & { transactionId: string; now: Date },
): Promise<void> {
  await tx
    .update(paymentRefunds)
    .set({ state: "DONE", doneAt: now })
    .where(
      and(
        eq(paymentRefunds.merchantId, merchantId),
        eq(paymentRefunds.transactionId, transactionId),
        inArray(paymentRefunds.state, ["PENDING", "SENDING", "FAILED"]),
      ),
    );
}

/** A transaction by its id within the brand. */
export async function findTransaction(
  db: Db,
  { merchantId, id }: Tenant & { id: string },
): Promise<PaymentTransactionRow | undefined> {
  const [row] = await db
    .select()
    .from(paymentTransactions)
    .where(and(eq(paymentTransactions.id, id), eq(paymentTransactions.merchantId, merchantId)))
    .limit(1);
  return row;
}
