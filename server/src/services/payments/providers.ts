// Which outside API a brand's saved cards and refunds go to (docs/decisions.md, Saved cards and
// Refunds): the configured URL with the brand's credentials, or, in demo and development mode
// without a URL, the stand-in the wiring handed in (services/stand-ins.ts).
import { clickMerchant, type ClickMerchantClient } from "../../integrations/click-merchant.ts";
import { paymeSubscribe } from "../../integrations/payme-subscribe.ts";
import { uzumCheckout } from "../../integrations/uzum-checkout.ts";
import { uzumFiscal, type UzumFiscalClient } from "../../integrations/uzum-fiscal.ts";
import type { MerchantRow } from "../../repositories/merchants.ts";
import type { Outside } from "../stand-ins.ts";
import type { CardProvider } from "./card-provider.ts";
import { clickCardProvider } from "./click-cards.ts";

export type CardProviderName = "PAYME" | "CLICK";

/** The brand's Payme Subscribe API client, or undefined without credentials or an URL. */
function paymeClient(merchant: MerchantRow, { config, standIns }: Outside) {
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
  if (!standIns) return undefined;
  return paymeSubscribe({
    url: standIns.paymeSubscribe.url,
    cashboxId: paymeMerchantId ?? merchant.id,
    key: paymeKey ?? "demo",
    timeoutMs: config.paymeApiTimeoutMs,
    fetch: standIns.paymeSubscribe.fetch,
  });
}

/** The brand's Click Merchant API client, or undefined without credentials or an URL. */
export function clickMerchantClient(
  merchant: MerchantRow,
  { config, standIns }: Outside,
): ClickMerchantClient | undefined {
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
  if (!standIns) return undefined;
  // Demo brands may lack the merchant user id: the fake knows the brand by its own credentials.
  const userId = merchant.clickMerchantUserId ?? merchant.clickMerchantId ?? merchant.id;
  const secret = clickSecretKey ?? "demo";
  const standIn = standIns.clickMerchant(userId, secret);
  return clickMerchant({
    url: standIn.url,
    serviceId: clickServiceId ?? merchant.id,
    merchantUserId: userId,
    secretKey: secret,
    timeoutMs: config.paymeApiTimeoutMs,
    fetch: standIn.fetch,
  });
}

/** The brand's Uzum checkout API client (refunds), or undefined without credentials or an URL. */
export function uzumCheckoutClient(merchant: MerchantRow, { config, standIns }: Outside) {
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
  if (!standIns) return undefined;
  const terminalId = uzumTerminalId ?? merchant.id;
  const apiKey = uzumApiKey ?? "demo";
  const standIn = standIns.uzumCheckout(terminalId, apiKey);
  return uzumCheckout({
    url: standIn.url,
    terminalId,
    apiKey,
    timeoutMs: config.paymeApiTimeoutMs,
    fetch: standIn.fetch,
  });
}

/** The brand's client of Uzum's fiscalization API (receipts of Uzum payments), or undefined without a key or URL. */
export function uzumFiscalClient(
  merchant: MerchantRow,
  { config, standIns }: Outside,
): UzumFiscalClient | undefined {
  const { uzumFiscalApiKey } = merchant;
  if (config.uzumFiscalUrl) {
    if (!uzumFiscalApiKey) return undefined;
    return uzumFiscal({
      url: config.uzumFiscalUrl,
      apiKey: uzumFiscalApiKey,
      timeoutMs: config.paymeApiTimeoutMs,
    });
  }
  if (!standIns) return undefined;
  const apiKey = uzumFiscalApiKey ?? "demo";
  const standIn = standIns.uzumFiscal(apiKey);
  return uzumFiscal({ url: standIn.url, apiKey, timeoutMs: config.paymeApiTimeoutMs, fetch: standIn.fetch });
}

/** The Payme Subscribe API as the card provider (it also cancels receipts of Merchant API payments). */
export function paymeCardProvider(merchant: MerchantRow, outside: Outside): CardProvider | undefined {
  return paymeClient(merchant, outside);
}

/**
 * The card provider `name` of the brand (its `card_provider` setting unless a card names its own):
 * undefined when the brand has no credentials for it.
 */
export function cardProviderFor(
  merchant: MerchantRow,
  outside: Outside,
  name: CardProviderName = merchant.cardProvider === "CLICK" ? "CLICK" : "PAYME",
): CardProvider | undefined {
  if (name === "PAYME") return paymeClient(merchant, outside);
  const click = clickMerchantClient(merchant, outside);
  return click ? clickCardProvider(click) : undefined;
}
