// Telegram Mini App rules both sides apply (spec sections 4, 5 and 9).

/** initData is valid only when longer than 10 characters. */
export const INIT_DATA_MIN_LENGTH = 11;

export function isUsableInitData(value: string | null | undefined): value is string {
  return typeof value === "string" && value.length >= INIT_DATA_MIN_LENGTH;
}

/** The start parameter that opens an order in the mini app (t.me/<bot>/<app>?startapp=order_<id>). */
export function orderStartParam(orderId: string): string {
  return `order_${orderId}`;
}

/** The order id of an `order_<id>` start parameter, or null. */
export function orderOfStartParam(startParam: string | null | undefined): string | null {
  return /^order_([0-9a-f-]{36})$/i.exec(startParam ?? "")?.[1] ?? null;
}

/**
 * The link that opens the brand's mini app with a start parameter, from the brand's bot link:
 * `https://t.me/<bot>` (the bot's main mini app) or `https://t.me/<bot>/<app>` (a named one). Null
 * when the link is neither, so nothing leads to a page that is not the brand's bot.
 */
export function miniAppStartLink(botLink: string | null | undefined, startParam: string): string | null {
  const match = /^https:\/\/t\.me\/([A-Za-z0-9_]{5,32})(\/[A-Za-z0-9_]{3,64})?\/?$/.exec(
    botLink?.trim() ?? "",
  );
  if (!match) return null;
  return `https://t.me/${match[1] ?? ""}${match[2] ?? ""}?startapp=${encodeURIComponent(startParam)}`;
}
