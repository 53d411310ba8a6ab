// The owner's side of the back office (issue 36): the brand's staff, its settings and secrets, its
// banners and its promo codes. Part of the staff API (`/api/staff/v1/...`).
import { z } from "zod";
import { brandRoleSchema } from "./back-office.ts";
import { CONTENT_LANGUAGES, DISCOUNT_TYPES, type ContentLanguage } from "../enums.ts";
import { dateTimeSchema, MONEY_MAX, uuidSchema } from "./common.ts";

export const staffMemberSchema = z
  .object({
    id: uuidSchema,
    /** E.164; the person signs in to /staff with it and an SMS code. */
    phone: z.string().nullable(),
    name: z.string().nullable(),
    brandRole: brandRoleSchema,
    /** The branches they work at; empty = every branch of the brand. */
    branchIds: z.array(uuidSchema),
    /** The caller themself. */
    self: z.boolean(),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.infer<typeof staffMemberSchema>;

const branchIdsSchema = z
  .array(uuidSchema)
  .max(100)
  .transform((ids) => [...new Set(ids)]);

/** Roles the console gives (the courier's belongs to the delivery issue). */
export const staffInviteSchema = z
  .object({
    /** As typed; the server reads it as the brand's phone numbers (Uzbek first) and stores E.164. */
    phone: z
      .string({ error: "enter a phone number" })
      .trim()
      .min(1, { error: "enter a phone number" })
      .max(40),
    brandRole: brandRoleSchema,
    branchIds: branchIdsSchema,
  })
  .meta({ id: "StaffInvite" });
export type StaffInvite = z.input<typeof staffInviteSchema>;

export const staffMemberBodySchema = z
  .object({ brandRole: brandRoleSchema, branchIds: branchIdsSchema })
  .meta({ id: "StaffMemberBody" });
export type StaffMemberBody = z.input<typeof staffMemberBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Brand settings: the look, the languages, the feature switches and the write-only secrets.

/** The colour rule of the brand file (server/src/import/brand-file/blocks.ts COLOR_PATTERN). */
const colorSchema = z
  .string({ error: "must be a hex colour like #FCE000" })
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, {
    error: "must be a hex colour like #FCE000",
  });

/** The storefront's switches of the specification ("Merchant web settings") the owner turns. */
export const BRAND_FEATURES = [
  "deliveryActive",
  "pickupActive",
  "dineInActive",
  "bookingActive",
  "bannersActive",
  "storiesActive",
  "branchesActive",
  "vacanciesActive",
  "aboutMerchantActive",
  "privacyActive",
  "termsOfUseActive",
  "notificationsActive",
  "chatActive",
  "isVisibleAtProfileTop",
  "favouriteActive",
  "cartInMainActive",
  "cartPageActive",
  "receiverActive",
  "cancelOrderActive",
  "promoActive",
  "cashbackActive",
  "balanceActive",
  "cashActive",
  "terminalActive",
  "paymeActive",
  "clickActive",
  "uzumActive",
  "cardActive",
] as const;
export type BrandFeature = (typeof BRAND_FEATURES)[number];

/** The payment providers' credentials and the bot token: written, never read back. */
export const BRAND_SECRETS = [
  "paymeMerchantId",
  "paymeKey",
  "clickServiceId",
  "clickMerchantId",
  "clickMerchantUserId",
  "clickSecretKey",
  "uzumTerminalId",
  "uzumApiKey",
  "uzumFiscalApiKey",
  "uzumServiceId",
  "uzumWebhookLogin",
  "uzumWebhookPassword",
  "telegramBotToken",
] as const;
export type BrandSecret = (typeof BRAND_SECRETS)[number];

const languageSwitchesSchema = z.object(
  Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, z.boolean()])) as Record<ContentLanguage, z.ZodBoolean>,
);
const featuresSchema = z.object(
  Object.fromEntries(BRAND_FEATURES.map((f) => [f, z.boolean()])) as Record<BrandFeature, z.ZodBoolean>,
);

export const brandSettingsSchema = z
  .object({
    /** When the settings were saved last: a save naming an older one is 409 EDIT_CONFLICT. */
    version: dateTimeSchema,
    mainColor: z.string(),
    /** The brand's logo (a picture uploaded in the console, or one of the site's files); null: none. */
    logo: z.string().nullable(),
    isDark: z.boolean(),
    mainLanguage: z.enum(CONTENT_LANGUAGES),
    languages: languageSwitchesSchema,
    features: featuresSchema,
    /** Whether each secret is stored; the secret itself never leaves the server. */
    secrets: z.object(
      Object.fromEntries(BRAND_SECRETS.map((s) => [s, z.boolean()])) as Record<BrandSecret, z.ZodBoolean>,
    ),
    cardProvider: z.enum(["PAYME", "CLICK"]),
  })
  .meta({ id: "BrandSettings" });
export type BrandSettings = z.infer<typeof brandSettingsSchema>;

/**
 * The brand's bot as Telegram and the outbox see it (issue 41): how its updates come in, the last
 * set-up asked for and how it went, and Telegram's own getWebhookInfo (pending updates, last error).
 */
export const botStateSchema = z
  .object({
    /** A bot token is stored. */
    token: z.boolean(),
    /** TELEGRAM_UPDATES of this deployment: Telegram calls the webhook, the server polls, or neither. */
    updates: z.enum(["webhook", "polling", "off"]),
    /** The newest set-up asked for: waiting (PENDING, SENDING), SENT or FAILED with Telegram's reason. */
    setup: z
      .object({
        state: z.enum(["PENDING", "SENDING", "SENT", "FAILED"]),
        attempts: z.number().int(),
        lastError: z.string().nullable(),
        requestedAt: dateTimeSchema,
        doneAt: dateTimeSchema.nullable(),
      })
      .nullable(),
    /** What Telegram answers now; null without a token. */
    telegram: z
      .discriminatedUnion("reachable", [
        z.object({
          reachable: z.literal(true),
          /** The webhook Telegram calls; empty while the server polls. */
          webhookUrl: z.string(),
          pendingUpdateCount: z.number().int(),
          lastErrorAt: dateTimeSchema.nullable(),
          lastErrorMessage: z.string().nullable(),
        }),
        z.object({ reachable: z.literal(false), error: z.string() }),
      ])
      .nullable(),
  })
  .meta({ id: "BotState" });
export type BotState = z.infer<typeof botStateSchema>;

export const brandSettingsBodySchema = z
  .object({
    version: dateTimeSchema,
    mainColor: colorSchema,
    logo: z
      .string()
      .max(300)
      .regex(/^\/[\w./-]+\.(?:svg|png|jpe?g|webp)$/, { error: "must be a picture uploaded here" })
      .refine((v) => !v.split("/").includes(".."), { error: "must be a picture uploaded here" })
      .nullable(),
    isDark: z.boolean(),
    mainLanguage: z.enum(CONTENT_LANGUAGES),
    languages: languageSwitchesSchema.refine((l) => Object.values(l).some(Boolean), {
      error: "at least one language",
    }),
    features: featuresSchema,
    /**
     * Secrets to replace (a text) or clear (null); one left out stays as it is. Checked by the brand
     * file's rules (the bot token's shape).
     */
    secrets: z
      .object(
        Object.fromEntries(
          BRAND_SECRETS.map((s) => [
            s,
            z.string().trim().min(1, { error: "is empty" }).max(500).nullable().optional(),
          ]),
        ) as Record<BrandSecret, z.ZodOptional<z.ZodNullable<z.ZodString>>>,
      )
      .default({}),
    cardProvider: z.enum(["PAYME", "CLICK"]),
  })
  .refine((b) => b.languages[b.mainLanguage], {
    error: "must be one of the brand's languages",
    path: ["mainLanguage"],
  })
  .meta({ id: "BrandSettingsBody" });
export type BrandSettingsBody = z.input<typeof brandSettingsBodySchema>;

// ---------------------------------------------------------------------------------------------------
// Promo codes: made, limited and paused by the owner; each with how often orders used it.

export const promoCodeSchema = z
  .object({
    id: uuidSchema,
    code: z.string(),
    discountType: z.enum(DISCOUNT_TYPES),
    productDiscount: z.number(),
    deliveryDiscount: z.number(),
    minPrice: z.number(),
    startDate: dateTimeSchema.nullable(),
    endDate: dateTimeSchema.nullable(),
    isActive: z.boolean(),
    usageLimit: z.number().int().nullable(),
    /** Uses by one customer (orders not cancelled); null: as often as they like. */
    perCustomerLimit: z.number().int().nullable(),
    /** Orders placed with it. */
    uses: z.number().int(),
    version: dateTimeSchema,
  })
  .meta({ id: "PromoCode" });
export type PromoCode = z.infer<typeof promoCodeSchema>;

/** The brand file's promo rules (server/src/import/brand-file/orders.ts promoSchema) check it again. */
export const promoCodeBodySchema = z
  .object({
    code: z
      .string({ error: "2-40 letters, digits, '_' or '-'" })
      .trim()
      .regex(/^[A-Za-z0-9_-]{2,40}$/, { error: "2-40 letters, digits, '_' or '-'" }),
    discountType: z.enum(DISCOUNT_TYPES),
    productDiscount: z.number().min(0).max(MONEY_MAX),
    deliveryDiscount: z.number().min(0).max(MONEY_MAX),
    minPrice: z.number().min(0).max(MONEY_MAX),
    startDate: dateTimeSchema.nullable(),
    endDate: dateTimeSchema.nullable(),
    isActive: z.boolean(),
    usageLimit: z.number().int().min(0).max(10_000_000).nullable(),
    /** Uses by one customer; null: no limit. Once each when not said (the rule before it existed). */
    perCustomerLimit: z.number().int().min(1).max(10_000).nullable().default(1),
  })
  .meta({ id: "PromoCodeBody" });
export type PromoCodeBody = z.input<typeof promoCodeBodySchema>;

export const promoCodeUpdateSchema = z
  .object({
    /** When the code was saved last: a save over a newer one is 409 EDIT_CONFLICT. */
    version: dateTimeSchema,
    isActive: z.boolean().optional(),
    usageLimit: z.number().int().min(0).max(10_000_000).nullable().optional(),
    perCustomerLimit: z.number().int().min(1).max(10_000).nullable().optional(),
    endDate: dateTimeSchema.nullable().optional(),
  })
  .meta({ id: "PromoCodeUpdate" });
