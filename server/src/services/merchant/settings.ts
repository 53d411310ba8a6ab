/** A merchant's settings as the routes read them: web and order settings, policy, cities, brands, payment types. */
export {
  findMerchantById,
  findMerchantBySub,
  findOrderSettings,
  findPolicy,
  findSmsContent,
  getOrderSettings,
  getWebSettings,
  listAppPaymentTypes,
  listBrands,
  listChannelPaymentTypes,
  listCities,
  type MerchantRow,
} from "../../repositories/merchants.ts";
