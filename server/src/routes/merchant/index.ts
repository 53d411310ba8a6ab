import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses, tenantHeadersSchema } from "#domain/contract/common.ts";
import {
  botSettingSchema,
  brandSchema,
  citySchema,
  clickAppSettingsSchema,
  merchantOrderSettingsSchema,
  merchantSchema,
  policyQuerySchema,
  policySchema,
  webSettingsSchema,
} from "#domain/contract/merchant.ts";
import { orderSettingsOrDefaults } from "#domain/order-settings.ts";
import { AppError } from "../../lib/errors.ts";
import {
  findMerchantBySub,
  findPolicy,
  getOrderSettings,
  getWebSettings,
  listAppPaymentTypes,
  listOfferedPaymentMethods,
  listChannelServiceTypes,
  listBrands,
  listCities,
} from "../../services/merchant/settings.ts";
import { toMerchant, toWebSettings } from "../../services/content/present.ts";

/** Routes a visitor calls before the brand is known. */
export async function merchantPublicRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    "/users/v1/merchants/sub/:sub",
    {
      schema: {
        summary: "Resolve a brand by its subdomain key; an inactive brand answers isActive false",
        tags: ["merchant"],
        params: z.object({
          sub: z
            .string()
            .min(1)
            .max(63)
            .regex(/^[a-zA-Z0-9-]+$/),
        }),
        response: { 200: merchantSchema, ...errorResponses },
      },
    },
    async (request) => {
      const merchant = await findMerchantBySub(app.database.db, request.params.sub);
      if (!merchant) throw new AppError("NOT_FOUND");
      return toMerchant(merchant);
    },
  );
}

/** Routes of one brand: the `merchant` header is resolved into request.tenant before they run. */
export async function merchantTenantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const tenantHeader = tenantHeadersSchema;

  r.get(
    "/support/v1/merchant/settings/web",
    {
      schema: {
        summary: "The brand's web settings (look, languages, feature switches)",
        tags: ["merchant"],
        headers: tenantHeader,
        response: { 200: webSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const tenant = { merchantId: request.tenant.id };
      return toWebSettings(
        ...(await Promise.all([
          getWebSettings(db, tenant),
          listOfferedPaymentMethods(db, tenant),
          listChannelServiceTypes(db, tenant),
        ])),
      );
    },
  );

  r.get(
    "/support/v1/merchant/settings/click-app/client",
    {
      schema: {
        summary: "What the Click mini app needs to know about the brand",
        tags: ["merchant"],
        headers: tenantHeader,
        response: { 200: clickAppSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const m = request.tenant;
      return {
        merchantId: m.id,
        enabled: Boolean(m.clickServiceId && m.clickWebSessionToken),
        serviceId: m.clickServiceId,
        clickMerchantId: m.clickMerchantId,
        paymentTypes: await listAppPaymentTypes(db, { merchantId: m.id }),
      };
    },
  );

  r.get(
    "/support/v1/brand/catalog",
    {
      schema: {
        summary: "The brands of the multi-brand switcher",
        tags: ["merchant"],
        headers: tenantHeader,
        response: { 200: z.array(brandSchema), ...errorResponses },
      },
    },
    async (request) => listBrands(db, { merchantId: request.tenant.id }),
  );

  r.get(
    "/support/v1/company/policies",
    {
      schema: {
        summary: "One of the brand's texts: terms, about the company, privacy policy",
        tags: ["merchant"],
        headers: tenantHeader,
        querystring: policyQuerySchema,
        response: { 200: policySchema, ...errorResponses },
      },
    },
    async (request) => {
      const policy = await findPolicy(db, { merchantId: request.tenant.id, type: request.query.policies });
      if (!policy) throw new AppError("NOT_FOUND");
      return policy;
    },
  );

  r.get(
    "/orders/v1/merchant/settings",
    {
      schema: {
        summary: "Order rules the storefront shows before checkout",
        tags: ["merchant"],
        headers: tenantHeader,
        response: { 200: merchantOrderSettingsSchema, ...errorResponses },
      },
    },
    async (request) => {
      const merchantId = request.tenant.id;
      const [web, settings] = await Promise.all([
        getWebSettings(db, { merchantId }),
        getOrderSettings(db, { merchantId }),
      ]);
      const { feeAmount, ...s } = orderSettingsOrDefaults(settings);
      return { shouldValidateDeliveryArea: web.shouldValidateDeliveryArea, ...s, serviceFee: feeAmount };
    },
  );

  r.get(
    "/users/v1/city-merchant/merchant/:merchantId",
    {
      schema: {
        summary: "The cities the brand serves",
        tags: ["merchant"],
        headers: tenantHeader,
        params: z.object({ merchantId: z.uuid() }),
        response: { 200: z.array(citySchema), ...errorResponses },
      },
    },
    async (request) => {
      if (request.params.merchantId !== request.tenant.id) throw new AppError("FORBIDDEN");
      const rows = await listCities(db, { merchantId: request.tenant.id });
      return rows.map((c) => ({
        id: c.id,
        name: c.name,
        description: c.description,
        latitude: c.latitude,
        longitude: c.longitude,
        isMain: c.isMain,
        isTaximeter: c.isTaximeter,
        taximeterComment: c.taximeterComment,
      }));
    },
  );

  r.get(
    "/webbot/v1/setting",
    {
      schema: {
        summary: "The brand's Telegram bot, as the storefront may know it",
        tags: ["merchant"],
        headers: tenantHeader,
        response: { 200: botSettingSchema, ...errorResponses },
      },
    },
    async (request) => {
      const m = request.tenant;
      const web = await getWebSettings(db, { merchantId: m.id });
      const username = m.telegramBotUsername;
      return {
        merchantId: m.id,
        enabled: Boolean(app.config.telegramBotToken ?? m.telegramBotToken),
        botUsername: username,
        botLink: web.telegramBotLink || (username ? `https://t.me/${username}` : null),
      };
    },
  );
}
