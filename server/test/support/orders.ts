// Rows and fixtures the order and payment tests share: the demo brand's branch and a product whose
// order total any test can predict, and reads of an order, its payment transactions and its history.
import { and, asc, eq, sql } from "drizzle-orm";
import { branches, orderHistory, orders, paymentTransactions, products } from "../../src/db/schema/index.ts";
import type { TestApp } from "./app.ts";

/** The id of the brand's branch whose English name starts with `prefix` (lavash's "Chilonzor"...). */
export async function branchNamed(t: TestApp, merchantId: string, prefix: string): Promise<string> {
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, merchantId));
  const branch = rows.find((b) => b.name.eng?.startsWith(prefix));
  if (!branch) throw new Error(`no branch "${prefix}…" in ${merchantId}`);
  return branch.id;
}

/**
 * The brand's cheapest product costing at least `minPrice` with no discount and no modifier groups:
 * its order total is its price, and it clears the demo brands' minimum order.
 */
export async function plainProduct(t: TestApp, merchantId: string, minPrice = 35_000): Promise<string> {
  const [product] = await t.db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        eq(products.merchantId, merchantId),
        eq(products.discount, 0),
        sql`${products.costPrice} >= ${minPrice}`,
        sql`not exists (select 1 from modification_groups g where g.product_id = ${products.id})`,
      ),
    )
    .orderBy(asc(products.costPrice))
    .limit(1);
  if (!product) throw new Error(`no plain product from ${minPrice} in ${merchantId}`);
  return product.id;
}

export async function orderRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/** The order's payment transactions, oldest first. */
export async function transactionsOf(t: TestApp, orderId: string) {
  return t.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.orderId, orderId))
    .orderBy(asc(paymentTransactions.createdDate), asc(paymentTransactions.number));
}

/** The order's history entries that record a payment: one, however often the provider calls. */
export async function paidEntries(t: TestApp, orderId: string) {
  return t.db
    .select()
    .from(orderHistory)
    .where(and(eq(orderHistory.orderId, orderId), eq(orderHistory.reason, "PAID")));
}
