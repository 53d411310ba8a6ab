// Yandex Delivery's settings (issue 39): each branch's OAuth token (stored, never answered) and pickup
// contact, and the brand's moment for claims. The branch rows are cached with the geography (the
// checkout reads the token from there): the save drops them.
import type { YandexDeliverySettings, YandexDeliverySettingsBody } from "#domain/contract/delivery.ts";
import type { YandexClaimMoment } from "#domain/yandex-delivery.ts";
import { and, eq } from "drizzle-orm";
import { cachesChanged } from "../db/cache-bus.ts";
import { branches, merchants } from "../db/schema/index.ts";
import { transaction } from "../db/transaction.ts";
import type { Db } from "../db/types.ts";
import { AppError } from "../lib/errors.ts";

export async function yandexDeliverySettings(db: Db, merchantId: string): Promise<YandexDeliverySettings> {
  const [m] = await db
    .select({ at: merchants.yandexClaimAt })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  const rows = await db
    .select({
      id: branches.id,
      name: branches.name,
      token: branches.yandexToken,
      pickupName: branches.yandexPickupName,
      pickupPhone: branches.yandexPickupPhone,
    })
    .from(branches)
    .where(and(eq(branches.merchantId, merchantId), eq(branches.deleted, false)))
    .orderBy(branches.name);
  return {
    claimAt: (m?.at === "PLACED" ? "PLACED" : "READY") satisfies YandexClaimMoment,
    branches: rows.map((b) => ({
      id: b.id,
      name: b.name,
      tokenSet: b.token !== null,
      pickupName: b.pickupName,
      pickupPhone: b.pickupPhone,
    })),
  };
}

/** Stores the settings in one transaction; a branch that is not the brand's is NOT_FOUND. */
export async function saveYandexDeliverySettings(
  db: Db,
  merchantId: string,
  body: YandexDeliverySettingsBody,
): Promise<YandexDeliverySettings> {
  await transaction(db, async (tx) => {
    await tx.update(merchants).set({ yandexClaimAt: body.claimAt }).where(eq(merchants.id, merchantId));
    for (const b of body.branches) {
      const updated = await tx
        .update(branches)
        .set({
          yandexPickupName: b.pickupName,
          yandexPickupPhone: b.pickupPhone,
          ...(b.token === undefined ? {} : { yandexToken: b.token }),
        })
        .where(and(eq(branches.id, b.id), eq(branches.merchantId, merchantId), eq(branches.deleted, false)))
        .returning({ id: branches.id });
      if (updated.length === 0) throw new AppError("NOT_FOUND");
    }
    await cachesChanged(tx, merchantId, ["merchant", "geo"]);
  });
  return yandexDeliverySettings(db, merchantId);
}
