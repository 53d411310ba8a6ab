// Merchants (tenants), their cities, web settings, policies and the multi-brand switcher.
// Cities live here because merchants.main_city_id and cities.merchant_id point at each other.
import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import type { BrandFiscal } from "#domain/fiscal.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  coordinate,
  createdDate,
  id,
  lastModifiedDate,
  multilingual,
  requiredMultilingual,
  timestamptz,
} from "./columns.ts";
import {
  basketPositionEnum,
  categoryScopeEnum,
  currencyEnum,
  groupViewEnum,
  mainColorTypeEnum,
  mapTypeEnum,
  modificationViewTypeEnum,
  policyTypeEnum,
  smsGatewayEnum,
} from "./enums.ts";

/** Default map centre of a merchant (Tashkent). */
const DEFAULT_MERCHANT_LATITUDE = 41.311081;
const DEFAULT_MERCHANT_LONGITUDE = 69.240562;
const DEFAULT_MAIN_COLOR = "#FCE000";

export const merchants = pgTable(
  "merchants",
  {
    id: id(),
    name: requiredMultilingual(),
    logo: text(),
    color: text(),
    /** The subdomain key the storefront resolves the merchant by (GET /users/v1/merchants/sub/{sub}). */
    sub: text().notNull().unique("merchants_sub_unique"),
    appId: text(),
    isActive: boolean().notNull().default(true),
    deleted: boolean().notNull().default(false),
    mainCityId: uuid().references((): AnyPgColumn => cities.id, { onDelete: "set null" }),
    domainUrl: text(),
    latitude: coordinate().notNull().default(DEFAULT_MERCHANT_LATITUDE),
    longitude: coordinate().notNull().default(DEFAULT_MERCHANT_LONGITUDE),
    /** IANA time zone; "today" for working hours is the merchant's local day. */
    timezone: text().notNull().default("Asia/Tashkent"),
    currency: currencyEnum().notNull().default("UZS"),
    // Integration settings. Secrets never leave the server.
    /** NULL = the console gateway (the SMS is written to the server log). */
    smsGateway: smsGatewayEnum(),
    smsLogin: text(),
    smsPassword: text(),
    smsFrom: text(),
    deliveryProviderKey: text(),
    /** iiko Cloud API: the brand's API login (write-only in the console) and its organisation. */
    kitchenLogin: text(),
    kitchenOrganizationId: text(),
    /**
     * The token iiko sends back in Authorization on each webhook call (set with
     * webhooks/update_settings; made here with each login saved); NULL until iiko is set up.
     */
    kitchenWebhookToken: text(),
    /** The iiko nomenclature revision the menu was last imported from, and when (the schedule's clock). */
    kitchenMenuRevision: text(),
    kitchenMenuSyncedAt: timestamptz(),
    /** When a Yandex Delivery claim is made: READY (the kitchen marks the order ready) or PLACED. */
    yandexClaimAt: text().notNull().default("READY"),
    mapKey: text(),
    telegramBotToken: text(),
    telegramBotUsername: text(),
    /**
     * The secret Telegram sends back in X-Telegram-Bot-Api-Secret-Token on each webhook call (set
     * with setWebhook, made anew with each bot token); NULL until the bot is set up.
     */
    telegramWebhookSecret: text(),
    clickServiceId: text(),
    clickMerchantId: text(),
    clickMerchantUserId: text(),
    clickSecretKey: text(),
    clickWebSessionToken: text(),
    paymeMerchantId: text(),
    paymeKey: text(),
    uzumTerminalId: text(),
    uzumApiKey: text(),
    /** Uzum's fiscalization API key: receipts of Uzum payments (issue 40). */
    uzumFiscalApiKey: text(),
    /** Uzum Merchant API (webhooks to us): the brand's service id and the HTTP Basic login and password Uzum sends. */
    uzumServiceId: text(),
    uzumWebhookLogin: text(),
    uzumWebhookPassword: text(),
    /** Who keeps the brand's saved cards: PAYME (Subscribe API) or CLICK (card-token API). */
    cardProvider: text().notNull().default("PAYME"),
    /** Tax id, VAT and the service codes of the fiscal receipt (issue 40); NULL = none set. */
    fiscal: jsonb().$type<BrandFiscal>(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("merchants_domain_url_idx").on(t.domainUrl)],
);

/** The tenant column for the tables of this file; other files use tenant.ts (kept out of index.ts). */
function merchantId() {
  return uuid()
    .notNull()
    .references(() => merchants.id, { onDelete: "cascade" });
}

/** A city the merchant serves (spec "City"; listed by GET /users/v1/city-merchant/merchant/{id}). */
export const cities = pgTable(
  "cities",
  {
    id: id(),
    merchantId: merchantId(),
    name: requiredMultilingual(),
    description: text(),
    latitude: coordinate().notNull(),
    longitude: coordinate().notNull(),
    isMain: boolean().notNull().default(false),
    isTaximeter: boolean().notNull().default(false),
    taximeterComment: multilingual(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [index("cities_merchant_id_idx").on(t.merchantId)],
);

/** One entry of the contacts list of the web settings. */
export type WebContact = {
  /** What the value is, e.g. "phone", "email", "telegram", "address". */
  type: string;
  value: string;
  title?: Multilingual;
  link?: string;
  icon?: string;
};

/** The storefront's look and switches, one row per merchant (spec "Merchant web settings"). */
export const merchantWebSettings = pgTable("merchant_web_settings", {
  merchantId: uuid()
    .primaryKey()
    .references(() => merchants.id, { onDelete: "cascade" }),
  // Identity and look
  logo: text().notNull().default(""),
  brand: text().notNull().default(""),
  favicon: text().notNull().default(""),
  domain: text().notNull().default(""),
  mainColor: text().notNull().default(DEFAULT_MAIN_COLOR),
  /** Content language code (uz, ru, eng, ...); docs/decisions.md: default ru. */
  mainLanguage: text().notNull().default("ru"),
  title: text().notNull().default(""),
  leftCopyWrite: requiredMultilingual(),
  rightCopyWrite: requiredMultilingual(),
  isDark: boolean().notNull().default(false),
  mainColorType: mainColorTypeEnum().notNull().default("LIGHT"),
  mapType: mapTypeEnum(),
  // Language switches
  uzLangActive: boolean().notNull().default(false),
  ruLangActive: boolean().notNull().default(false),
  engLangActive: boolean().notNull().default(false),
  zhLangActive: boolean().notNull().default(false),
  arLangActive: boolean().notNull().default(false),
  kzLangActive: boolean().notNull().default(false),
  trLangActive: boolean().notNull().default(false),
  // Feature switches
  bannersActive: boolean().notNull().default(false),
  deliveryActive: boolean().notNull().default(false),
  pickupActive: boolean().notNull().default(false),
  dineInActive: boolean().notNull().default(false),
  branchesActive: boolean().notNull().default(false),
  storiesActive: boolean().notNull().default(false),
  vacanciesActive: boolean().notNull().default(false),
  privacyActive: boolean().notNull().default(false),
  aboutMerchantActive: boolean().notNull().default(false),
  notificationsActive: boolean().notNull().default(false),
  termsOfUseActive: boolean().notNull().default(false),
  balanceActive: boolean().notNull().default(false),
  cartInMainActive: boolean().notNull().default(false),
  bookingActive: boolean().notNull().default(false),
  /** Table booking: the grid of times (minutes), how long a booking holds its seats, how far ahead. */
  bookingSlotMinutes: integer().notNull().default(30),
  bookingDurationMinutes: integer().notNull().default(120),
  bookingDaysAhead: integer().notNull().default(14),
  /** Open (upcoming, not cancelled) bookings one customer may hold at one branch, and in all. */
  bookingOpenPerBranch: integer().notNull().default(2),
  bookingOpenTotal: integer().notNull().default(4),
  receiverActive: boolean().notNull().default(false),
  cartPageActive: boolean().notNull().default(false),
  chatActive: boolean().notNull().default(false),
  cashbackActive: boolean().notNull().default(false),
  promoActive: boolean().notNull().default(false),
  favouriteActive: boolean().notNull().default(false),
  cancelOrderActive: boolean().notNull().default(false),
  // Payment switches
  cashActive: boolean().notNull().default(false),
  terminalActive: boolean().notNull().default(false),
  paymeActive: boolean().notNull().default(false),
  clickActive: boolean().notNull().default(false),
  uzumActive: boolean().notNull().default(false),
  cardActive: boolean().notNull().default(false),
  // Links and contacts
  iosAppLink: text().notNull().default(""),
  iosAppActive: boolean().notNull().default(false),
  androidAppLink: text().notNull().default(""),
  androidAppActive: boolean().notNull().default(false),
  telegramBotLink: text().notNull().default(""),
  telegramBotActive: boolean().notNull().default(false),
  phone: text().notNull().default(""),
  phoneActive: boolean().notNull().default(false),
  telegram: text().notNull().default(""),
  telegramActive: boolean().notNull().default(false),
  instagram: text().notNull().default(""),
  instagramActive: boolean().notNull().default(false),
  facebook: text().notNull().default(""),
  facebookActive: boolean().notNull().default(false),
  contacts: jsonb().$type<WebContact[]>().notNull().default([]),
  // Other
  smsContent: text().notNull().default(""),
  groupView: groupViewEnum(),
  categoryView: categoryScopeEnum(),
  amoCRMId: text().notNull().default(""),
  amoCRMActive: boolean().notNull().default(false),
  amoCRMHash: text().notNull().default(""),
  yandexMetricsEnabled: boolean().notNull().default(false),
  yandexMetricsId: text().notNull().default(""),
  yandexMetricsKeys: jsonb().$type<string[]>().notNull().default([]),
  basketPosition: basketPositionEnum().notNull().default("NAVIGATION_BAR"),
  isVisibleAtProfileTop: boolean().notNull().default(false),
  isNavigationViewEnabled: boolean().notNull().default(false),
  multiTabNavigationEnabled: boolean().notNull().default(false),
  shouldValidateDeliveryArea: boolean().notNull().default(false),
  isCategoryImageVisible: boolean().notNull().default(false),
  modificationViewType: modificationViewTypeEnum().notNull().default("NAME_ONLY"),
  metaPixelActive: boolean().notNull().default(false),
  metaPixelContent: text().notNull().default(""),
  metaPixelId: text().notNull().default(""),
  googleTagManagerActive: boolean().notNull().default(false),
  googleTagManagerId: text().notNull().default(""),
  createdDate: createdDate(),
  lastModifiedDate: lastModifiedDate(),
});

/** Terms, about-company and privacy texts (GET /support/v1/company/policies). */
export const policies = pgTable(
  "policies",
  {
    id: id(),
    merchantId: merchantId(),
    type: policyTypeEnum().notNull(),
    text: requiredMultilingual(),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [uniqueIndex("policies_merchant_id_type_uq").on(t.merchantId, t.type)],
);

/**
 * One card of a merchant's multi-brand switcher (GET /support/v1/brand/catalog).
 * merchantId owns the catalog; targetMerchantId is the brand's own merchant when it is hosted here
 * (NULL when the card only links to an outside domainUrl).
 */
export const brands = pgTable(
  "brands",
  {
    id: id(),
    merchantId: merchantId(),
    targetMerchantId: uuid().references(() => merchants.id, { onDelete: "set null" }),
    name: requiredMultilingual(),
    domainUrl: text(),
    color: text(),
    image: text(),
    priority: integer().notNull().default(0),
    createdDate: createdDate(),
    lastModifiedDate: lastModifiedDate(),
  },
  (t) => [
    index("brands_merchant_id_priority_idx").on(t.merchantId, t.priority),
    uniqueIndex("brands_merchant_id_target_merchant_id_uq")
      .on(t.merchantId, t.targetMerchantId)
      .where(sql`${t.targetMerchantId} is not null`),
  ],
);
