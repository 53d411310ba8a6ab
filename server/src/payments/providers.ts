// Which outside API a brand's saved cards and refunds go to (docs/decisions.md, Saved cards and
// Refunds): the configured URL with the brand's credentials, or, in demo and development mode
// without a URL, the built-in fake called in-process through the same protocol text.
import type { Config } from "../config.ts";
import {
  clickMerchant,
  type ClickMerchantClient,
  type ClickMerchantFetch,
} from "../integrations/click-merchant.ts";
import { paymeSubscribe, type FetchLike } from "../integrations/payme-subscribe.ts";
import { uzumCheckout, type UzumFetch } from "../integrations/uzum-checkout.ts";
import type { MerchantRow } from "../repositories/merchants.ts";
import { handleFakeClickMerchant } from "../routes/dev/fake-click-merchant.ts";
import { handleFakeSubscribeRpc } from "../routes/dev/fake-payme-subscribe.ts";
import { handleFakeUzumCheckout } from "../routes/dev/fake-uzum-checkout.ts";
import type { CardProvider } from "./card-provider.ts";
import { clickCardProvider } from "./click-cards.ts";

export type CardProviderName = "PAYME" | "CLICK";

const fakesAllowed = (config: Config) => config.harness;

/** Calls the built-in fake Subscribe API in-process, through the same JSON-RPC text. */
const fakePayme: FetchLike = async (_url, init) => {
  const answer = handleFakeSubscribeRpc(init.headers, init.body);
  return { status: answer.status, text: async () => answer.body };
};

/** The brand's Payme Subscribe API client, or undefined without credentials or an URL. */
function paymeClient(merchant: MerchantRow, config: Config) {
  const { paymeMerchantId, paymeKey } = merchant;
  if (config.paymeApiUrl) {
    if (!paymeMerchantId || !paymeKey) return undefined;
    return paymeSubscribe({
      url: config.paymeApiUrl,
      cashboxId: paymeMerchantId,
      key: paymeKey,
      timeoutMs: config.paymeApiTimeoutMs,
    });
  }
  if (!fakesAllowed(config)) return undefined;
  return paymeSubscribe({
    url: "internal:fake-payme",
    cashboxId: paymeMerchantId ?? merchant.id,
    key: paymeKey ?? "demo",
    timeoutMs: config.paymeApiTimeoutMs,
    fetch: fakePayme,
  });
}

/** The brand's Click Merchant API client, or undefined without credentials or an URL. */
export function clickMerchantClient(merchant: MerchantRow, config: Config): ClickMerchantClient | undefined {
  const { clickServiceId, clickSecretKey } = merchant;
  if (config.clickMerchantApiUrl) {
    if (!clickServiceId || !clickSecretKey || !merchant.clickMerchantUserId) return undefined;
    return clickMerchant({
      url: config.clickMerchantApiUrl,
      serviceId: clickServiceId,
      merchantUserId: merchant.clickMerchantUserId,
      secretKey: clickSecretKey,
      timeoutMs: config.paymeApiTimeoutMs,
    });
  }
  if (!fakesAllowed(config)) return undefined;
  // Demo brands may lack the merchant user id: the fake knows the brand by its own credentials.
  const userId = merchant.clickMerchantUserId ?? merchant.clickMerchantId ?? merchant.id;
  const secret = clickSecretKey ?? "demo";
  const fetch: ClickMerchantFetch = async (url, init) => {
    const answer = handleFakeClickMerchant(
      {
        method: init.method,
        path: url.replace(/^internal:fake-click\/?/, ""),
        headers: init.headers,
        body: init.body ?? "",
      },
      (id) => (id === userId ? secret : undefined),
    );
    return { status: answer.status, text: async () => answer.body };
  };
  return clickMerchant({
    url: "internal:fake-click",
    serviceId: clickServiceId ?? merchant.id,
    merchantUserId: userId,
    secretKey: secret,
    timeoutMs: config.paymeApiTimeoutMs,
    fetch,
  });
}

/** The brand's Uzum checkout API client (refunds), or undefined without credentials or an URL. */
export function uzumCheckoutClient(merchant: MerchantRow, config: Config) {
  const { uzumTerminalId, uzumApiKey } = merchant;
  if (config.uzumApiUrl) {
    if (!uzumTerminalId || !uzumApiKey) return undefined;
    return uzumCheckout({
      url: config.uzumApiUrl,
      terminalId: uzumTerminalId,
      apiKey: uzumApiKey,
      timeoutMs: config.paymeApiTimeoutMs,
    });
  }
  if (!fakesAllowed(config)) return undefined;
  const terminalId = uzumTerminalId ?? merchant.id;
  const apiKey = uzumApiKey ?? "demo";
  const fetch: UzumFetch = async (url, init) => {
    const answer = handleFakeUzumCheckout(
      { path: url.replace(/^internal:fake-uzum/, ""), headers: init.headers, body: init.body },
      (id) => (id === terminalId ? apiKey : undefined),
    );
    return { status: answer.status, text: async () => answer.body };
  };
  return uzumCheckout({
    url: "internal:fake-uzum",
    terminalId,
    apiKey,
    timeoutMs: config.paymeApiTimeoutMs,
    fetch,
  });
}

/** The Payme Subscribe API as the card provider (it also cancels receipts of Merchant API payments). */
export function paymeCardProvider(merchant: MerchantRow, config: Config): CardProvider | undefined {
  return paymeClient(merchant, config);
}

/**
 * The card provider `name` of the brand (its `card_provider` setting unless a card names its own):
 * undefined when the brand has no credentials for it.
 */
export function cardProviderFor(
  merchant: MerchantRow,
  config: Config,
  name: CardProviderName = merchant.cardProvider === "CLICK" ? "CLICK" : "PAYME",
): CardProvider | undefined {
  if (name === "PAYME") return paymeClient(merchant, config);
  const click = clickMerchantClient(merchant, config);
  return click ? clickCardProvider(click) : undefined;
}
