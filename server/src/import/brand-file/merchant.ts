// The merchant and its web settings in the brand file.
import { YANDEX_CLAIM_MOMENTS } from "#domain/yandex-delivery.ts";
import { z } from "zod";
import {
  BASKET_POSITIONS,
  CATEGORY_SCOPES,
  CONTENT_LANGUAGES,
  CURRENCIES,
  GROUP_VIEWS,
  MAIN_COLOR_TYPES,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  SMS_GATEWAYS,
} from "#domain/enums.ts";
import { DEFAULT_VAT_PERCENT, TAX_ID_PATTERN } from "#domain/fiscal.ts";
import {
  color,
  image,
  latitude,
  longitude,
  multilingualSchema,
  mxicCodeSchema,
  nonEmpty,
  optionalText,
  packageCodeSchema,
  subSchema,
  textSchema,
  timezone,
} from "./blocks.ts";

/** Secrets and outside-system identifiers. An omitted value is stored as NULL (the file is the truth). */
export const integrationsSchema = z.strictObject({
  /** null = the console gateway (codes are written to the server log). */
  smsGateway: z.enum(SMS_GATEWAYS).nullable().default(null),
  smsLogin: optionalText,
  smsPassword: optionalText,
  smsFrom: optionalText,
  deliveryProviderKey: optionalText,
  kitchenLogin: optionalText,
  kitchenOrganizationId: optionalText,
  /** When a Yandex Delivery claim is made for the brand's orders (issue 39). */
  yandexClaimAt: z.enum(YANDEX_CLAIM_MOMENTS).default("READY"),
  mapKey: optionalText,
  telegramBotToken: z
    .string()
    .regex(/^\d+:[\w-]{20,}$/, { error: "must look like a bot token: <bot id>:<secret>" })
    .nullable()
    .default(null),
  telegramBotUsername: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{3,31}$/, { error: "must be a Telegram username without @" })
    .nullable()
    .default(null),
  clickServiceId: optionalText,
  clickMerchantId: optionalText,
  clickMerchantUserId: optionalText,
  clickSecretKey: optionalText,
  clickWebSessionToken: optionalText,
  paymeMerchantId: optionalText,
  paymeKey: optionalText,
  uzumTerminalId: optionalText,
  uzumApiKey: optionalText,
  uzumFiscalApiKey: optionalText,
  uzumServiceId: optionalText,
  uzumWebhookLogin: optionalText,
  uzumWebhookPassword: optionalText,
  /** Who keeps saved cards: Payme's Subscribe API or Click's card-token API. */
  cardProvider: z.enum(["PAYME", "CLICK"]).default("PAYME"),
});

/** The seller on the fiscal receipt (issue 40): tax id, VAT, and the codes of delivery and the service fee. */
export const fiscalSchema = z.strictObject({
  taxId: z
    .string()
    .regex(TAX_ID_PATTERN, { error: "must be a TIN (9 digits) or a PINFL (14 digits)" })
    .nullable()
    .default(null),
  vatPayer: z.boolean().default(true),
  vatPercent: z.number().int().min(0).max(100).default(DEFAULT_VAT_PERCENT),
  deliveryMxicCode: mxicCodeSchema,
  deliveryPackageCode: packageCodeSchema,
  serviceMxicCode: mxicCodeSchema,
  servicePackageCode: packageCodeSchema,
});

export const merchantSchema = z.strictObject({
  sub: subSchema,
  name: textSchema,
  logo: image.nullable().default(null),
  color: color.nullable().default(null),
  isActive: z.boolean().default(true),
  appId: optionalText,
  domainUrl: optionalText,
  timezone: timezone.default("Asia/Tashkent"),
  currency: z.enum(CURRENCIES).default("UZS"),
  /** Map centre of the merchant; defaults to the main city's centre. */
  location: z.strictObject({ latitude, longitude }).optional(),
  integrations: integrationsSchema.prefault({}),
  fiscal: fiscalSchema.nullable().default(null),
});

// ---------------------------------------------------------------------------------------------------
// Web settings: every field is optional and takes the database default when omitted.

export const bool = z.boolean().default(false);
export const str = z.string().default("");

export const webContactSchema = z.strictObject({
  type: nonEmpty,
  value: nonEmpty,
  title: multilingualSchema.optional(),
  link: z.string().optional(),
  icon: z.string().optional(),
});

export const webSettingsSchema = z.strictObject({
  logo: str,
  brand: str,
  favicon: str,
  domain: str,
  mainColor: color.default("#FCE000"),
  mainLanguage: z.enum(CONTENT_LANGUAGES).default("ru"),
  title: str,
  leftCopyWrite: multilingualSchema.default({}),
  rightCopyWrite: multilingualSchema.default({}),
  isDark: bool,
  mainColorType: z.enum(MAIN_COLOR_TYPES).default("LIGHT"),
  mapType: z.enum(MAP_TYPES).nullable().default(null),
  uzLangActive: bool,
  ruLangActive: bool,
  engLangActive: bool,
  zhLangActive: bool,
  arLangActive: bool,
  kzLangActive: bool,
  trLangActive: bool,
  bannersActive: bool,
  deliveryActive: bool,
  pickupActive: bool,
  dineInActive: bool,
  branchesActive: bool,
  storiesActive: bool,
  vacanciesActive: bool,
  privacyActive: bool,
  aboutMerchantActive: bool,
  notificationsActive: bool,
  termsOfUseActive: bool,
  balanceActive: bool,
  cartInMainActive: bool,
  bookingActive: bool,
  /** Table booking: a time every N minutes (a divisor of a day), held for M minutes, up to D days ahead. */
  bookingSlotMinutes: z
    .number()
    .int()
    .refine((n) => [10, 15, 20, 30, 60, 90, 120].includes(n), "one of 10, 15, 20, 30, 60, 90, 120")
    .default(30),
  bookingDurationMinutes: z.number().int().min(15).max(720).default(120),
  bookingDaysAhead: z.number().int().min(1).max(90).default(14),
  /** Open (upcoming, not cancelled) bookings one customer may hold at one branch, and in all. */
  bookingOpenPerBranch: z.number().int().min(1).max(50).default(2),
  bookingOpenTotal: z.number().int().min(1).max(200).default(4),
  receiverActive: bool,
  cartPageActive: bool,
  chatActive: bool,
  cashbackActive: bool,
  promoActive: bool,
  favouriteActive: bool,
  cancelOrderActive: bool,
  cashActive: bool,
  terminalActive: bool,
  paymeActive: bool,
  clickActive: bool,
  uzumActive: bool,
  cardActive: bool,
  iosAppLink: str,
  iosAppActive: bool,
  androidAppLink: str,
  androidAppActive: bool,
  telegramBotLink: str,
  telegramBotActive: bool,
  phone: str,
  phoneActive: bool,
  telegram: str,
  telegramActive: bool,
  instagram: str,
  instagramActive: bool,
  facebook: str,
  facebookActive: bool,
  contacts: z.array(webContactSchema).default([]),
  smsContent: str,
  groupView: z.enum(GROUP_VIEWS).nullable().default(null),
  categoryView: z.enum(CATEGORY_SCOPES).nullable().default(null),
  amoCRMId: str,
  amoCRMActive: bool,
  amoCRMHash: str,
  yandexMetricsEnabled: bool,
  yandexMetricsId: str,
  yandexMetricsKeys: z.array(z.string()).default([]),
  basketPosition: z.enum(BASKET_POSITIONS).default("NAVIGATION_BAR"),
  isVisibleAtProfileTop: bool,
  isNavigationViewEnabled: bool,
  multiTabNavigationEnabled: bool,
  shouldValidateDeliveryArea: bool,
  isCategoryImageVisible: bool,
  modificationViewType: z.enum(MODIFICATION_VIEW_TYPES).default("NAME_ONLY"),
  metaPixelActive: bool,
  metaPixelContent: str,
  metaPixelId: str,
  googleTagManagerActive: bool,
  googleTagManagerId: str,
});
