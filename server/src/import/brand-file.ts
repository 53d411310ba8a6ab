// The brand file: one JSON document that describes a merchant completely (settings, geography, menu,
// promos, texts). `importBrand` writes it to the database; the demo brands are such files.
//
// Entities name each other by stable string keys chosen by the author of the file; database ids are
// derived from (sub, entity, key) with UUID v5, so importing the same file again hits the same rows.
import { v5 as uuidv5 } from "uuid";
import { z } from "zod";
import {
  BASKET_POSITIONS,
  CATEGORY_SCOPES,
  CATEGORY_VIEW_TYPES,
  CONTENT_LANGUAGES,
  CURRENCIES,
  DELIVERY_TYPES,
  DISCOUNT_TYPES,
  GROUP_VIEWS,
  MAIN_COLOR_TYPES,
  MAP_TYPES,
  MODIFICATION_VIEW_TYPES,
  NAVIGATION_TYPES,
  PAYMENT_TYPES,
  POLICY_TYPES,
  PRODUCT_UNITS,
  SCROLL_TYPES,
  SMS_GATEWAYS,
  WEEK_NAMES,
  WORK_HOUR_TYPES,
} from "#domain/enums.ts";
import { EXTRA_PAGE_SLUGS } from "#domain/contract/content.ts";
import { DEFAULT_PAYMENT_TIMEOUT_MINUTES } from "#domain/order-settings.ts";

// ---------------------------------------------------------------------------------------------------
// Deterministic ids

/** Namespace of every id derived from a brand file. Never change it: ids of imported rows depend on it. */
export const BRAND_ID_NAMESPACE = "3b0f6c1e-9a57-4d2b-8c0e-5f1d7a2e9b64";

export type BrandEntity =
  | "merchant"
  | "city"
  | "branch"
  | "workHour"
  | "region"
  | "orderSettings"
  | "paymentMethod"
  | "policy"
  | "group"
  | "category"
  | "product"
  | "modificationGroup"
  | "modification"
  | "productBranch"
  | "promo"
  | "vacancy"
  | "banner"
  | "story"
  | "extraPage"
  | "notification"
  | "brand"
  | "hall"
  | "table";

/** The database id of an entity of a brand file. Keys of nested entities are joined with "/". */
export function brandEntityId(sub: string, entity: BrandEntity, key: string): string {
  return uuidv5(`${sub}\n${entity}\n${key}`, BRAND_ID_NAMESPACE);
}

/** The id a merchant gets when it is first created by an import. */
export function merchantIdForSub(sub: string): string {
  return brandEntityId(sub, "merchant", sub);
}

// ---------------------------------------------------------------------------------------------------
// Building blocks

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,99}$/;
const SUB_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const TIME_PATTERN = /^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/;
const PHONE_PATTERN = /^\+?\d{7,15}$/;
/** Site-root paths ("/demo/lavash/burger.svg") or absolute http(s) URLs. */
const IMAGE_PATTERN = /^(?:\/(?!\/)|https?:\/\/)\S+$/;

/** A key that names an entity inside the file: letters, digits, "_", "-", "." (no "/"). */
export const keySchema = z.string().regex(KEY_PATTERN, {
  error: "must be 1-100 letters, digits, '_', '-' or '.', starting with a letter or digit",
});

export const subSchema = z.string().regex(SUB_PATTERN, {
  error: "must be a subdomain label: lower-case letters, digits and '-', at most 63 characters",
});

const nonEmpty = z.string().trim().min(1, { error: "must not be empty" });

/** `{uz?, ru?, eng?, ar?, kz?, tr?, zh?}`. */
export const multilingualSchema = z.strictObject(
  Object.fromEntries(CONTENT_LANGUAGES.map((lang) => [lang, nonEmpty.optional()])) as Record<
    (typeof CONTENT_LANGUAGES)[number],
    z.ZodOptional<typeof nonEmpty>
  >,
);

/** A multilingual text with at least one language. */
export const textSchema = multilingualSchema.refine(
  (v) => Object.values<string | undefined>(v).some((s) => s !== undefined),
  {
    error: "needs a text in at least one language (uz, ru, eng, ar, kz, tr, zh)",
  },
);

const isTwoDecimals = (v: number) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6;

/** An amount in the merchant's currency: >= 0, at most 2 decimals (database numeric(14, 2)). */
export const moneySchema = z
  .number()
  .min(0, { error: "must not be negative" })
  .max(999_999_999_999.99, { error: "is too large" })
  .refine(isTwoDecimals, { error: "must have at most 2 decimals" });

export const percentSchema = z
  .number()
  .min(0, { error: "must be between 0 and 100" })
  .max(100, { error: "must be between 0 and 100" })
  .refine(isTwoDecimals, { error: "must have at most 2 decimals" });

const priority = z.number().int().default(0);
const latitude = z.number().min(-90).max(90);
const longitude = z.number().min(-180).max(180);
const color = z.string().regex(COLOR_PATTERN, { error: "must be a hex colour like #FCE000" });
const image = z
  .string()
  .regex(IMAGE_PATTERN, { error: "must be a path from the site root (/...) or an http(s) URL" });
const phone = z.string().regex(PHONE_PATTERN, { error: "must be a phone number like +998901234567" });
const time = z.string().regex(TIME_PATTERN, { error: "must be a local time HH:mm (00:00-23:59, or 24:00)" });
const dateTime = z.iso.datetime({
  offset: true,
  error: "must be an ISO date-time with offset, e.g. 2025-01-01T00:00:00+05:00",
});
const optionalText = z.string().nullable().default(null);

const timezone = z.string().refine(
  (tz) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  },
  { error: "must be an IANA time zone such as Asia/Tashkent" },
);

// ---------------------------------------------------------------------------------------------------
// Merchant

/** Secrets and outside-system identifiers. An omitted value is stored as NULL (the file is the truth). */
const integrationsSchema = z.strictObject({
  /** null = the console gateway (codes are written to the server log). */
  smsGateway: z.enum(SMS_GATEWAYS).nullable().default(null),
  smsLogin: optionalText,
  smsPassword: optionalText,
  smsFrom: optionalText,
  deliveryProviderKey: optionalText,
  kitchenLogin: optionalText,
  kitchenOrganizationId: optionalText,
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
  uzumServiceId: optionalText,
  uzumWebhookLogin: optionalText,
  uzumWebhookPassword: optionalText,
  /** Who keeps saved cards: Payme's Subscribe API or Click's card-token API. */
  cardProvider: z.enum(["PAYME", "CLICK"]).default("PAYME"),
});

const merchantSchema = z.strictObject({
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
});

// ---------------------------------------------------------------------------------------------------
// Web settings: every field is optional and takes the database default when omitted.

const bool = z.boolean().default(false);
const str = z.string().default("");

const webContactSchema = z.strictObject({
  type: nonEmpty,
  value: nonEmpty,
  title: multilingualSchema.optional(),
  link: z.string().optional(),
  icon: z.string().optional(),
});

const webSettingsSchema = z.strictObject({
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

// ---------------------------------------------------------------------------------------------------
// Geography

const citySchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  description: optionalText,
  latitude,
  longitude,
  isMain: bool,
  isTaximeter: bool,
  taximeterComment: multilingualSchema.nullable().default(null),
});

const workHourDaySchema = z
  .strictObject({
    weekName: z.enum(WEEK_NAMES),
    open: time.nullable().default(null),
    close: time.nullable().default(null),
    isDayOff: bool,
  })
  .superRefine((day, ctx) => {
    if (day.isDayOff) return;
    if (day.open === null)
      ctx.addIssue({ code: "custom", path: ["open"], message: "is required unless isDayOff is true" });
    if (day.close === null)
      ctx.addIssue({ code: "custom", path: ["close"], message: "is required unless isDayOff is true" });
  });

/** Hours of one service type. A weekday without an entry is closed that day (no hours, no orders). */
const workHoursSchema = z.strictObject({
  type: z.enum(WORK_HOUR_TYPES),
  hours: z.array(workHourDaySchema),
});

const branchSettingsSchema = z.strictObject({
  bookingEnabled: bool,
  deliveryEnabled: bool,
  dineInEnabled: bool,
  expressEnabled: bool,
  kitchenEnabled: bool,
  payOfficeEnabled: bool,
  pickupEnabled: bool,
  storageEnabled: bool,
  thirdPartyDeliveryEnabled: bool,
});

/** What a table's QR code carries: short, URL- and Telegram-start-parameter-safe. */
const TABLE_CODE_PATTERN = /^[A-Za-z0-9_-]{4,32}$/;

const diningTableSchema = z.strictObject({
  key: keySchema,
  /** What guests read on the table ("12", "VIP 1"). */
  name: z.string().trim().min(1).max(40),
  code: z.string().regex(TABLE_CODE_PATTERN, { error: "must be 4 to 32 letters, digits, _ or -" }),
  seats: z.int().min(1).max(100),
  isActive: z.boolean().default(true),
});

const hallSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  isActive: z.boolean().default(true),
  tables: z.array(diningTableSchema).default([]),
});

const branchSchema = z.strictObject({
  key: keySchema,
  cityKey: keySchema,
  name: textSchema,
  address: multilingualSchema.nullable().default(null),
  phone: phone.nullable().default(null),
  bookingPhone: phone.nullable().default(null),
  latitude,
  longitude,
  isActive: z.boolean().default(true),
  isMain: bool,
  open: time.nullable().default(null),
  close: time.nullable().default(null),
  deliveryPrice: moneySchema.default(0),
  deliveryStart: time.nullable().default(null),
  deliveryEnd: time.nullable().default(null),
  companyId: optionalText,
  paymentId: optionalText,
  iikoId: optionalText,
  settings: branchSettingsSchema.prefault({}),
  workHours: z.array(workHoursSchema).default([]),
  halls: z.array(hallSchema).default([]),
});

const deliveryRegionSchema = z.strictObject({
  key: keySchema,
  cityKey: keySchema,
  name: textSchema,
  /** [longitude, latitude] pairs (GeoJSON order); the closing point may be omitted. */
  polygon: z
    .array(z.tuple([longitude, latitude]), { error: "must be a list of [longitude, latitude] pairs" })
    .min(3, { error: "needs at least 3 points" }),
  color: color.nullable().default(null),
  price: moneySchema,
  priority,
});

// ---------------------------------------------------------------------------------------------------
// Orders and payments

const orderSettingsSchema = z.strictObject({
  serviceFeeEnabled: bool,
  /** Product total from which delivery is free; null = never free. */
  feeFreeThreshold: moneySchema.nullable().default(null),
  feeAmount: moneySchema.default(0),
  minimalDeliveryPrice: moneySchema.default(0),
  /** Minimum product total for delivery; 0 = none. */
  minOrderAmount: moneySchema.default(0),
  cashbackPercent: percentSchema.default(0),
  defaultDeliveryTypeBot: z.enum(DELIVERY_TYPES).default("MERCHANT"),
  defaultDeliveryTypeWeb: z.enum(DELIVERY_TYPES).default("MERCHANT"),
  defaultDeliveryTypeApp: z.enum(DELIVERY_TYPES).default("MERCHANT"),
  /** Minutes an order paid online may wait unpaid before it is cancelled ("Not paid in time"); 0 = never. */
  paymentTimeoutMinutes: z
    .number()
    .int({ error: "must be a whole number of minutes" })
    .min(0, { error: "must be between 0 (never) and 10080 minutes" })
    .max(10_080, { error: "must be between 0 (never) and 10080 minutes" })
    .default(DEFAULT_PAYMENT_TIMEOUT_MINUTES),
});

const paymentMethodSchema = z.strictObject({
  type: z.enum(PAYMENT_TYPES),
  name: nonEmpty.optional(),
  icon: image.nullable().default(null),
  title: multilingualSchema.nullable().default(null),
  iikoId: optionalText,
  priority,
  isActive: z.boolean().default(true),
  webEnabled: bool,
  botEnabled: bool,
  operatorEnabled: bool,
  appEnabled: bool,
  qrEnabled: bool,
});

const promoSchema = z
  .strictObject({
    key: keySchema,
    code: z.string().regex(/^[A-Za-z0-9_-]{2,40}$/, { error: "must be 2-40 letters, digits, '_' or '-'" }),
    discountType: z.enum(DISCOUNT_TYPES),
    /** So'm for AMOUNT, percent for PERCENTAGE. */
    productDiscount: moneySchema.default(0),
    deliveryDiscount: moneySchema.default(0),
    minPrice: moneySchema.default(0),
    startDate: dateTime.nullable().default(null),
    endDate: dateTime.nullable().default(null),
    isActive: z.boolean().default(true),
    usageLimit: z.number().int().min(0).nullable().default(null),
  })
  .superRefine((promo, ctx) => {
    if (promo.discountType === "PERCENTAGE") {
      for (const field of ["productDiscount", "deliveryDiscount"] as const) {
        if (promo[field] > 100)
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: "a PERCENTAGE discount must be at most 100",
          });
      }
    }
    if (promo.startDate && promo.endDate && Date.parse(promo.endDate) < Date.parse(promo.startDate)) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "must not be before startDate" });
    }
  });

// ---------------------------------------------------------------------------------------------------
// Menu

const modificationSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  image: image.nullable().default(null),
  price: moneySchema.default(0),
  priority,
  isActive: z.boolean().default(true),
  iikoId: optionalText,
});

const modificationGroupSchema = z
  .strictObject({
    key: keySchema,
    name: textSchema,
    /** Minimum number of chosen options; > 0 makes the choice required. */
    minSelect: z.number().int().min(0).default(0),
    maxSelect: z.number().int().min(1).default(1),
    priority,
    iikoId: optionalText,
    modifications: z.array(modificationSchema).min(1, { error: "needs at least one modification" }),
  })
  .superRefine((group, ctx) => {
    if (group.minSelect > group.maxSelect) {
      ctx.addIssue({ code: "custom", path: ["minSelect"], message: "must not exceed maxSelect" });
    }
    if (group.minSelect > group.modifications.length) {
      ctx.addIssue({
        code: "custom",
        path: ["minSelect"],
        message: "must not exceed the number of modifications",
      });
    }
  });

const labelSchema = z.strictObject({ name: textSchema, color });

const productSchema = z
  .strictObject({
    key: keySchema,
    name: textSchema,
    description: multilingualSchema.nullable().default(null),
    image: image.nullable().default(null),
    gallery: z.array(image).default([]),
    barcode: optionalText,
    mxicCode: optionalText,
    labels: z.array(labelSchema).default([]),
    tags: z.array(z.string()).default([]),
    calorie: z.number().int().min(0).nullable().default(null),
    timeCookingMin: z.number().int().min(0).nullable().default(null),
    timeCookingMax: z.number().int().min(0).nullable().default(null),
    costPrice: moneySchema,
    /** Percent off costPrice. */
    discount: percentSchema.default(0),
    additionalPrice: moneySchema.default(0),
    unit: z.enum(PRODUCT_UNITS).default("COUNT"),
    active: z.boolean().default(true),
    isAvailable: z.boolean().default(true),
    /** Units in stock; null = unlimited. */
    stock: z.number().min(0).nullable().default(null),
    priority,
    deliveryEnabled: z.boolean().default(true),
    eatsPrice: moneySchema.nullable().default(null),
    enabledEats: bool,
    expressPrice: moneySchema.nullable().default(null),
    enabledExpress: bool,
    isCartRecommendation: bool,
    tgEnabled: z.boolean().default(true),
    webEnabled: z.boolean().default(true),
    systems: z.array(z.string()).default([]),
    iikoId: optionalText,
    /** Keys of the branches that sell the product; omitted = every branch of the file. */
    branches: z.array(keySchema).optional(),
    modificationGroups: z.array(modificationGroupSchema).default([]),
  })
  .superRefine((product, ctx) => {
    if (
      product.timeCookingMin !== null &&
      product.timeCookingMax !== null &&
      product.timeCookingMin > product.timeCookingMax
    ) {
      ctx.addIssue({ code: "custom", path: ["timeCookingMin"], message: "must not exceed timeCookingMax" });
    }
  });

const categorySchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  image: image.nullable().default(null),
  priority,
  textColor: color.nullable().default(null),
  viewType: z.enum(CATEGORY_VIEW_TYPES).default("MEDIUM"),
  scrollType: z.enum(SCROLL_TYPES).default("VERTICAL"),
  navigationType: z.enum(NAVIGATION_TYPES).default("SHEET"),
  isWithoutCart: bool,
  isActive: z.boolean().default(true),
  products: z.array(productSchema).default([]),
});

const groupSchema = z.strictObject({
  key: keySchema,
  name: textSchema,
  icon: image.nullable().default(null),
  image: image.nullable().default(null),
  bgColor: color.nullable().default(null),
  iconBgColor: color.nullable().default(null),
  priority,
  isActive: z.boolean().default(true),
  categories: z.array(categorySchema).default([]),
});

// ---------------------------------------------------------------------------------------------------
// Content

const policiesSchema = z.strictObject(
  Object.fromEntries(POLICY_TYPES.map((type) => [type, textSchema.optional()])) as Record<
    (typeof POLICY_TYPES)[number],
    z.ZodOptional<typeof textSchema>
  >,
);

const vacancySchema = z.strictObject({
  key: keySchema,
  position: textSchema,
  /** The responsible person. */
  responsible: optionalText,
  phone: phone.nullable().default(null),
  /** Monthly salary; null = negotiable. */
  salary: moneySchema.nullable().default(null),
  requirements: multilingualSchema.nullable().default(null),
  /** Where the job is: a branch (its city follows), or only a city. */
  branchKey: keySchema.optional(),
  cityKey: keySchema.optional(),
  /** The responsible person's Telegram username, without "@". */
  telegram: z
    .string()
    .regex(/^[A-Za-z][A-Za-z0-9_]{4,31}$/, {
      error: "must be a Telegram username (5-32 letters, digits, '_')",
    })
    .nullable()
    .default(null),
  isActive: z.boolean().default(true),
  priority,
});

/** The image's size in pixels, so the page reserves the banner's room before it loads. */
const pixels = z
  .number()
  .int()
  .min(1, { error: "must be at least 1" })
  .max(10_000, { error: "is too large" });

/** An outside page a banner opens: an absolute https (or http) URL. */
const outsideUrl = z.string().refine(
  (v) => {
    try {
      const url = new URL(v);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  },
  { error: "must be an absolute http(s) URL" },
);

/** A banner opens exactly one of: a product, a category, a promo code (copied) or an outside link. */
const bannerSchema = z
  .strictObject({
    key: keySchema,
    title: textSchema,
    image,
    width: pixels,
    height: pixels,
    productKey: keySchema.optional(),
    categoryKey: keySchema.optional(),
    promoKey: keySchema.optional(),
    link: outsideUrl.optional(),
    priority,
    isActive: z.boolean().default(true),
    startDate: dateTime.nullable().default(null),
    endDate: dateTime.nullable().default(null),
  })
  .superRefine((banner, ctx) => {
    const targets = [banner.productKey, banner.categoryKey, banner.promoKey, banner.link].filter(
      (t) => t !== undefined,
    );
    if (targets.length !== 1) {
      ctx.addIssue({
        code: "custom",
        path: [],
        message: "give exactly one target: productKey, categoryKey, promoKey or link",
      });
    }
  });

/** A story slide's button: a product of the brand or an outside page, exactly one. */
const storyButtonSchema = z
  .strictObject({
    label: textSchema,
    productKey: keySchema.optional(),
    link: outsideUrl.optional(),
  })
  .superRefine((button, ctx) => {
    if ((button.productKey === undefined) === (button.link === undefined)) {
      ctx.addIssue({ code: "custom", path: [], message: "give exactly one target: productKey or link" });
    }
  });

const storySlideSchema = z
  .strictObject({
    type: z.enum(["image", "video"]).default("image"),
    url: image,
    /** A video's still, shown until it plays; required for a video. */
    poster: image.optional(),
    /** Seconds on screen. */
    duration: z
      .number()
      .min(1, { error: "must be 1-60 seconds" })
      .max(60, { error: "must be 1-60 seconds" })
      .default(5),
    button: storyButtonSchema.optional(),
  })
  .superRefine((slide, ctx) => {
    if (slide.type === "video" && slide.poster === undefined) {
      ctx.addIssue({ code: "custom", path: ["poster"], message: "a video slide needs a poster" });
    }
  });

/** A story: a round preview and its slides, shown in the brand's order. */
const storySchema = z.strictObject({
  key: keySchema,
  title: textSchema,
  preview: image,
  slides: z
    .array(storySlideSchema)
    .min(1, { error: "needs at least one slide" })
    .max(20, { error: "has more than 20 slides" }),
  priority,
  isActive: z.boolean().default(true),
});

/** A content page of the brand (/extra, /extra2, /extr3): plain text, never HTML. */
const extraPageSchema = z.strictObject({
  slug: z.enum(EXTRA_PAGE_SLUGS),
  title: textSchema,
  body: textSchema,
});

/**
 * The brand's news to every customer (notificationsActive): shown in each customer's notifications,
 * newest first by `date` (the first import's time when absent). A re-import replaces these; news
 * staff published through the API stays.
 */
const notificationSchema = z.strictObject({
  key: keySchema,
  title: textSchema,
  body: textSchema,
  image: image.nullable().default(null),
  date: dateTime.optional(),
});

/** A card of the multi-brand switcher; `sub` names another merchant (or this one). */
const brandSchema = z.strictObject({
  key: keySchema,
  sub: subSchema,
  name: textSchema,
  domainUrl: optionalText,
  color: color.nullable().default(null),
  image: image.nullable().default(null),
  priority,
});

// ---------------------------------------------------------------------------------------------------
// The file

const brandFileObject = z.strictObject({
  /** Format version of the file. */
  version: z.literal(1),
  merchant: merchantSchema,
  webSettings: webSettingsSchema.prefault({}),
  policies: policiesSchema.default({}),
  cities: z.array(citySchema).min(1, { error: "needs at least one city" }),
  branches: z.array(branchSchema).default([]),
  deliveryRegions: z.array(deliveryRegionSchema).default([]),
  orderSettings: orderSettingsSchema.prefault({}),
  paymentMethods: z.array(paymentMethodSchema).default([]),
  menu: z.strictObject({ groups: z.array(groupSchema) }).prefault({ groups: [] }),
  promos: z.array(promoSchema).default([]),
  vacancies: z.array(vacancySchema).default([]),
  banners: z.array(bannerSchema).default([]),
  stories: z.array(storySchema).default([]),
  extraPages: z.array(extraPageSchema).default([]),
  notifications: z.array(notificationSchema).default([]),
  brands: z.array(brandSchema).default([]),
});

type Path = (string | number)[];

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `[index, element]` of an array field, or nothing when the field is not an array. */
function items(value: unknown, field: string): [number, unknown][] {
  const list = isRecord(value) ? value[field] : undefined;
  return Array.isArray(list) ? list.map((item, i) => [i, item]) : [];
}

function stringField(value: unknown, field: string): string | undefined {
  const v = isRecord(value) ? value[field] : undefined;
  return typeof v === "string" ? v : undefined;
}

/**
 * Uniqueness of keys and cross-references between entities. Written against `unknown` because it
 * runs even when other fields are malformed, so one report lists every bad path.
 */
function checkReferences(file: unknown, ctx: z.RefinementCtx): void {
  const issue = (path: Path, message: string) => {
    ctx.addIssue({ code: "custom", path, message });
  };

  function uniqueKeys(entries: [Path, unknown][], field: string, what: string, normalise = (s: string) => s) {
    const seen = new Map<string, Path>();
    for (const [path, entry] of entries) {
      const value = stringField(entry, field);
      if (value === undefined) continue;
      const norm = normalise(value);
      const first = seen.get(norm);
      if (first) issue([...path, field], `duplicate ${what} "${value}" (first at ${formatPath(first)})`);
      else seen.set(norm, path);
    }
    return new Set(seen.keys());
  }

  const at = (field: string): [Path, unknown][] => items(file, field).map(([i, v]) => [[field, i], v]);

  const cityKeys = uniqueKeys(at("cities"), "key", "city key");
  const branchKeys = uniqueKeys(at("branches"), "key", "branch key");
  uniqueKeys(at("deliveryRegions"), "key", "delivery region key");
  const promoKeys = uniqueKeys(at("promos"), "key", "promo key");
  uniqueKeys(at("promos"), "code", "promo code", (s) => s.toUpperCase());
  uniqueKeys(at("vacancies"), "key", "vacancy key");
  uniqueKeys(at("banners"), "key", "banner key");
  uniqueKeys(at("stories"), "key", "story key");
  uniqueKeys(at("extraPages"), "slug", "extra page");
  uniqueKeys(at("notifications"), "key", "notification key");
  uniqueKeys(at("brands"), "key", "brand key");
  uniqueKeys(at("brands"), "sub", "brand sub");
  uniqueKeys(at("paymentMethods"), "type", "payment method type");

  const mainCities = at("cities").filter(([, c]) => isRecord(c) && c.isMain === true);
  for (const [path] of mainCities.slice(1)) issue([...path, "isMain"], "only one city may be the main city");

  const tables: [Path, unknown][] = [];
  for (const [path, branch] of at("branches")) {
    const workHours: [Path, unknown][] = items(branch, "workHours").map(([i, v]) => [
      [...path, "workHours", i],
      v,
    ]);
    uniqueKeys(workHours, "type", "work hours type");
    const halls: [Path, unknown][] = items(branch, "halls").map(([i, v]) => [[...path, "halls", i], v]);
    uniqueKeys(halls, "key", "hall key");
    for (const [hallPath, hall] of halls) {
      const hallTables = items(hall, "tables").map(([i, v]): [Path, unknown] => [
        [...hallPath, "tables", i],
        v,
      ]);
      uniqueKeys(hallTables, "key", "table key");
      tables.push(...hallTables);
    }
    for (const [whPath, wh] of workHours) {
      uniqueKeys(
        items(wh, "hours").map(([i, v]) => [[...whPath, "hours", i], v]),
        "weekName",
        "weekday",
      );
    }
  }

  // A QR code names one table of the brand, whatever its branch.
  uniqueKeys(tables, "code", "table code", (s) => s.toLowerCase());

  const refersTo = (entries: [Path, unknown][], field: string, known: Set<string>, what: string) => {
    for (const [path, entry] of entries) {
      const value = stringField(entry, field);
      if (value !== undefined && !known.has(value)) issue([...path, field], `unknown ${what} "${value}"`);
    }
  };
  refersTo(at("branches"), "cityKey", cityKeys, "city key");
  refersTo(at("deliveryRegions"), "cityKey", cityKeys, "city key");

  const menu = isRecord(file) ? file.menu : undefined;
  const groups: [Path, unknown][] = items(menu, "groups").map(([i, v]) => [["menu", "groups", i], v]);
  const categories: [Path, unknown][] = groups.flatMap(([path, g]) =>
    items(g, "categories").map(([i, v]): [Path, unknown] => [[...path, "categories", i], v]),
  );
  const products: [Path, unknown][] = categories.flatMap(([path, c]) =>
    items(c, "products").map(([i, v]): [Path, unknown] => [[...path, "products", i], v]),
  );
  uniqueKeys(groups, "key", "group key");
  const categoryKeys = uniqueKeys(categories, "key", "category key");
  const productKeys = uniqueKeys(products, "key", "product key");

  for (const [path, product] of products) {
    const branchesField = isRecord(product) ? product.branches : undefined;
    if (Array.isArray(branchesField)) {
      const seen = new Set<string>();
      branchesField.forEach((key, i) => {
        if (typeof key !== "string") return;
        if (!branchKeys.has(key)) issue([...path, "branches", i], `unknown branch key "${key}"`);
        else if (seen.has(key)) issue([...path, "branches", i], `duplicate branch key "${key}"`);
        seen.add(key);
      });
    }
    const modGroups: [Path, unknown][] = items(product, "modificationGroups").map(([i, v]) => [
      [...path, "modificationGroups", i],
      v,
    ]);
    uniqueKeys(modGroups, "key", "modification group key");
    for (const [mgPath, mg] of modGroups) {
      uniqueKeys(
        items(mg, "modifications").map(([i, v]) => [[...mgPath, "modifications", i], v]),
        "key",
        "modification key",
      );
    }
  }

  refersTo(at("banners"), "productKey", productKeys, "product key");
  refersTo(at("banners"), "categoryKey", categoryKeys, "category key");
  refersTo(at("banners"), "promoKey", promoKeys, "promo key");
  refersTo(at("vacancies"), "branchKey", branchKeys, "branch key");
  const slideButtons: [Path, unknown][] = at("stories").flatMap(([path, story]) =>
    items(story, "slides").map(([i, slide]): [Path, unknown] => [
      [...path, "slides", i, "button"],
      isRecord(slide) ? slide.button : undefined,
    ]),
  );
  refersTo(slideButtons, "productKey", productKeys, "product key");
  refersTo(at("vacancies"), "cityKey", cityKeys, "city key");
}

/** The brand file format (version 1). Parse with `parseBrandFile` to get every issue with its path. */
export const brandFileSchema = brandFileObject.superRefine(checkReferences, { when: () => true });

export type BrandFile = z.output<typeof brandFileSchema>;
/** What an author writes: every field with a default may be omitted. */
export type BrandFileInput = z.input<typeof brandFileSchema>;

export interface BrandFileIssue {
  /** e.g. `menu.groups[0].categories[2].products[5].costPrice`; "" for the file itself. */
  path: string;
  message: string;
}

export function formatPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out === "" ? String(part) : `.${String(part)}`;
  }
  return out;
}

function describeIssue(issue: z.core.$ZodIssue): BrandFileIssue[] {
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => ({ path: formatPath([...issue.path, key]), message: "unknown field" }));
  }
  let message = issue.message;
  if (issue.code === "invalid_type" && /received undefined$/.test(message)) {
    message = `is required (${issue.expected})`;
  }
  return [{ path: formatPath(issue.path), message }];
}

export type ParseResult = { success: true; data: BrandFile } | { success: false; issues: BrandFileIssue[] };

/** Validates a parsed JSON value; on failure lists every bad field with its path. */
export function parseBrandFile(input: unknown): ParseResult {
  const result = brandFileSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const seen = new Set<string>();
  const issues: BrandFileIssue[] = [];
  for (const issue of result.error.issues.flatMap(describeIssue)) {
    const id = `${issue.path}\n${issue.message}`;
    if (seen.has(id)) continue;
    seen.add(id);
    issues.push(issue);
  }
  return { success: false, issues };
}
