// The fiscal receipt of an order (issue 40, docs/decisions.md "Fiscal receipts"): built from the
// order's own amounts (what was paid) and the codes of its products and the brand, with the shared
// rules of src/domain/fiscal.ts. Payme takes it as the `detail` of CheckPerformTransaction and of
// receipts.create; Click as ofd_data/submit_items after the payment (fiscal-outbox.ts).
import {
  brandFiscalGaps,
  EMPTY_BRAND_FISCAL,
  fiscalReceipt,
  isMxikCode,
  isPackageCode,
  spread,
  type BrandFiscal,
  type FiscalReceipt,
  type FiscalSource,
} from "#domain/fiscal.ts";
import { toMinor } from "#domain/money.ts";
import { pickText } from "#domain/multilingual.ts";
import { linePrice } from "#domain/pricing.ts";
import type { Db } from "../../db/types.ts";
import type { ContentLanguage } from "#domain/enums.ts";
import { AppError } from "../../lib/errors.ts";
import {
  findOrderLinesForReceipt,
  findSaleReceiptUrls,
  takeReceiptSmsTurn,
} from "../../repositories/fiscal.ts";
import { findMerchantById } from "../../repositories/merchants.ts";
import { findOrder, type OrderRow } from "../../repositories/orders.ts";
import { botText } from "../bot/texts.ts";

/** Why no receipt can be made: a code went missing after the order was placed, or sums disagree. */
export class FiscalGap extends Error {
  override readonly name = "FiscalGap";
}

/** Receipt texts are in Uzbek, the language of the tax authority's receipts. */
const LANGUAGE = "uz" as const;
const DELIVERY_TITLE = "Yetkazib berish";
const SERVICE_TITLE = "Xizmat haqi";

type Order = Pick<
  OrderRow,
  | "id"
  | "merchantId"
  | "serviceType"
  | "productDiscount"
  | "totalProductDiscount"
  | "deliveryPrice"
  | "deliveryDiscount"
  | "servicePrice"
  | "cashback"
  | "totalPrice"
>;

/** The order's receipt and the brand's fiscal data; throws FiscalGap when it cannot be made. */
export async function orderReceipt(
  db: Db,
  order: Order,
): Promise<{ receipt: FiscalReceipt; brand: BrandFiscal & { taxId: string } }> {
  const merchant = await findMerchantById(db, order.merchantId);
  const brand = merchant?.fiscal ?? EMPTY_BRAND_FISCAL;
  const deliveryPrice = toMinor(order.deliveryPrice);
  const servicePrice = toMinor(order.servicePrice);
  if (brandFiscalGaps(brand, { delivery: deliveryPrice > 0, serviceFee: servicePrice > 0 }).length > 0)
    throw new FiscalGap("the brand's tax id or service codes are missing");
  const { lines, modificationCodes } = await findOrderLinesForReceipt(db, {
    merchantId: order.merchantId,
    orderId: order.id,
  });
  const sources: FiscalSource[] = [];
  for (const line of lines) {
    if (!isMxikCode(line.mxicCode) || !isPackageCode(line.packageCode))
      throw new FiscalGap("a product of the order has no MXIK or package code");
    const priced = linePrice({
      costPrice: line.costPrice,
      discount: line.discount,
      count: line.count,
      unit: line.unit,
      modifications: line.modifications,
    });
    const title = pickText(line.name, LANGUAGE);
    // A priced option with codes of its own is its own receipt line (pieces only: a weighed line's
    // price is rounded once for the whole line); any other option is part of the dish.
    const own =
      line.unit === "COUNT"
        ? line.modifications.flatMap((m) => {
            const codes = modificationCodes.get(m.id);
            return m.price > 0 && isMxikCode(codes?.mxicCode) && isPackageCode(codes.packageCode)
              ? [{ m, codes }]
              : [];
          })
        : [];
    const optionGross = own.map(({ m }) => toMinor(m.price) * line.count);
    const dishGross = priced.price - optionGross.reduce((s, g) => s + g, 0);
    const discounts = spread(priced.discount, [dishGross, ...optionGross]);
    sources.push({
      title,
      unit: line.unit,
      count: line.count,
      price: dishGross,
      ownDiscount: discounts[0] ?? 0,
      code: line.mxicCode,
      packageCode: line.packageCode,
      unitCode: line.unitCode,
      vatPercent: line.vatPercent,
    });
    own.forEach(({ m, codes }, i) => {
      sources.push({
        title: `${title}: ${pickText(m.name, LANGUAGE)}`,
        unit: "COUNT",
        count: line.count,
        price: optionGross[i] ?? 0,
        ownDiscount: discounts[i + 1] ?? 0,
        code: codes.mxicCode ?? "",
        packageCode: codes.packageCode ?? "",
        unitCode: null,
        vatPercent: line.vatPercent,
      });
    });
  }
  const receipt = fiscalReceipt({
    lines: sources,
    promoProductDiscount: toMinor(order.totalProductDiscount) - toMinor(order.productDiscount),
    delivery:
      deliveryPrice > 0
        ? { title: DELIVERY_TITLE, price: deliveryPrice, discount: toMinor(order.deliveryDiscount) }
        : null,
    service: servicePrice > 0 ? { title: SERVICE_TITLE, price: servicePrice } : null,
    cashback: toMinor(order.cashback),
    brand,
  });
  if (receipt.total !== toMinor(order.totalPrice))
    throw new FiscalGap("the receipt's lines do not add up to the order's total");
  return { receipt, brand: { ...brand, taxId: brand.taxId ?? "" } };
}

/** What texting a receipt needs from outside: the brand's SMS gateway (SmsGateway of integrations/sms). */
export interface ReceiptSms {
  send(message: { phone: string; text: string }): Promise<void>;
}

/**
 * "Send the receipt to my phone" (issue 40, spec sendCheque / sendChequePhone): the tax authority's
 * link of a paid order's receipt, by SMS to the phone the order named for its receipt, else the
 * customer's; at most once a minute per order. Answers the phone it went to, masked.
 */
export async function sendReceiptSms(
  db: Db,
  input: {
    merchantId: string;
    orderId: string;
    userId: string;
    userPhone: string | null;
    gateway: ReceiptSms;
    lang: ContentLanguage;
    now: Date;
  },
): Promise<{ phone: string }> {
  const order = await findOrder(db, {
    merchantId: input.merchantId,
    id: input.orderId,
    userId: input.userId,
  });
  if (!order) throw new AppError("NOT_FOUND");
  const url = order.isPaid
    ? (await findSaleReceiptUrls(db, { merchantId: input.merchantId, orderIds: [order.id] })).get(order.id)
    : undefined;
  if (!url) throw new AppError("FISCAL_RECEIPT_NOT_READY");
  const phone = order.sendChequePhone ?? input.userPhone;
  if (!phone) throw new AppError("FISCAL_RECEIPT_NOT_READY");
  if (!(await takeReceiptSmsTurn(db, { merchantId: input.merchantId, orderId: order.id, now: input.now })))
    throw new AppError("FISCAL_RECEIPT_SMS_TOO_SOON");
  try {
    await input.gateway.send({
      phone,
      text: botText("fiscalReceipt", input.lang, { number: String(order.number), url }),
    });
  } catch {
    throw new AppError("SMS_SEND_FAILED");
  }
  return { phone: `${phone.slice(0, 4)}*****${phone.slice(-4)}` };
}
