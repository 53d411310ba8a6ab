/** A merchant's settings as the routes read them: web and order settings, policy, cities, brands, payment types. */
import { orderSettingsOrDefaults } from "#domain/order-settings.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { findOrderSettings, listCities } from "../../repositories/merchants.ts";

export {
  findMerchantById,
  findMerchantBySub,
  findPolicy,
  findSmsContent,
  getOrderSettings,
  getWebSettings,
  listAppPaymentTypes,
  listBrands,
  listOfferedPaymentMethods,
  listChannelServiceTypes,
  listCities,
  type MerchantRow,
} from "../../repositories/merchants.ts";

/**
 * The order settings of `id`: a city of the brand (its own settings, or the brand's) or the
 * merchant id itself (the brand's); any other id is NOT_FOUND.
 */
export async function orderSettingsOf(db: Db, { merchantId, id }: { merchantId: string; id: string }) {
  let cityId: string | null = null;
  if (id !== merchantId) {
    const cities = await listCities(db, { merchantId });
    if (!cities.some((c) => c.id === id)) throw new AppError("NOT_FOUND");
    cityId = id;
  }
  const s = await findOrderSettings(db, { merchantId, cityId });
  return { id: s?.id ?? null, cityId: s?.cityId ?? null, ...orderSettingsOrDefaults(s) };
}
