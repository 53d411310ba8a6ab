import { z } from "zod";
import {
  BASKET_POSITIONS,
  CATEGORY_SCOPES,
  CURRENCIES,
  DELIVERY_TYPES,
  GROUP_VIEWS,
  MAIN_COLOR_TYPES,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  PAYMENT_TYPES,
  POLICY_TYPES,
  SERVICE_TYPES,
} from "../enums.ts";
import { dateTimeSchema, multilingualSchema, uuidSchema } from "./common.ts";

/** GET /users/v1/merchants/sub/{sub}: the public face of a merchant (no integration secrets). */
export const merchantSchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    logo: z.string().nullable(),
    color: z.string().nullable(),
    sub: z.string(),
    appId: z.string().nullable(),
    isActive: z.boolean(),
    deleted: z.boolean(),
    mainCityId: uuidSchema.nullable(),
    domainUrl: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    timezone: z.string(),
    currency: z.enum(CURRENCIES),
    createdDate: dateTimeSchema,
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "Merchant" });
export type Merchant = z.infer<typeof merchantSchema>;

export const webContactSchema = z.object({
  type: z.string(),
  value: z.string(),
  title: multilingualSchema.optional(),
  link: z.string().optional(),
  icon: z.string().optional(),
});

/** GET /support/v1/merchant/settings/web: every field of the specification's web settings. */
export const webSettingsSchema = z
  .object({
    merchantId: uuidSchema,
    logo: z.string(),
    brand: z.string(),
    favicon: z.string(),
    domain: z.string(),
    mainColor: z.string(),
    mainLanguage: z.string(),
    title: z.string(),
    leftCopyWrite: multilingualSchema,
    rightCopyWrite: multilingualSchema,
    isDark: z.boolean(),
    mainColorType: z.enum(MAIN_COLOR_TYPES),
    mapType: z.enum(MAP_TYPES).nullable(),
    uzLangActive: z.boolean(),
    ruLangActive: z.boolean(),
    engLangActive: z.boolean(),
    zhLangActive: z.boolean(),
    arLangActive: z.boolean(),
    kzLangActive: z.boolean(),
    trLangActive: z.boolean(),
    bannersActive: z.boolean(),
    deliveryActive: z.boolean(),
    pickupActive: z.boolean(),
    dineInActive: z.boolean(),
    branchesActive: z.boolean(),
    storiesActive: z.boolean(),
    vacanciesActive: z.boolean(),
    privacyActive: z.boolean(),
    aboutMerchantActive: z.boolean(),
    notificationsActive: z.boolean(),
    termsOfUseActive: z.boolean(),
    balanceActive: z.boolean(),
    cartInMainActive: z.boolean(),
    bookingActive: z.boolean(),
    bookingSlotMinutes: z.number().int().describe("Table booking: minutes between two bookable times"),
    bookingDurationMinutes: z.number().int().describe("Table booking: minutes a booking holds its seats"),
    bookingDaysAhead: z
      .number()
      .int()
      .describe("Table booking: local days, today included, that can be booked"),
    bookingOpenPerBranch: z
      .number()
      .int()
      .describe("Table booking: open bookings one customer may hold at one branch"),
    bookingOpenTotal: z.number().int().describe("Table booking: open bookings one customer may hold in all"),
    receiverActive: z.boolean(),
    cartPageActive: z.boolean(),
    chatActive: z.boolean(),
    cashbackActive: z.boolean(),
    promoActive: z.boolean(),
    favouriteActive: z.boolean(),
    cancelOrderActive: z.boolean(),
    cashActive: z.boolean(),
    terminalActive: z.boolean(),
    paymeActive: z.boolean(),
    clickActive: z.boolean(),
    uzumActive: z.boolean(),
    cardActive: z.boolean(),
    channelPaymentTypes: z
      .object({
        WEB: z.array(z.enum(PAYMENT_TYPES)),
        BOT: z.array(z.enum(PAYMENT_TYPES)),
        APP: z.array(z.enum(PAYMENT_TYPES)),
        QR: z.array(z.enum(PAYMENT_TYPES)),
        OPERATOR: z.array(z.enum(PAYMENT_TYPES)),
      })
      .describe(
        "Per channel (WEB the website, BOT the Telegram mini app, APP the Click mini app, QR a " +
          "table's QR code, OPERATOR a phone order in the staff console), the types of the brand's " +
          "active payment methods switched on for it " +
          "(webEnabled, botEnabled, appEnabled, qrEnabled, operatorEnabled). Checkout offers a type only when its " +
          "switch above (cashActive, paymeActive, ...) is on and its method is listed here for the " +
          "channel; CLICK_MINI_APP is the CLICK method on APP.",
      ),
    channelServiceTypes: z
      .object({
        WEB: z.array(z.enum(SERVICE_TYPES)),
        BOT: z.array(z.enum(SERVICE_TYPES)),
        APP: z.array(z.enum(SERVICE_TYPES)),
        QR: z.array(z.enum(SERVICE_TYPES)),
        OPERATOR: z.array(z.enum(SERVICE_TYPES)),
      })
      .describe(
        "Per channel (as channelPaymentTypes), the service types the brand switched on for it " +
          "(its service type settings; every type where none are set). Checkout offers a type " +
          "only when its switch above (deliveryActive, ...) is on and it is listed for the channel.",
      ),
    paymentMethodLooks: z
      .array(
        z.object({
          type: z.enum(PAYMENT_TYPES),
          title: multilingualSchema.nullable(),
          icon: z.string().nullable(),
        }),
      )
      .describe(
        "How the brand names its active payment methods: per type (the first method of a type), its " +
          "title in the brand's languages and its icon's address, each null when the brand set none " +
          "(the storefront then uses its own words and mark). OTHER, the brand's other way to pay on " +
          "receipt, is offered only where its method is switched on for the channel.",
      ),
    iosAppLink: z.string(),
    iosAppActive: z.boolean(),
    androidAppLink: z.string(),
    androidAppActive: z.boolean(),
    telegramBotLink: z.string(),
    telegramBotActive: z.boolean(),
    phone: z.string(),
    phoneActive: z.boolean(),
    telegram: z.string(),
    telegramActive: z.boolean(),
    instagram: z.string(),
    instagramActive: z.boolean(),
    facebook: z.string(),
    facebookActive: z.boolean(),
    contacts: z.array(webContactSchema),
    smsContent: z.string(),
    groupView: z.enum(GROUP_VIEWS).nullable(),
    categoryView: z.enum(CATEGORY_SCOPES).nullable(),
    amoCRMId: z.string(),
    amoCRMActive: z.boolean(),
    amoCRMHash: z.string(),
    yandexMetricsEnabled: z.boolean(),
    yandexMetricsId: z.string(),
    yandexMetricsKeys: z.array(z.string()),
    basketPosition: z.enum(BASKET_POSITIONS),
    isVisibleAtProfileTop: z.boolean(),
    isNavigationViewEnabled: z.boolean(),
    multiTabNavigationEnabled: z.boolean(),
    shouldValidateDeliveryArea: z.boolean(),
    isCategoryImageVisible: z.boolean(),
    modificationViewType: z.enum(MODIFICATION_VIEW_TYPES),
    metaPixelActive: z.boolean(),
    metaPixelContent: z.string(),
    metaPixelId: z.string(),
    googleTagManagerActive: z.boolean(),
    googleTagManagerId: z.string(),
    createdDate: dateTimeSchema,
    lastModifiedDate: dateTimeSchema,
  })
  .meta({ id: "WebSettings" });
export type WebSettings = z.infer<typeof webSettingsSchema>;

/** GET /support/v1/merchant/settings/click-app/client: what the Click mini app needs (no secrets). */
export const clickAppSettingsSchema = z
  .object({
    merchantId: uuidSchema,
    /** True when the merchant has a Click integration, so Click sign-in can work. */
    enabled: z.boolean(),
    serviceId: z.string().nullable(),
    clickMerchantId: z.string().nullable(),
    /** Payment types switched on for the app channel. */
    paymentTypes: z.array(z.enum(PAYMENT_TYPES)),
  })
  .meta({ id: "ClickAppSettings" });
export type ClickAppSettings = z.infer<typeof clickAppSettingsSchema>;

/** One card of the multi-brand switcher (GET /support/v1/brand/catalog). */
export const brandSchema = z
  .object({
    id: uuidSchema,
    merchantId: uuidSchema.nullable().describe("The brand's own merchant when it is hosted here"),
    sub: z.string().nullable().describe("The brand's subdomain key when it is hosted here"),
    name: multilingualSchema,
    domainUrl: z.string().nullable(),
    color: z.string().nullable(),
    image: z.string().nullable(),
  })
  .meta({ id: "Brand" });
export type Brand = z.infer<typeof brandSchema>;

/** GET /orders/v1/merchant/settings: the order rules the storefront shows before checkout. */
export const merchantOrderSettingsSchema = z
  .object({
    shouldValidateDeliveryArea: z.boolean(),
    serviceFeeEnabled: z.boolean(),
    serviceFee: z.number(),
    feeFreeThreshold: z
      .number()
      .nullable()
      .describe("Product total from which delivery is free; null = never"),
    minimalDeliveryPrice: z.number(),
    minOrderAmount: z.number(),
    cashbackPercent: z.number(),
    /** The fewest pieces a delivery order may hold; 0 = none. */
    minDeliveryProductCount: z.number().int(),
    /** The largest product total of an order; null = no limit. */
    maxOrderAmount: z.number().nullable(),
    defaultDeliveryTypeBot: z.enum(DELIVERY_TYPES),
    defaultDeliveryTypeWeb: z.enum(DELIVERY_TYPES),
    defaultDeliveryTypeApp: z.enum(DELIVERY_TYPES),
  })
  .meta({ id: "MerchantOrderSettings" });
export type MerchantOrderSettings = z.infer<typeof merchantOrderSettingsSchema>;

/** GET /webbot/v1/setting: the merchant's Telegram bot as the storefront may know it (never the token). */
export const botSettingSchema = z
  .object({
    merchantId: uuidSchema,
    enabled: z.boolean().describe("A bot token is configured, so mini-app login works"),
    botUsername: z.string().nullable(),
    botLink: z.string().nullable(),
  })
  .meta({ id: "BotSetting" });
export type BotSetting = z.infer<typeof botSettingSchema>;

export const policyQuerySchema = z.object({ policies: z.enum(POLICY_TYPES) });
export const policySchema = z
  .object({ type: z.enum(POLICY_TYPES), text: multilingualSchema })
  .meta({ id: "Policy" });
export type Policy = z.infer<typeof policySchema>;

/** GET /users/v1/city-merchant/merchant/{merchantId}. */
export const citySchema = z
  .object({
    id: uuidSchema,
    name: multilingualSchema,
    description: z.string().nullable(),
    latitude: z.number(),
    longitude: z.number(),
    isMain: z.boolean(),
    isTaximeter: z.boolean(),
    taximeterComment: multilingualSchema.nullable(),
  })
  .meta({ id: "City" });
export type City = z.infer<typeof citySchema>;
