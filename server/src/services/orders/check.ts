// The server's check of an order request: everything the checkout showed is decided again
// from the database with the shared rules; client-sent amounts are never read. Zones, branch hours,
// the closest branch and the delivery price come from the geography helpers
// (server/src/services/geo/coverage.ts), the same ones the tariff and branch calls answer with, so the
// checkout's numbers and the order check cannot disagree.
//
// Two phases: prepareOrder reads everything the check needs in one query (settings, payment method,
// saved address, products with their options and stock, the promo with its uses, the customer's
// balance and phone; branches, zones and hours come from the geography cache) and decides all but the
// promo and the cashback; finishOrder decides those from what was read, without the database. What
// can change between that read and the write (the key, the balance, the promo's uses, the stock) is
// checked again under locks by savat_place_order (service.ts).
import { apiErrorBody, type ApiErrorCode } from "#domain/api-errors.ts";
import { hasHouseNumber } from "#domain/address.ts";
import type { z } from "zod";
import type { orderRequestSchema } from "#domain/contract/orders.ts";
import type { Currency, PaymentType, ServiceType } from "#domain/enums.ts";
import { CURRENCY_NAMES, fromMinor, toMinor, type Minor } from "#domain/money.ts";
import { groupDigits } from "#domain/money-format.ts";
import { pickText } from "#domain/multilingual.ts";
import { brandFiscalGaps, productHasCodes } from "#domain/fiscal.ts";
import {
  branchTakesPayment,
  isOnlinePayment,
  paymentChannelOf,
  paymentMethodType,
  paymentOffered,
  serviceOffered,
  type OrderChannel,
} from "#domain/offer.ts";
import { localMoment } from "#domain/order-time.ts";
import {
  cashbackEarned,
  deliveryFee,
  orderTotals,
  productsNet,
  promoProblem,
  type Totals,
} from "#domain/order-totals.ts";
import { basketLimitGaps, defaultDeliveryTypeFor, orderSettingsOrDefaults } from "#domain/order-settings.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import type { DeliveryPriceSource } from "#domain/yandex-delivery.ts";
import { serviceUnitPrice, UNIT_STEPS, type LineInput } from "#domain/pricing.ts";
import {
  loadForOrder,
  type LoadedOrderInput,
  type OrderSettingsRow,
  type ProductRow,
  type PromoRow,
  type WebSettingsRow,
} from "../../repositories/order-check.ts";
import type {
  OrderAddressSnapshot,
  OrderItemModification,
  OrderReceiver,
} from "../../repositories/orders.ts";
import type { Db } from "../../db/types.ts";
import { AppError } from "../../lib/errors.ts";
import { listBranches, type BranchWithHours } from "../../repositories/geo.ts";
import {
  checkBranchOpen,
  findClosestBranch,
  findRegionForPoint,
  quoteDelivery,
  type ServiceKind,
} from "../geo/coverage.ts";
import { pickOrderSettings, type MerchantRow } from "../../repositories/merchants.ts";
import { checkOrderTable } from "../dine-in/tables.ts";
import { yandexDeliveryPrice } from "../delivery/yandex-price.ts";
import type { Outside } from "../stand-ins.ts";

export type BranchRow = BranchWithHours;

/** How far ahead a later order may be placed. */
const LATER_MAX_DAYS = 7;

/** A request parsed by orderRequestSchema (defaults applied). */
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

export interface CheckContext {
  merchant: MerchantRow;
  userId: string;
  /** The channel of the customer's session, or OPERATOR (decides product, payment and service availability). */
  channel: OrderChannel;
  later: boolean;
  now: Date;
  /** Where calls to outside systems go (Yandex Delivery's price); none: the zone tariff only. */
  outside?: Outside;
}

export interface CheckedLine {
  product: ProductRow;
  count: number;
  modifications: OrderItemModification[];
  input: LineInput;
  priority: number;
}

/** What prepareOrder decided: everything but the promo and the cashback. */
export interface PreparedOrder {
  serviceType: ServiceType;
  paymentType: PaymentType;
  branch: BranchRow;
  address: OrderAddressSnapshot | null;
  deliveryTariffId: string | null;
  /** The delivery price before any promo, so'm (0 unless delivering). */
  deliveryPrice: number;
  /** Where the delivery price came from: the zone tariff, Yandex Delivery, the tariff as Yandex's fallback, or the taximeter. */
  deliveryPriceSource: DeliveryPriceSource;
  /** In a taximeter city: the city's word on the fare (null when it has none). */
  taximeterComment: Multilingual | null;
  lines: CheckedLine[];
  /** The products after their own discounts. */
  net: Minor;
  atTime: Date | null;
  receiver: OrderReceiver | null;
  comment: string | null;
  courierComment: string | null;
  web: WebSettingsRow;
  settings: OrderSettingsRow | null;
  cancelOrderActive: boolean;
  /** Products whose stock the order takes, with how much (by product id: locks in one order). */
  stockTaken: { productId: string; amount: number }[];
  /** The table of an order placed at a table (dine-in by its QR code). */
  table: { id: string; hallId: string } | null;
  /** The promo of the request's code as read, with its uses (this customer's, everyone's). */
  promo: LoadedPromo | null;
  /** The customer's phone and cashback balance as read; null when the customer is not found. */
  customer: { phone: string | null; cashback: number } | null;
}

export interface LoadedPromo {
  row: PromoRow;
  mine: number;
  all: number;
}

export interface CheckedOrder extends Omit<PreparedOrder, "promo"> {
  promo: PromoRow | null;
  totals: Totals;
  cashbackEarned: number;
}

type Texts = { uz: string; ru: string; eng: string };

function fail(code: ApiErrorCode, detail?: string | Texts): never {
  if (!detail) throw new AppError(code);
  const d = apiErrorBody(code).description;
  const of = (lang: keyof Texts) => (typeof detail === "string" ? detail : detail[lang]);
  throw new AppError(code, {
    uz: `${d.uz}: ${of("uz")}`,
    ru: `${d.ru}: ${of("ru")}`,
    eng: `${d.eng}: ${of("eng")}`,
  });
}

type Names = { uz?: string; ru?: string; eng?: string } | null | undefined;

/**
 * A name in each message language, so a refusal names the product as the customer reads the menu
 * ("Лаваш с курицей" in Russian, not the English name): the language's own text, else the same
 * fallback the storefront uses.
 */
function pick(name: Names): Texts {
  return { uz: pickText(name, "uz"), ru: pickText(name, "ru"), eng: pickText(name, "eng") };
}

/** Each language's texts joined: "Lavash (Size)", "Lavash, max 3". */
function joined(a: Texts, b: Texts | string, format: (a: string, b: string) => string): Texts {
  const of = (lang: keyof Texts) => (typeof b === "string" ? b : b[lang]);
  return { uz: format(a.uz, of("uz")), ru: format(a.ru, of("ru")), eng: format(a.eng, of("eng")) };
}

/** An amount with the brand's currency in each message language: "30 000 сум", "30 000 so'm". */
function amountTexts(amount: number, currency: Currency): Texts {
  const sum = groupDigits(amount);
  const names = CURRENCY_NAMES[currency];
  return { uz: `${sum} ${names.uz}`, ru: `${sum} ${names.ru}`, eng: `${sum} ${names.eng}` };
}

/**
 * The brand's limits on an order's size: the minimum for delivery (a zone may ask more than the
 * brand: the larger holds), the fewest pieces for delivery and the largest order.
 */
function checkOrderSize(
  currency: Currency,
  settings: OrderSettingsRow | null,
  region: { minOrderAmount: number } | null | undefined,
  basket: { delivery: boolean; pieces: number; net: number },
): void {
  const minOrderAmount = Math.max(settings?.minOrderAmount ?? 0, region?.minOrderAmount ?? 0);
  if (basket.delivery && minOrderAmount > 0 && basket.net < toMinor(minOrderAmount)) {
    fail("MIN_ORDER_AMOUNT", amountTexts(minOrderAmount, currency));
  }
  const { piecesShort, overBy } = basketLimitGaps(orderSettingsOrDefaults(settings), basket);
  if (piecesShort > 0) {
    const fewest = String(settings?.minDeliveryProductCount ?? 0);
    fail("MIN_PRODUCT_COUNT", {
      uz: `yetkazib berish uchun kamida ${fewest} ta mahsulot`,
      ru: `для доставки нужно не меньше ${fewest} шт.`,
      eng: `delivery takes at least ${fewest} items`,
    });
  }
  if (overBy > 0 && settings?.maxOrderAmount) {
    const sum = amountTexts(settings.maxOrderAmount, currency);
    fail("MAX_ORDER_AMOUNT", {
      uz: `buyurtma ko'pi bilan ${sum.uz}`,
      ru: `заказ не больше ${sum.ru}`,
      eng: `an order comes to at most ${sum.eng}`,
    });
  }
}

function serviceKind(type: ServiceType): ServiceKind | null {
  return type === "DELIVERY" || type === "PICK_UP" || type === "DINE_IN" ? type : null;
}

/** The brand's switch (the shared rule) and an active payment method of the type for the channel. */
function paymentEnabled(
  ws: WebSettingsRow,
  type: PaymentType,
  methodOn: boolean,
  ctx: CheckContext,
  atTable: boolean,
): boolean {
  // The query answered whether the type's method is on for the order's channel: the shared rule
  // gets that channel's list as far as this type is concerned. At a table the QR channel decides.
  const channel = atTable ? "QR" : paymentChannelOf(ctx.channel);
  return paymentOffered(ws, type, { channel, methods: methodOn ? [paymentMethodType(type)] : [] });
}

/** The later order's moment: the merchant's local day and time (seconds zero), or deliveryAt. */
export function laterMoment(
  req: Pick<ParsedOrderRequest, "day" | "time" | "deliveryAt">,
  timeZone: string,
): Date | null {
  if (req.day && req.time) return localMoment(req.day, req.time, timeZone);
  if (req.deliveryAt) {
    const at = new Date(req.deliveryAt);
    at.setUTCSeconds(0, 0);
    return at;
  }
  return null;
}

/**
 * The branch that serves the order at `moment`: the chosen one (found, active, offering the service,
 * open), or for a delivery without one the closest open delivering branch (geography's rule).
 */
async function chooseBranch(
  db: Db,
  ctx: CheckContext,
  req: ParsedOrderRequest,
  type: ServiceKind,
  address: OrderAddressSnapshot | null,
  moment: Date,
  later: boolean,
): Promise<BranchRow> {
  const merchantId = ctx.merchant.id;
  const timeZone = ctx.merchant.timezone;
  if (req.branchId) {
    const check = await checkBranchOpen(db, {
      merchantId,
      branchId: req.branchId,
      type,
      at: moment,
      timeZone,
    });
    if (check.ok) return check.branch;
    if (check.reason === "holiday" || check.reason === "closed") {
      if (later) fail("AT_TIME_INVALID");
      fail(check.reason === "holiday" ? "BRANCH_HOLIDAY" : "BRANCH_CLOSED");
    }
    fail("BRANCH_UNAVAILABLE");
  }
  if (type !== "DELIVERY" || !address) fail("BRANCH_UNAVAILABLE");
  const closest = await findClosestBranch(db, {
    merchantId,
    type,
    at: moment,
    timeZone,
    latitude: address.latitude,
    longitude: address.longitude,
  });
  if (closest) return closest;
  // None open: say whether the brand delivers at all, or only not at this moment.
  const delivering = (await listBranches(db, { merchantId })).some((b) => b.isActive && b.deliveryEnabled);
  if (!delivering) fail("DELIVERY_UNAVAILABLE");
  fail(later ? "AT_TIME_INVALID" : "BRANCH_CLOSED");
}

/** A uuid-shaped id, else null (a generated, client-side address id is not one). */
function uuidOrNull(id: string | null | undefined): string | null {
  return id && /^[0-9a-f-]{36}$/i.test(id) ? id : null;
}

/**
 * The order's copy of the address. `savedId` is the sent id only when it names one of the caller's
 * saved addresses: a generated (unsaved) id names no row, so it is dropped, and so is anyone else's
 * (an order must not point at another customer's address).
 */
function snapshotAddress(
  a: NonNullable<ParsedOrderRequest["address"]>,
  savedId: string | null,
  cityId: string | null,
): OrderAddressSnapshot {
  const text = (v: string | null | undefined) => (v === undefined || v === null || v === "" ? null : v);
  return {
    id: savedId,
    type: a.type ?? null,
    name: text(a.name),
    streetName: text(a.streetName),
    houseNumber: text(a.houseNumber),
    details: text(a.details),
    description: text(a.description) ?? text(a.name),
    comment: text(a.comment),
    latitude: a.latitude,
    longitude: a.longitude,
    cityId,
    floor: text(a.floor),
    office: text(a.office),
    entrance: text(a.entrance),
    domophone: text(a.domophone),
  };
}

type LoadedProduct = LoadedOrderInput["products"][number];

function checkLines(
  ctx: CheckContext,
  req: ParsedOrderRequest,
  branch: BranchRow,
  loaded: readonly LoadedProduct[],
): { lines: CheckedLine[]; stockTaken: { productId: string; amount: number }[] } {
  if (req.cartItems.length === 0) fail("ORDER_EMPTY");
  const byId = new Map(loaded.map((p) => [p.id, p]));
  const lines: CheckedLine[] = [];
  const taken = new Map<string, number>();
  req.cartItems.forEach((item, index) => {
    const loadedProduct = byId.get(item.productId);
    const channelOk =
      loadedProduct && (ctx.channel === "TELEGRAM" ? loadedProduct.tgEnabled : loadedProduct.webEnabled);
    // Its price on this service type (the shared rule); none: not sold on it (not for delivery).
    const unitPrice = loadedProduct ? serviceUnitPrice(loadedProduct, req.serviceType) : null;
    if (
      !loadedProduct ||
      unitPrice === null ||
      !loadedProduct.active ||
      !loadedProduct.isAvailable ||
      !channelOk ||
      !loadedProduct.productBranches.some((l) => l.branchId === branch.id) ||
      loadedProduct.stops.some((s) => s.branchId === branch.id && s.productId === loadedProduct.id)
    ) {
      fail("PRODUCT_NOT_AVAILABLE", loadedProduct ? pick(loadedProduct.name) : item.productId);
    }
    const { modificationGroups: groups, productBranches: _links, stops, ...product } = loadedProduct;
    const stoppedMods = new Set(
      stops.filter((s) => s.branchId === branch.id && s.modificationId).map((s) => s.modificationId),
    );
    const step = UNIT_STEPS[product.unit];
    const milli = Math.round(item.count * 1000);
    if (
      item.count < step.min ||
      item.count > step.max ||
      Math.abs(milli - item.count * 1000) > 1e-6 ||
      (product.unit === "COUNT" && !Number.isInteger(item.count))
    ) {
      fail("QUANTITY_INVALID", pick(product.name));
    }
    // Modifications: each must be an active option of this product; each group within its min..max.
    const chosen = new Map<string, number>();
    for (const m of item.modifications) chosen.set(m.id, (chosen.get(m.id) ?? 0) + (m.count ?? 1));
    const perGroup = new Map<string, number>();
    const snapshot: OrderItemModification[] = [];
    const priceEntries: { price: number }[] = [];
    for (const [modId, n] of chosen) {
      let found: {
        group: (typeof groups)[number];
        mod: (typeof groups)[number]["modifications"][number];
      } | null = null;
      for (const group of groups) {
        const mod = group.modifications.find((m) => m.id === modId);
        if (mod) found = { group, mod };
      }
      if (!found || !found.mod.isActive) fail("MODIFICATION_INVALID", pick(product.name));
      // Stopped at the branch (the stop-list): named, so the customer knows what to take out.
      if (stoppedMods.has(found.mod.id))
        fail(
          "MODIFICATION_NOT_AVAILABLE",
          joined(pick(product.name), pick(found.mod.name), (p, m) => `${p} (${m})`),
        );
      const { group, mod } = found;
      perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + n);
      snapshot.push({ id: mod.id, groupId: group.id, name: mod.name, price: mod.price, count: n });
      for (let i = 0; i < n; i++) priceEntries.push({ price: mod.price });
    }
    for (const g of groups) {
      const n = perGroup.get(g.id) ?? 0;
      if (n < g.minSelect || n > g.maxSelect)
        fail(
          "MODIFICATION_INVALID",
          joined(pick(product.name), pick(g.name), (p, n) => `${p} (${n})`),
        );
    }
    taken.set(product.id, (taken.get(product.id) ?? 0) + item.count);
    lines.push({
      product,
      count: item.count,
      modifications: snapshot,
      input: {
        costPrice: unitPrice,
        discount: product.discount,
        count: item.count,
        unit: product.unit,
        modifications: priceEntries,
      },
      priority: index,
    });
  });
  for (const [productId, amount] of taken) {
    const product = byId.get(productId);
    if (product && product.stock !== null && amount > product.stock) {
      fail(
        "STOCK_NOT_ENOUGH",
        joined(pick(product.name), String(Math.max(0, product.stock)), (p, n) => `${p}, max ${n}`),
      );
    }
  }
  return {
    lines,
    stockTaken: [...taken]
      .filter(([id]) => byId.get(id)?.stock !== null)
      .map(([productId, amount]) => ({ productId, amount }))
      .sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0)),
  };
}

/** Yandex's price for the route as the brand charges it; TARIFF_FALLBACK when Yandex is silent for 2 s. */
async function yandexRoutePrice(
  ctx: CheckContext,
  q: {
    branch: Parameters<typeof yandexDeliveryPrice>[1]["from"] & { id: string };
    token: string;
    address: Parameters<typeof yandexDeliveryPrice>[1]["to"];
    lines: readonly { count: number }[];
    net: number;
    settings: Partial<Parameters<typeof deliveryFee>[3]> | null | undefined;
  },
): Promise<{ source: DeliveryPriceSource; price?: number } | null> {
  if (!ctx.outside) return null;
  const yandex = await yandexDeliveryPrice(ctx.outside, {
    token: q.token,
    branchId: q.branch.id,
    from: q.branch,
    to: q.address,
    itemCount: q.lines.reduce((n, l) => n + l.count, 0),
    now: ctx.now,
  });
  if (yandex === null) return { source: "TARIFF_FALLBACK" };
  const price = deliveryFee("DELIVERY", yandex, q.net, {
    feeFreeThreshold: q.settings?.feeFreeThreshold ?? null,
    minimalDeliveryPrice: q.settings?.minimalDeliveryPrice ?? 0,
  });
  return { source: "YANDEX", price: fromMinor(price) };
}

/**
 * An online payment is fiscalised by its provider: every product needs its codes and the brand its
 * tax id (and the codes of the delivery and the fee it charges), or the payment is refused here
 * rather than sent without a receipt (issue 40; the back office lists what lacks a code).
 */
function checkFiscalCodes(
  ctx: CheckContext,
  products: Parameters<typeof productHasCodes>[0][],
  charges: { delivery: boolean; serviceFee: boolean },
): void {
  const gaps = brandFiscalGaps(ctx.merchant.fiscal, charges);
  if (gaps.length > 0 || products.some((p) => !productHasCodes(p))) fail("FISCAL_CODES_MISSING");
}

/**
 * Reads what the check needs (one query) and decides everything but the promo and the cashback, or
 * throws the first refusal as an AppError. It runs outside any transaction: what may change before the
 * write is checked again under locks when the order is written.
 */
export async function prepareOrder(
  db: Db,
  ctx: CheckContext,
  req: ParsedOrderRequest,
): Promise<PreparedOrder> {
  const merchantId = ctx.merchant.id;
  const timeZone = ctx.merchant.timezone;
  const ids = [...new Set(req.cartItems.map((i) => i.productId))];
  const sentAddressId = req.address ? uuidOrNull(req.address.id) : null;
  const atTable = Boolean(req.tableId);
  const {
    web,
    methodOn,
    servicesOff,
    addressSaved,
    taximeterCities,
    settings: settingRows,
    products: loaded,
    promo,
    customer,
  } = (await loadForOrder(db, {
    merchantId: ctx.merchant.id,
    userId: ctx.userId,
    channel: ctx.channel,
    paymentType: req.paymentType,
    addressId: sentAddressId,
    productIds: ids,
    promoCode: req.promoCode?.trim().toUpperCase() || undefined,
    atTable,
  })) ?? fail("SERVICE_TYPE_UNAVAILABLE");
  const serviceType = req.serviceType;
  const kind = serviceKind(serviceType);
  // The brand's switch, and the channel's (at a table the QR code's): the read brought the types
  // switched off there.
  if (!kind || !serviceOffered(web, serviceType) || servicesOff.includes(serviceType))
    fail("SERVICE_TYPE_UNAVAILABLE");
  if (req.hallId && !req.tableId) fail("TABLE_INVALID");
  if (req.tableId && (kind !== "DINE_IN" || ctx.later)) fail("TABLE_INVALID");
  if (!paymentEnabled(web, req.paymentType, methodOn, ctx, atTable)) fail("PAYMENT_TYPE_UNAVAILABLE");

  let atTime: Date | null = null;
  if (ctx.later) {
    atTime = laterMoment(req, timeZone);
    const ahead = atTime ? atTime.getTime() - ctx.now.getTime() : -1;
    if (!atTime || ahead <= 0 || ahead > LATER_MAX_DAYS * 86_400_000) fail("AT_TIME_INVALID");
  }

  const sent = kind === "DELIVERY" ? req.address : undefined;
  if (kind === "DELIVERY" && !sent) fail("ADDRESS_REQUIRED");
  // The courier needs the building: the same rule the address form applies (src/domain/address.ts).
  if (sent && !hasHouseNumber(sent)) fail("HOUSE_NUMBER_REQUIRED");
  // The point decides the city (the region containing it): a sent city id could pick another city's
  // minimum order, threshold and cashback, so it is never read.
  const region = sent
    ? await findRegionForPoint(db, { merchantId, latitude: sent.latitude, longitude: sent.longitude })
    : undefined;
  const address = sent
    ? snapshotAddress(sent, addressSaved ? sentAddressId : null, region?.cityId ?? null)
    : null;
  // At a table the table names the branch: one sent must be the table's.
  const table = req.tableId
    ? await checkOrderTable(
        db,
        ctx.merchant,
        { tableId: req.tableId, hallId: req.hallId ?? null, branchId: req.branchId ?? null },
        ctx.now,
      )
    : null;
  const branch = await chooseBranch(
    db,
    ctx,
    table ? { ...req, branchId: table.branchId } : req,
    kind,
    address,
    atTime ?? ctx.now,
    atTime !== null,
  );
  // The branch's own list of the brand's methods (the back office's payment types per branch).
  if (!branchTakesPayment(branch.paymentTypes, req.paymentType)) fail("PAYMENT_TYPE_UNAVAILABLE");

  // The zone before the products, so an address outside every zone is named as such.
  if (address && !region && web.shouldValidateDeliveryArea) fail("OUT_OF_ZONE");

  const { lines, stockTaken } = checkLines(ctx, req, branch, loaded);
  const net = productsNet(lines.map((l) => l.input));
  const settings = pickOrderSettings(settingRows, region?.cityId ?? branch.cityId);
  if (isOnlinePayment(req.paymentType)) {
    checkFiscalCodes(
      ctx,
      loaded.filter((p) => ids.includes(p.id)),
      { delivery: kind === "DELIVERY", serviceFee: settings?.serviceFeeEnabled ?? false },
    );
  }
  checkOrderSize(ctx.merchant.currency, settings, region, {
    delivery: kind === "DELIVERY",
    pieces: lines.reduce((sum, l) => sum + l.input.count, 0),
    net,
  });

  // The delivery price is the tariff call's own answer for this point and these products; in a
  // taximeter city the courier's meter decides it, outside the total.
  const taximeter = address
    ? taximeterCities.find((c) => c.id === (region?.cityId ?? branch.cityId))
    : undefined;
  let deliveryPrice = 0;
  let deliveryTariffId: string | null = null;
  if (address && taximeter) {
    deliveryTariffId = region?.id ?? null;
  } else if (address) {
    const quote = await quoteDelivery(db, {
      merchantId,
      productPrice: fromMinor(net),
      latitude: address.latitude,
      longitude: address.longitude,
      orderSettingRows: settingRows,
    });
    if (quote.ok) {
      deliveryPrice = quote.price;
      deliveryTariffId = quote.region.id;
    } else if (web.shouldValidateDeliveryArea) {
      fail("OUT_OF_ZONE");
    } else {
      // A brand that serves outside its zones charges the branch's own delivery price there.
      deliveryPrice = branch.deliveryPrice;
    }
  }
  // A brand on Yandex Delivery charges Yandex's price for the route (with the brand's own free
  // threshold and minimum), or the zone's above when Yandex does not answer in 2 s.
  const yandex =
    address && !taximeter && branch.yandexToken && defaultDeliveryTypeFor(settings, ctx.channel) === "YANDEX"
      ? await yandexRoutePrice(ctx, { branch, token: branch.yandexToken, address, lines, net, settings })
      : null;
  const deliveryPriceSource: DeliveryPriceSource = taximeter ? "TAXIMETER" : (yandex?.source ?? "TARIFF");
  if (yandex?.price !== undefined) deliveryPrice = yandex.price;

  return {
    serviceType,
    paymentType: req.paymentType,
    branch,
    address,
    deliveryTariffId,
    deliveryPrice,
    deliveryPriceSource,
    taximeterComment: taximeter?.comment ?? null,
    lines,
    net,
    atTime,
    receiver:
      web.receiverActive && req.receiver ? { name: req.receiver.name, phone: req.receiver.phone } : null,
    comment: req.comment?.trim() || null,
    courierComment: kind === "DELIVERY" ? req.courierComment?.trim() || null : null,
    web,
    settings,
    cancelOrderActive: web.cancelOrderActive,
    stockTaken,
    table: table ? { id: table.id, hallId: table.hallId } : null,
    promo,
    customer,
  };
}

/** The promo of the code as read with its uses, or the refusal of it. */
function checkPromo(ctx: CheckContext, row: LoadedPromo | null, productNet: Minor): PromoRow {
  if (!row) fail("PROMO_NOT_FOUND");
  const promo = row.row;
  const problem = promoProblem(promo, ctx.now, productNet);
  if (problem === "PROMO_MIN_PRICE") {
    const d = apiErrorBody("PROMO_MIN_PRICE").description;
    const min = amountTexts(promo.minPrice, ctx.merchant.currency);
    throw new AppError("PROMO_MIN_PRICE", {
      uz: d.uz.replace("{minPrice}", min.uz),
      ru: d.ru.replace("{minPrice}", min.ru),
      eng: d.eng.replace("{minPrice}", min.eng),
    });
  }
  if (problem) fail(problem);
  // The customer's own uses (orders not cancelled) against the code's per-customer limit.
  if (promo.perCustomerLimit !== null && row.mine >= promo.perCustomerLimit) fail("PROMO_ALREADY_USED");
  if (promo.usageLimit !== null && row.all >= promo.usageLimit) fail("PROMO_USED_UP");
  return promo;
}

/**
 * The promo and the cashback of a prepared order, and its totals, from what prepareOrder read.
 * Placing checks the promo's uses and the balance again under locks (savat_place_order).
 */
export function finishOrder(
  ctx: CheckContext,
  prepared: PreparedOrder,
  req: ParsedOrderRequest,
  cashbackBalance: number,
): CheckedOrder {
  const { web, settings } = prepared;
  const code = req.promoCode?.trim();
  let promo: PromoRow | null = null;
  if (code) {
    if (!web.promoActive) fail("PROMO_NOT_ACTIVE");
    promo = checkPromo(ctx, prepared.promo, prepared.net);
  }

  const cashbackRequested = web.cashbackActive ? (req.cashback ?? 0) : 0;
  if (cashbackRequested > cashbackBalance) fail("CASHBACK_NOT_ENOUGH");

  const final = prepared.deliveryTariffId !== null || prepared.deliveryPriceSource === "TAXIMETER";
  const totals = orderTotals({
    lines: prepared.lines.map((l) => l.input),
    serviceType: prepared.serviceType,
    regionDeliveryPrice: prepared.deliveryPrice,
    fees: {
      serviceFeeEnabled: settings?.serviceFeeEnabled ?? false,
      feeAmount: settings?.feeAmount ?? 0,
      // The delivery price is final already (threshold and minimum applied by the tariff rule),
      // except for a brand serving outside its zones, where the same rule applies here.
      // A taximeter's fare is not the order's: nothing is added.
      feeFreeThreshold: final ? null : (settings?.feeFreeThreshold ?? null),
      minimalDeliveryPrice: final ? 0 : (settings?.minimalDeliveryPrice ?? 0),
    },
    promo,
    cashbackRequested,
    cashbackBalance,
    cashbackEnabled: web.cashbackActive,
  });

  return {
    ...prepared,
    promo,
    totals,
    cashbackEarned: cashbackEarned(toMinor(totals.totalProductPrice), settings?.cashbackPercent ?? 0) / 100,
  };
}

/** Decides an order from the request (both phases), or throws the first refusal as an AppError. */
export async function checkOrder(
  db: Db,
  ctx: CheckContext,
  req: ParsedOrderRequest,
  cashbackBalance: number,
): Promise<CheckedOrder> {
  return finishOrder(ctx, await prepareOrder(db, ctx, req), req, cashbackBalance);
}
