// The outside systems the demo and the tests replace with in-process stand-ins (server/src/fakes,
// handed in by server/src/dev-wiring.ts). The services own this interface so that production code
// never imports a fake: production hands in none, and then only a configured URL reaches an outside
// system (without one the feature answers "unavailable").
import type { Config } from "../config.ts";
import type { ClickMerchantFetch } from "../integrations/click-merchant.ts";
import type { FetchLike as ClickFetch } from "../integrations/click.ts";
import type { IikoFetch } from "../integrations/iiko.ts";
import type { FetchLike as PaymeFetch } from "../integrations/payme-subscribe.ts";
import type { BotApiFetch } from "../integrations/telegram-bot-api.ts";
import type { UzumFetch } from "../integrations/uzum-checkout.ts";
import type { UzumFiscalFetch } from "../integrations/uzum-fiscal.ts";
import type { YandexFetch } from "../integrations/yandex-delivery.ts";

/** A stand-in endpoint: the base URL to hand the adapter, and the transport that answers it in-process. */
export interface StandIn<F> {
  url: string;
  fetch: F;
}

export interface StandIns {
  /** Payme Subscribe API (saved cards, receipt cancels). */
  paymeSubscribe: StandIn<PaymeFetch>;
  /** Click Merchant API that knows one merchant user by its secret key (card tokens, reversals). */
  clickMerchant(userId: string, secretKey: string): StandIn<ClickMerchantFetch>;
  /** Uzum checkout API that knows one terminal by its API key (refunds). */
  uzumCheckout(terminalId: string, apiKey: string): StandIn<UzumFetch>;
  /** Uzum's fiscalization API that knows one brand by its API key (receipts of Uzum payments). */
  uzumFiscal(apiKey: string): StandIn<UzumFiscalFetch>;
  /** Telegram Bot API (sendMessage). */
  telegramBotApi: StandIn<BotApiFetch>;
  /** Click's user.profile, with the merchant token it takes from brands without their own. */
  clickUser: StandIn<ClickFetch> & { defaultToken: string };
  /** iiko Cloud API (the kitchen): logins, organisations, orders, stop lists, webhook settings. */
  iiko: StandIn<IikoFetch>;
  /** Yandex Delivery's express claims API: prices, claims, performers and their positions. */
  yandexDelivery: StandIn<YandexFetch>;
}

/** What decides where a service's call to the outside world goes: configured URLs, else stand-ins. */
export interface Outside {
  config: Config;
  standIns: StandIns | null;
}
