// Phone orders (issue 42): an operator takes an order for a caller in the staff console. The caller
// is the brand's customer of the phone they call from (made, with the name the operator typed, when
// the brand has none); the order is the storefront's request, checked by the same rules on the
// OPERATOR channel (its payment methods' and service types' operator switches), placed as the
// customer's own (their status messages, their orders list) and marked as taken by phone: device
// OPERATOR, its first history entry naming the operator.
import type { PhoneCustomer } from "#domain/contract/phone-orders.ts";
import { isPaidOnReceipt } from "#domain/offer.ts";
import { parsePhone, phoneCountriesFor } from "#domain/phone.ts";
import type { Currency } from "#domain/enums.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { findOrCreatePhoneUser, findOrNamePhoneUser, findUserByPhone } from "../accounts/users.ts";
import { listAddresses, toAddress } from "../geo/places.ts";
import { listUserOrders } from "./lookup.ts";
import { placeOrder, quoteOrder, type PlaceContext } from "./service.ts";
import type { ParsedOrderRequest } from "./check.ts";

/** A quote for a caller the brand does not know yet is made for nobody: no balance, no promo uses. */
const NOBODY = "00000000-0000-0000-0000-000000000000";

/** How many of the caller's last orders the operator sees (to repeat one). */
const LAST_ORDERS = 5;

/** The phone as the brand stores it (E.164), or the refusal of one it does not take. */
export function callerPhone(phone: string, currency: Currency): string {
  const parsed = parsePhone(phone, { countries: phoneCountriesFor(currency) });
  if (!parsed.ok)
    throw new AppError(parsed.problem === "COUNTRY" ? "PHONE_COUNTRY_NOT_SERVED" : "PHONE_INVALID");
  return parsed.e164;
}

/** The brand's customer of a phone with their saved addresses and last orders. */
export async function findPhoneCustomer(
  db: Db,
  merchant: { id: string; currency: Currency },
  phone: string,
): Promise<PhoneCustomer> {
  const e164 = callerPhone(phone, merchant.currency);
  const user = await findUserByPhone(db, { merchantId: merchant.id, phone: e164 });
  if (!user) return { phone: e164, customer: null, addresses: [], lastOrders: [] };
  const [saved, orders] = await Promise.all([
    listAddresses(db, { merchantId: merchant.id, userId: user.id }),
    listUserOrders(db, {
      merchantId: merchant.id,
      userId: user.id,
      page: 0,
      size: LAST_ORDERS,
      onlyArchive: false,
    }),
  ]);
  return {
    phone: e164,
    customer: { id: user.id, firstName: user.firstName, lastName: user.lastName },
    addresses: saved.map(toAddress),
    lastOrders: orders.content,
  };
}

export type PhoneOrderContext = Omit<PlaceContext, "userId" | "channel" | "orderDevice" | "takenBy"> & {
  /** The operator taking the call. */
  operatorId: string;
};

/**
 * A phone order is paid when the food is handed over: nothing takes the caller to a provider's page
 * yet (a payment link by SMS would), so an online type is refused whatever the brand switched on.
 */
function checkPaidOnReceipt(req: ParsedOrderRequest): void {
  if (!isPaidOnReceipt(req.paymentType)) throw new AppError("PAYMENT_TYPE_UNAVAILABLE");
}

/** What the caller's order would cost, refused for the same reasons placing it would be. */
export async function quotePhoneOrder(
  db: Db,
  ctx: Omit<PhoneOrderContext, "idempotencyKey" | "events">,
  caller: { phone: string },
  req: ParsedOrderRequest,
) {
  checkPaidOnReceipt(req);
  const phone = callerPhone(caller.phone, ctx.merchant.currency);
  const user = await findUserByPhone(db, { merchantId: ctx.merchant.id, phone });
  return quoteOrder(db, { ...ctx, userId: user?.id ?? NOBODY, channel: "OPERATOR" }, req);
}

/** Places the caller's order as theirs, taken by the operator; the caller's account is made if new. */
export async function placePhoneOrder(
  db: Db,
  ctx: PhoneOrderContext,
  caller: { phone: string; name?: string | null | undefined },
  req: ParsedOrderRequest,
) {
  checkPaidOnReceipt(req);
  const merchantId = ctx.merchant.id;
  const phone = callerPhone(caller.phone, ctx.merchant.currency);
  const name = caller.name?.trim();
  const user = name
    ? await findOrNamePhoneUser(db, { merchantId, phone, name })
    : await findOrCreatePhoneUser(db, { merchantId, phone });
  const { operatorId, ...rest } = ctx;
  const placed = await placeOrder(
    db,
    { ...rest, userId: user.id, channel: "OPERATOR", orderDevice: "OPERATOR", takenBy: operatorId },
    req,
  );
  return { ...placed, userId: user.id };
}
