// The brand's settings as the back office edits them (issue 36): its web settings' look, languages
// and switches, and the merchant row's secrets.
import { eq, sql } from "drizzle-orm";
import { merchants, merchantWebSettings } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export type MerchantSecretsRow = typeof merchants.$inferSelect;
export type WebSettingsValues = Partial<typeof merchantWebSettings.$inferInsert>;

/** The merchant row (secrets included: never answered as is), locked for the transaction when `lock`. */
export async function findMerchantRow(
  db: Db,
  { merchantId, lock = false }: { merchantId: string; lock?: boolean },
) {
  const query = db.select().from(merchants).where(eq(merchants.id, merchantId));
  const [row] = await (lock ? query.for("update") : query);
  return row;
}

export async function updateMerchantSecrets(
  db: Db,
  { merchantId, values }: { merchantId: string; values: Partial<typeof merchants.$inferInsert> },
): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db
    .update(merchants)
    .set({ ...values, lastModifiedDate: new Date() })
    .where(eq(merchants.id, merchantId));
}

/** Writes the web settings and stamps them (the stamp is the settings' version). */
export async function updateWebSettings(
  db: Db,
  { merchantId, values }: { merchantId: string; values: WebSettingsValues },
): Promise<void> {
  // A millisecond later than the stored stamp at least, so two saves in one millisecond still differ.
  await db
    .update(merchantWebSettings)
    .set({
      ...values,
      lastModifiedDate: sql`greatest(now(), ${merchantWebSettings.lastModifiedDate} + interval '1 millisecond')`,
    })
    .where(eq(merchantWebSettings.merchantId, merchantId));
}

export async function lockWebSettings(db: Db, { merchantId }: { merchantId: string }) {
  const [row] = await db
    .select()
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId))
    .for("update");
  return row;
}
