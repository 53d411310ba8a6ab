import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import { healthRoutes } from "./health/index.ts";
import { merchantPublicRoutes, merchantTenantRoutes } from "./merchant/index.ts";
import { requireTenant } from "../plugins/tenant.ts";
import { authPlugin } from "../plugins/auth.ts";
import { clickTenantRoutes } from "./webbot/click.ts";
import { webbotTenantRoutes } from "./webbot/index.ts";
import { usersPublicRoutes, usersTenantRoutes } from "./users/index.ts";
import { imageRoutes, productTenantRoutes } from "./products/index.ts";
import { clipRoutes } from "./products/clips.ts";
import { geoPublicRoutes, geoTenantRoutes } from "./geo/index.ts";
import { ordersRoutes } from "./orders/index.ts";
import { paymeRoutes } from "./payments/payme.ts";
import { clickShopRoutes } from "./payments/click.ts";
import { checkoutRoutes } from "./payments/checkout.ts";
import { uzumMerchantRoutes } from "./payments/uzum.ts";
import { telegramWebhookRoutes } from "./telegram/webhook.ts";
import { iikoWebhookRoutes } from "./integrations/iiko.ts";
import { yandexDeliveryCallbackRoutes } from "./integrations/yandex-delivery.ts";
import { contentRoutes } from "./content/index.ts";
import { cardRoutes } from "./payments/cards.ts";
import { notificationRoutes } from "./content/notifications.ts";
import { backOfficeRoutes } from "./back-office/index.ts";
import { courierRoutes } from "./courier/index.ts";

/** Every API route, under /api. Tenant routes sit in a scope whose hook resolves the `merchant` header. */
export async function apiRoutes(
  app: FastifyInstance,
  options: { fakeRoutes?: FastifyPluginAsync },
): Promise<void> {
  await app.register(authPlugin);
  await app.register(healthRoutes);
  await app.register(merchantPublicRoutes);
  await app.register(usersPublicRoutes);
  await app.register(imageRoutes);
  await app.register(clipRoutes);
  await app.register(geoPublicRoutes);
  // The event hub and the refund worker are plugins of their own (plugins/background.ts).
  const events = app.orderEvents;
  const refunds = app.refunds;
  // Payment providers call without a merchant header: the order or transaction names the brand.
  await app.register(paymeRoutes, { events });
  await app.register(clickShopRoutes, { events });
  await app.register(uzumMerchantRoutes, { events });
  await app.register(telegramWebhookRoutes);
  await app.register(iikoWebhookRoutes);
  await app.register(yandexDeliveryCallbackRoutes);

  await app.register(async (tenantScope) => {
    tenantScope.addHook("onRequest", requireTenant);
    await tenantScope.register(merchantTenantRoutes);
    await tenantScope.register(webbotTenantRoutes);
    await tenantScope.register(clickTenantRoutes);
    await tenantScope.register(usersTenantRoutes);
    await tenantScope.register(productTenantRoutes);
    await tenantScope.register(geoTenantRoutes);
    await tenantScope.register(ordersRoutes, { events, refunds });
    await tenantScope.register(checkoutRoutes);
    await tenantScope.register(contentRoutes);
    await tenantScope.register(notificationRoutes);
    await tenantScope.register(cardRoutes, { events });
    await tenantScope.register(backOfficeRoutes);
    await tenantScope.register(courierRoutes, { events });
  });

  // The testers' harness and the fake providers (handed in by the demo and test wiring): development
  // and demo mode only.
  if (app.config.harness && options.fakeRoutes) await app.register(options.fakeRoutes);
}
