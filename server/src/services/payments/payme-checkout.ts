// Payme's GET checkout link: `<checkout url>/` + base64("m=<merchant id>;ac.order_id=<order>;a=<tiyin>;c=<return url>")
// (Payme's "Sending a check via GET" format: `;`-separated key=value pairs). The fake checkout of the
// demo reads the same link back.

export interface PaymeCheckoutLink {
  /** The brand's Payme merchant id. */
  merchantId: string;
  orderId: string;
  /** Tiyin (so'm x 100). */
  amount: number;
  /** Where Payme sends the customer back. */
  returnUrl: string;
}

export function encodePaymeCheckout(link: PaymeCheckoutLink): string {
  const text = `m=${link.merchantId};ac.order_id=${link.orderId};a=${String(link.amount)};c=${link.returnUrl}`;
  return Buffer.from(text, "utf8").toString("base64");
}

/** The link's parameters, or undefined when the text is not a checkout link this server made. */
export function decodePaymeCheckout(encoded: string): PaymeCheckoutLink | undefined {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(encoded) || encoded.length > 4096) return undefined;
  const text = Buffer.from(encoded, "base64").toString("utf8");
  const fields = new Map<string, string>();
  // The return URL is last and may itself hold `;`: everything after `c=` belongs to it.
  const at = text.indexOf(";c=");
  const head = at < 0 ? text : text.slice(0, at);
  for (const pair of head.split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0) fields.set(pair.slice(0, eq), pair.slice(eq + 1));
  }
  const merchantId = fields.get("m");
  const orderId = fields.get("ac.order_id");
  const amount = fields.get("a");
  const returnUrl = at < 0 ? undefined : text.slice(at + 3);
  if (!merchantId || !orderId || !amount || !/^\d{1,15}$/.test(amount) || !returnUrl) return undefined;
  if (!URL.canParse(returnUrl) || !/^https?:$/.test(new URL(returnUrl).protocol)) return undefined;
  return { merchantId, orderId, amount: Number(amount), returnUrl };
}
