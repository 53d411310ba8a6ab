// Where a branch's calls to Yandex Delivery go: YANDEX_DELIVERY_API_URL when configured (production:
// https://b2b.taxi.yandex.net), else the demo's and tests' stand-in; none in production without a URL
// (the checkout then charges the zone tariff and claims wait).
import { YandexDeliveryClient } from "../../integrations/yandex-delivery.ts";
import type { Outside } from "../stand-ins.ts";

/** How long a claim call may take (the checkout's price check has its own 2 s). */
const CALL_TIMEOUT_MS = 15_000;

export function yandexClientFor(
  token: string,
  { config, standIns }: Outside,
): YandexDeliveryClient | undefined {
  const url = config.yandexDeliveryApiUrl ?? standIns?.yandexDelivery.url;
  if (!url) return undefined;
  return new YandexDeliveryClient({
    baseUrl: url,
    token,
    timeoutMs: CALL_TIMEOUT_MS,
    ...(config.yandexDeliveryApiUrl ? {} : standIns ? { fetch: standIns.yandexDelivery.fetch } : {}),
  });
}
