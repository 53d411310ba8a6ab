// The server's check of an order request (issue 7): everything the checkout showed is decided again
// from the database with the shared rules; client-sent amounts are never read. Used by the quote and
// by placing (inside its transaction, so stock, promo use and cashback are read under the user lock).
import { and, asc, count, eq, inArray, isNull, ne, or } from "drizzle-orm";
import { apiErrorBody, type ApiErrorCode } from "../../../src/domain/api-errors.ts";
import type { z } from "zod";
import type { orderRequestSchema } from "../../../src/domain/contract/orders.ts";
import type { AuthChannel, PaymentType, ServiceType, WorkHourType } from "../../../src/domain/enums.ts";
import { distance, findRegion } from "../../../src/domain/geo.ts";
import { HOLIDAY, isOpenAt, workHoursOn, type WorkHoursEntry } from "../../../src/domain/hours.ts";
import { toMinor } from "../../../src/domain/money.ts";
import { localMoment } from "../../../src/domain/order-time.ts";
import {
  orderTotals,
  productsNet,
  promoProblem,
  cashbackEarned,
  type Totals,
} from "../../../src/domain/order-totals.ts";
import { UNIT_STEPS, type LineInput } from "../../../src/domain/pricing.ts";
import {
  branches,
  branchWorkHours,
  deliveryRegions,
  merchantWebSettings,
  modificationGroups,
  modifications,
  orders,
  orderSettings,
  paymentMethods,
  paymentMethodSettings,
  productBranches,
  products,
  promos,
} from "../db/schema/index.ts";
import type { OrderAddressSnapshot, OrderItemModification, OrderReceiver } from "../db/schema/orders.ts";
import type { Db } from "../db/types.ts";
import { AppError } from "../lib/errors.ts";
import type { MerchantRow } from "../repositories/merchants.ts";

export type BranchRow = typeof branches.$inferSelect;
type ProductRow = typeof products.$inferSelect;
type PromoRow = typeof promos.$inferSelect;
type WebSettingsRow = typeof merchantWebSettings.$inferSelect;

/** How far ahead a later order may be placed. */
const LATER_MAX_DAYS = 7;

/** A request parsed by orderRequestSchema (defaults applied). */
export type ParsedOrderRequest = z.output<typeof orderRequestSchema>;

export interface CheckContext {
  merchant: MerchantRow;
  userId: string;
  /** The customer's cashback balance, so'm. */
  cashbackBalance: number;
  /** The channel of the customer's session (decides product and payment availability). */
  channel: AuthChannel;
  later: boolean;
  now: Date;
}

export interface CheckedLine {
  product: ProductRow;
  count: number;
  modifications: OrderItemModification[];
  input: LineInput;
  priority: number;
}

export interface CheckedOrder {
  serviceType: ServiceType;
  paymentType: PaymentType;
  branch: BranchRow;
  address: OrderAddressSnapshot | null;
  deliveryTariffId: string | null;
  lines: CheckedLine[];
  promo: PromoRow | null;
  totals: Totals;
  cashbackEarned: number;
  atTime: Date | null;
  receiver: OrderReceiver | null;
  comment: string | null;
  courierComment: string | null;
  settings: typeof orderSettings.$inferSelect | null;
  cancelOrderActive: boolean;
  /** Products whose stock the order takes, with how much. */
  stockTaken: { productId: string; amount: number }[];
}

function fail(code: ApiErrorCode, detail?: string): never {
  if (!detail) throw new AppError(code);
  const d = apiErrorBody(code).description;
  throw new AppError(code, {
    uz: `${d.uz}: ${detail}`,
    ru: `${d.ru}: ${detail}`,
    eng: `${d.eng}: ${detail}`,
  });
}

function pick(name: { uz?: string; ru?: string; eng?: string } | null | undefined): string {
  return name?.eng ?? name?.ru ?? name?.uz ?? "";
}

function formatSum(amount: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(amount).replaceAll(",", " ");
}

const WORK_TYPE: Partial<Record<ServiceType, WorkHourType>> = {
  DELIVERY: "DELIVERY",
  PICK_UP: "PICK_UP",
  DINE_IN: "DINE_IN",
};

/** The branch's hours for a service type, falling back to its pickup hours, then to open/close every day. */
export async function branchHours(db: Db, branch: BranchRow, type: WorkHourType): Promise<WorkHoursEntry[]> {
  const rows = await db.select().from(branchWorkHours).where(eq(branchWorkHours.branchId, branch.id));
  const byType = new Map<WorkHourType, WorkHoursEntry>();
  for (const r of rows) {
    const entry = byType.get(r.type) ?? { type: r.type, hours: [] };
    (entry.hours as unknown as object[]).push({
      weekName: r.weekName,
      open: r.open,
      close: r.close,
      isDayOff: r.isDayOff,
    });
    byType.set(r.type, entry);
  }
  const own = byType.get(type) ?? byType.get("PICK_UP");
  if (own) return [{ type, hours: own.hours }];
  if (branch.open && branch.close) {
    const days = ["MONDAY", "TUESDAY", "WEDNESDAY", "THURSDAY", "FRIDAY", "SATURDAY", "SUNDAY"] as const;
    return [
      {
        type,
        hours: days.map((weekName) => ({
          weekName,
          open: branch.open,
          close: branch.close,
          isDayOff: false,
        })),
      },
    ];
  }
  return [];
}

function serviceEnabled(ws: WebSettingsRow, branch: BranchRow | null, type: ServiceType): boolean {
  switch (type) {
    case "DELIVERY":
      return ws.deliveryActive && (branch === null || branch.deliveryEnabled);
    case "PICK_UP":
      return ws.pickupActive && (branch === null || branch.pickupEnabled);
    case "DINE_IN":
      return ws.dineInActive && (branch === null || branch.dineInEnabled);
    default:
      return false;
  }
}

/** Payment types of this issue (cash and terminal); the online ones arrive with payments. */
const OFFLINE_PAYMENTS: readonly PaymentType[] = ["CASH", "TERMINAL"];

async function paymentEnabled(
  db: Db,
  merchantId: string,
  ws: WebSettingsRow,
  type: PaymentType,
  channel: AuthChannel,
) {
  if (!OFFLINE_PAYMENTS.includes(type)) return false;
  if (type === "CASH" && !ws.cashActive) return false;
  if (type === "TERMINAL" && !ws.terminalActive) return false;
  const channelColumn =
    channel === "TELEGRAM"
      ? paymentMethodSettings.botEnabled
      : channel === "WEB"
        ? paymentMethodSettings.webEnabled
        : paymentMethodSettings.appEnabled;
  const [row] = await db
    .select({ n: count() })
    .from(paymentMethods)
    .innerJoin(paymentMethodSettings, eq(paymentMethodSettings.paymentMethodId, paymentMethods.id))
    .where(
      and(
        eq(paymentMethods.merchantId, merchantId),
        eq(paymentMethods.type, type),
        eq(paymentMethodSettings.isActive, true),
        eq(channelColumn, true),
      ),
    );
  return (row?.n ?? 0) > 0;
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

export async function loadWebSettings(db: Db, merchantId: string): Promise<WebSettingsRow> {
  const [ws] = await db
    .select()
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, merchantId))
    .limit(1);
  if (!ws) fail("SERVICE_TYPE_UNAVAILABLE");
  return ws;
}

/** The order settings of a city (its own row, else the merchant's), or null when the merchant has none. */
export async function settingsFor(db: Db, merchantId: string, cityId: string | null) {
  const rows = await db
    .select()
    .from(orderSettings)
    .where(
      and(
        eq(orderSettings.merchantId, merchantId),
        cityId
          ? or(isNull(orderSettings.cityId), eq(orderSettings.cityId, cityId))
          : isNull(orderSettings.cityId),
      ),
    );
  return rows.find((r) => r.cityId !== null) ?? rows[0] ?? null;
}

async function chooseBranch(
  db: Db,
  ctx: CheckContext,
  req: ParsedOrderRequest,
  ws: WebSettingsRow,
  address: OrderAddressSnapshot | null,
): Promise<BranchRow> {
  const merchantId = ctx.merchant.id;
  if (req.branchId) {
    const [branch] = await db
      .select()
      .from(branches)
      .where(and(eq(branches.id, req.branchId), eq(branches.merchantId, merchantId)))
      .limit(1);
    if (!branch || !branch.isActive || branch.deleted) fail("BRANCH_UNAVAILABLE");
    if (!serviceEnabled(ws, branch, req.serviceType)) fail("BRANCH_UNAVAILABLE");
    return branch;
  }
  if (req.serviceType !== "DELIVERY" || !address) fail("BRANCH_UNAVAILABLE");
  // Delivery without a chosen branch: the nearest active delivering branch of the address's city.
  const candidates = (
    await db
      .select()
      .from(branches)
      .where(
        and(eq(branches.merchantId, merchantId), eq(branches.isActive, true), eq(branches.deleted, false)),
      )
  ).filter((b) => b.deliveryEnabled && (!address.cityId || !b.cityId || b.cityId === address.cityId));
  candidates.sort((a, b) => distance(a, address) - distance(b, address));
  const nearest = candidates[0];
  if (!nearest) fail("DELIVERY_UNAVAILABLE");
  return nearest;
}

function snapshotAddress(a: NonNullable<ParsedOrderRequest["address"]>): OrderAddressSnapshot {
  const text = (v: string | null | undefined) => (v === undefined || v === null || v === "" ? null : v);
  // A generated (client-side, unsaved) address id is dropped (spec section 4, submit step 4).
  const id = a.id && /^[0-9a-f-]{36}$/i.test(a.id) ? a.id : null;
  return {
    id,
    type: a.type ?? null,
    name: text(a.name),
    streetName: text(a.streetName),
    houseNumber: text(a.houseNumber),
    details: text(a.details),
    description: text(a.description) ?? text(a.name),
    comment: text(a.comment),
    latitude: a.latitude,
    longitude: a.longitude,
    cityId: a.cityId ?? null,
    floor: text(a.floor),
    office: text(a.office),
    entrance: text(a.entrance),
    domophone: text(a.domophone),
  };
}

async function checkLines(
  db: Db,
  ctx: CheckContext,
  req: ParsedOrderRequest,
  branch: BranchRow,
): Promise<{ lines: CheckedLine[]; stockTaken: { productId: string; amount: number }[] }> {
  const merchantId = ctx.merchant.id;
  if (req.cartItems.length === 0) fail("ORDER_EMPTY");
  const ids = [...new Set(req.cartItems.map((i) => i.productId))];
  const productRows = await db
    .select()
    .from(products)
    .where(and(eq(products.merchantId, merchantId), inArray(products.id, ids)));
  const byId = new Map(productRows.map((p) => [p.id, p]));
  const links = await db
    .select({ productId: productBranches.productId })
    .from(productBranches)
    .where(
      and(
        eq(productBranches.merchantId, merchantId),
        eq(productBranches.branchId, branch.id),
        eq(productBranches.isActive, true),
        inArray(productBranches.productId, ids),
      ),
    );
  const atBranch = new Set(links.map((l) => l.productId));
  const groups = await db
    .select()
    .from(modificationGroups)
    .where(and(eq(modificationGroups.merchantId, merchantId), inArray(modificationGroups.productId, ids)))
    .orderBy(asc(modificationGroups.priority));
  const groupIds = groups.map((g) => g.id);
  const mods =
    groupIds.length === 0
      ? []
      : await db
          .select()
          .from(modifications)
          .where(and(eq(modifications.merchantId, merchantId), inArray(modifications.groupId, groupIds)));
  const modById = new Map(mods.map((m) => [m.id, m]));

  const lines: CheckedLine[] = [];
  const taken = new Map<string, number>();
  req.cartItems.forEach((item, index) => {
    const product = byId.get(item.productId);
    const channelOk = product && (ctx.channel === "TELEGRAM" ? product.tgEnabled : product.webEnabled);
    if (
      !product ||
      !product.active ||
      !product.isAvailable ||
      !channelOk ||
      !atBranch.has(product.id) ||
      (req.serviceType === "DELIVERY" && !product.deliveryEnabled)
    ) {
      fail("PRODUCT_NOT_AVAILABLE", product ? pick(product.name) : item.productId);
    }
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
      const mod = modById.get(modId);
      const group = mod && groups.find((g) => g.id === mod.groupId && g.productId === product.id);
      if (!mod || !group || !mod.isActive) fail("MODIFICATION_INVALID", pick(product.name));
      perGroup.set(group.id, (perGroup.get(group.id) ?? 0) + n);
      snapshot.push({ id: mod.id, groupId: group.id, name: mod.name, price: mod.price, count: n });
      for (let i = 0; i < n; i++) priceEntries.push({ price: mod.price });
    }
    for (const g of groups.filter((x) => x.productId === product.id)) {
      const n = perGroup.get(g.id) ?? 0;
      if (n < g.minSelect || n > g.maxSelect)
        fail("MODIFICATION_INVALID", `${pick(product.name)} (${pick(g.name)})`);
    }
    taken.set(product.id, (taken.get(product.id) ?? 0) + item.count);
    lines.push({
      product,
      count: item.count,
      modifications: snapshot,
      input: {
        costPrice: product.costPrice,
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
      fail("STOCK_NOT_ENOUGH", `${pick(product.name)}, max ${String(Math.max(0, product.stock))}`);
    }
  }
  return {
    lines,
    stockTaken: [...taken]
      .filter(([id]) => byId.get(id)?.stock !== null)
      .map(([productId, amount]) => ({ productId, amount })),
  };
}

async function checkPromo(db: Db, ctx: CheckContext, code: string, productNet: number): Promise<PromoRow> {
  const merchantId = ctx.merchant.id;
  const [promo] = await db
    .select()
    .from(promos)
    .where(and(eq(promos.merchantId, merchantId), eq(promos.code, code.trim().toUpperCase())))
    .limit(1);
  if (!promo) fail("PROMO_NOT_FOUND");
  const problem = promoProblem(promo, ctx.now, productNet);
  if (problem === "PROMO_MIN_PRICE") {
    const d = apiErrorBody("PROMO_MIN_PRICE").description;
    const min = formatSum(promo.minPrice);
    throw new AppError("PROMO_MIN_PRICE", {
      uz: d.uz.replace("{minPrice}", min),
      ru: d.ru.replace("{minPrice}", min),
      eng: d.eng.replace("{minPrice}", min),
    });
  }
  if (problem) fail(problem);
  const [used] = await db
    .select({ n: count() })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.userId, ctx.userId),
        eq(orders.promoId, promo.id),
        ne(orders.status, "CANCELED"),
      ),
    );
  if ((used?.n ?? 0) > 0) fail("PROMO_ALREADY_USED");
  if (promo.usageLimit !== null) {
    const [all] = await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(eq(orders.merchantId, merchantId), eq(orders.promoId, promo.id), ne(orders.status, "CANCELED")),
      );
    if ((all?.n ?? 0) >= promo.usageLimit) fail("PROMO_NOT_ACTIVE");
  }
  return promo;
}

/** Decides an order from the request, or throws the first refusal as an AppError. */
export async function checkOrder(db: Db, ctx: CheckContext, req: ParsedOrderRequest): Promise<CheckedOrder> {
  const merchantId = ctx.merchant.id;
  const timeZone = ctx.merchant.timezone;
  const ws = await loadWebSettings(db, merchantId);
  const serviceType = req.serviceType;
  if (!serviceEnabled(ws, null, serviceType)) fail("SERVICE_TYPE_UNAVAILABLE");
  if (!(await paymentEnabled(db, merchantId, ws, req.paymentType, ctx.channel)))
    fail("PAYMENT_TYPE_UNAVAILABLE");

  let atTime: Date | null = null;
  if (ctx.later) {
    atTime = laterMoment(req, timeZone);
    const ahead = atTime ? atTime.getTime() - ctx.now.getTime() : -1;
    if (!atTime || ahead <= 0 || ahead > LATER_MAX_DAYS * 86_400_000) fail("AT_TIME_INVALID");
  }

  const address = serviceType === "DELIVERY" ? (req.address ? snapshotAddress(req.address) : null) : null;
  if (serviceType === "DELIVERY" && !address) fail("ADDRESS_REQUIRED");
  const branch = await chooseBranch(db, ctx, req, ws, address);

  const workType = WORK_TYPE[serviceType] ?? "PICK_UP";
  const hours = await branchHours(db, branch, workType);
  const moment = atTime ?? ctx.now;
  if (!isOpenAt(hours, workType, moment, timeZone)) {
    if (atTime) fail("AT_TIME_INVALID");
    fail(workHoursOn(hours, workType, moment, timeZone) === HOLIDAY ? "BRANCH_HOLIDAY" : "BRANCH_CLOSED");
  }

  let regionPrice = 0;
  let deliveryTariffId: string | null = null;
  if (address) {
    const regions = await db
      .select()
      .from(deliveryRegions)
      .where(eq(deliveryRegions.merchantId, merchantId))
      .orderBy(asc(deliveryRegions.priority), asc(deliveryRegions.createdDate));
    const region = findRegion(regions, address);
    if (region) {
      regionPrice = region.price;
      deliveryTariffId = region.id;
    } else if (ws.shouldValidateDeliveryArea) {
      fail("OUT_OF_ZONE");
    } else {
      regionPrice = branch.deliveryPrice;
    }
  }

  const { lines, stockTaken } = await checkLines(db, ctx, req, branch);
  const inputs = lines.map((l) => l.input);
  const net = productsNet(inputs);
  const settings = await settingsFor(db, merchantId, address?.cityId ?? branch.cityId);
  if (
    serviceType === "DELIVERY" &&
    settings &&
    settings.minOrderAmount > 0 &&
    net < toMinor(settings.minOrderAmount)
  ) {
    fail("MIN_ORDER_AMOUNT", formatSum(settings.minOrderAmount));
  }

  const code = req.promoCode?.trim();
  let promo: PromoRow | null = null;
  if (code) {
    if (!ws.promoActive) fail("PROMO_NOT_ACTIVE");
    promo = await checkPromo(db, ctx, code, net);
  }

  const cashbackRequested = ws.cashbackActive ? (req.cashback ?? 0) : 0;
  if (cashbackRequested > ctx.cashbackBalance) fail("CASHBACK_NOT_ENOUGH");

  const totals = orderTotals({
    lines: inputs,
    serviceType,
    regionDeliveryPrice: regionPrice,
    fees: {
      serviceFeeEnabled: settings?.serviceFeeEnabled ?? false,
      feeAmount: settings?.feeAmount ?? 0,
      feeFreeThreshold: settings?.feeFreeThreshold ?? null,
      minimalDeliveryPrice: settings?.minimalDeliveryPrice ?? 0,
    },
    promo,
    cashbackRequested,
    cashbackBalance: ctx.cashbackBalance,
    cashbackEnabled: ws.cashbackActive,
  });

  return {
    serviceType,
    paymentType: req.paymentType,
    branch,
    address,
    deliveryTariffId,
    lines,
    promo,
    totals,
    cashbackEarned: cashbackEarned(toMinor(totals.totalProductPrice), settings?.cashbackPercent ?? 0) / 100,
    atTime,
    receiver:
      ws.receiverActive && req.receiver ? { name: req.receiver.name, phone: req.receiver.phone } : null,
    comment: req.comment?.trim() || null,
    courierComment: serviceType === "DELIVERY" ? req.courierComment?.trim() || null : null,
    settings,
    cancelOrderActive: ws.cancelOrderActive,
    stockTaken,
  };
}
