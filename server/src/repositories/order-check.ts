// The order check's one read (services/orders/check.ts): a prepared statement per shape of request
// that brings everything the check decides on in one round trip.
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import type { PaymentType, ServiceType } from "#domain/enums.ts";
import { paymentMethodType, type OrderChannel } from "#domain/offer.ts";
import type { Multilingual } from "#domain/multilingual.ts";
import {
  addresses,
  branchStops,
  cities,
  merchantWebSettings,
  modificationGroups,
  modifications,
  orders,
  orderSettings,
  productBranches,
  products,
  promos,
  serviceTypeSettings,
  users,
} from "../db/schema/index.ts";
import { rowFromJson } from "../db/json-rows.ts";
import type { Db } from "../db/types.ts";
import { paymentMethodsOn, serviceChannelSwitch } from "./merchants.ts";

export type ProductRow = typeof products.$inferSelect;
export type PromoRow = typeof promos.$inferSelect;
export type WebSettingsRow = typeof merchantWebSettings.$inferSelect;
export type OrderSettingsRow = typeof orderSettings.$inferSelect;
/** What loadForOrder found, for a brand that has web settings. */
export type LoadedOrderInput = NonNullable<Awaited<ReturnType<typeof loadForOrder>>>;

const EMPTY = sql`'[]'::jsonb`;

// The check's read is a prepared statement: built once per shape (channel, payment type, whether an
// address id, products and a promo code came) and database, with the request's values as
// placeholders, so Drizzle does not rebuild it and PostgreSQL plans it once per connection
// (docs/decisions.md, "Placing an order at half a bare insert").
const P = {
  merchantId: sql.placeholder("merchantId"),
  userId: sql.placeholder("userId"),
  addressId: sql.placeholder("addressId"),
  /** The basket's product ids joined by commas (uuids, validated by the request schema). */
  productIds: sql.placeholder("productIds"),
  promoCode: sql.placeholder("promoCode"),
};

/** The basket's products, each with its option groups (by priority) and their options, and the branches it is sold in. */
function productsJson(): SQL {
  const options = sql`coalesce((select jsonb_agg(to_jsonb(${modifications}.*)) from ${modifications} where ${modifications.groupId} = ${modificationGroups.id}), ${EMPTY})`;
  const groups = sql`coalesce((select jsonb_agg(jsonb_build_object('group', to_jsonb(${modificationGroups}.*), 'options', ${options}) order by ${modificationGroups.priority}) from ${modificationGroups} where ${modificationGroups.productId} = ${products.id}), ${EMPTY})`;
  const branches = sql`coalesce((select jsonb_agg(${productBranches.branchId}) from ${productBranches} where ${productBranches.productId} = ${products.id} and ${productBranches.isActive}), ${EMPTY})`;
  // The branch stop-list rows of the product and of its options (checked against the chosen branch).
  const ownOptions = sql`select ${modifications.id} from ${modifications} join ${modificationGroups} on ${modificationGroups.id} = ${modifications.groupId} where ${modificationGroups.productId} = ${products.id}`;
  const stops = sql`coalesce((select jsonb_agg(jsonb_build_object('branchId', ${branchStops.branchId}, 'productId', ${branchStops.productId}, 'modificationId', ${branchStops.modificationId})) from ${branchStops} where ${branchStops.merchantId} = ${P.merchantId} and (${branchStops.productId} = ${products.id} or ${branchStops.modificationId} in (${ownOptions}))), ${EMPTY})`;
  return sql`coalesce((select jsonb_agg(jsonb_build_object('product', to_jsonb(${products}.*), 'groups', ${groups}, 'branches', ${branches}, 'stops', ${stops})) from ${products} where ${products.merchantId} = ${P.merchantId} and ${products.id} = any(string_to_array(${P.productIds}::text, ',')::uuid[])), ${EMPTY})`;
}

/** The promo of a code with its uses: this customer's and everyone's (cancelled orders do not count). */
function promoJson(): SQL {
  const uses = (mine: boolean) =>
    sql`(select count(*) from ${orders} where ${and(
      eq(orders.merchantId, P.merchantId),
      eq(orders.promoId, promos.id),
      ne(orders.status, "CANCELED"),
      mine ? eq(orders.userId, P.userId) : undefined,
    )})`;
  return sql`(select jsonb_build_object('promo', to_jsonb(${promos}.*), 'mine', ${uses(true)}, 'all', ${uses(false)}) from ${promos} where ${promos.merchantId} = ${P.merchantId} and ${promos.code} = ${P.promoCode} limit 1)`;
}

interface LoadShape {
  channel: OrderChannel | "QR";
  paymentType: PaymentType;
  address: boolean;
  products: boolean;
  promo: boolean;
}

/** The check's read for one shape of request, prepared on `db`. */
function prepareLoad(db: Db, shape: LoadShape, name: string) {
  const method = paymentMethodsOn(db, {
    merchantId: P.merchantId,
    channel: shape.channel,
    type: paymentMethodType(shape.paymentType),
  });
  const saved = shape.address
    ? sql<boolean>`exists (${db
        .select({ id: addresses.id })
        .from(addresses)
        .where(
          and(
            eq(addresses.id, sql`${P.addressId}::uuid`),
            eq(addresses.merchantId, P.merchantId),
            eq(addresses.userId, P.userId),
          ),
        )})`
    : sql<boolean>`false`;
  // One row: the brand's web settings; a brand without them cannot take orders.
  return db
    .select({
      web: sql<Record<string, unknown>>`to_jsonb(${merchantWebSettings}.*)`,
      orderSettings: sql<
        Record<string, unknown>[]
      >`coalesce((select jsonb_agg(to_jsonb(${orderSettings}.*)) from ${orderSettings} where ${orderSettings.merchantId} = ${P.merchantId}), ${EMPTY})`,
      methodOn: sql<boolean>`exists (${method})`,
      // The service types the brand switched off for this channel (no row: on everywhere).
      servicesOff: sql<
        ServiceType[]
      >`coalesce((select jsonb_agg(${serviceTypeSettings.serviceType}) from ${serviceTypeSettings} where ${serviceTypeSettings.merchantId} = ${P.merchantId} and not ${serviceChannelSwitch(shape.channel)}), ${EMPTY})`,
      addressSaved: saved,
      // The brand's taximeter cities (few), so the check knows one without another round trip.
      taximeterCities: sql<
        LoadedRow["taximeterCities"]
      >`coalesce((select jsonb_agg(jsonb_build_object('id', ${cities.id}, 'comment', ${cities.taximeterComment})) from ${cities} where ${cities.merchantId} = ${P.merchantId} and ${cities.isTaximeter}), ${EMPTY})`,
      products: sql<LoadedRow["products"]>`${shape.products ? productsJson() : EMPTY}`,
      promo: sql<LoadedRow["promo"]>`${shape.promo ? promoJson() : sql`null::jsonb`}`,
      customer: sql<
        LoadedRow["customer"]
      >`(select jsonb_build_object('phone', ${users.phone}, 'cashback', ${users.cashback}) from ${users} where ${users.id} = ${P.userId} and ${users.merchantId} = ${P.merchantId})`,
    })
    .from(merchantWebSettings)
    .where(eq(merchantWebSettings.merchantId, P.merchantId))
    .prepare(name);
}
const loads = new WeakMap<Db, Map<string, ReturnType<typeof prepareLoad>>>();

type LoadedRow = {
  products: {
    product: Record<string, unknown>;
    groups: { group: Record<string, unknown>; options: Record<string, unknown>[] }[];
    branches: string[];
    stops: { branchId: string; productId: string | null; modificationId: string | null }[];
  }[];
  promo: { promo: Record<string, unknown>; mine: number | string; all: number | string } | null;
  taximeterCities: { id: string; comment: Multilingual | null }[];
  customer: { phone: string | null; cashback: number | string } | null;
};

/**
 * Everything the check reads, in one query: the brand's web settings and every order-settings row
 * (the brand's and its cities'), whether an active payment method of the type is on for the channel,
 * the service types switched off for the channel, the brand's taximeter cities,
 * whether the address id the client sent is one of the customer's saved addresses, the basket's
 * products with their options and branch links, the promo of the code with its uses, and the
 * customer's phone and balance.
 */
export async function loadForOrder(
  db: Db,
  q: {
    merchantId: string;
    userId: string;
    /** The channel of the customer's session, or the operator's. */
    channel: OrderChannel;
    paymentType: PaymentType;
    addressId: string | null;
    productIds: string[];
    promoCode: string | undefined;
    /** At a table the QR channel's payment settings decide. */
    atTable: boolean;
  },
) {
  const shape: LoadShape = {
    channel: q.atTable ? "QR" : q.channel,
    paymentType: q.paymentType,
    address: q.addressId !== null,
    products: q.productIds.length > 0,
    promo: Boolean(q.promoCode),
  };
  const name = `savat_order_check_${shape.channel}_${shape.paymentType}_${String(Number(shape.address))}${String(Number(shape.products))}${String(Number(shape.promo))}`;
  let perDb = loads.get(db);
  if (!perDb) {
    perDb = new Map();
    loads.set(db, perDb);
  }
  let load = perDb.get(name);
  if (!load) {
    load = prepareLoad(db, shape, name);
    perDb.set(name, load);
  }
  const [row] = await load.execute({
    merchantId: q.merchantId,
    userId: q.userId,
    addressId: q.addressId,
    productIds: q.productIds.join(","),
    promoCode: q.promoCode ?? null,
  });
  if (!row) return null;
  return {
    web: rowFromJson(merchantWebSettings, row.web),
    methodOn: row.methodOn,
    servicesOff: row.servicesOff,
    addressSaved: row.addressSaved,
    taximeterCities: row.taximeterCities,
    settings: row.orderSettings.map((o) => rowFromJson(orderSettings, o)),
    products: row.products.map((p) => ({
      ...rowFromJson(products, p.product),
      modificationGroups: p.groups.map((g) => ({
        ...rowFromJson(modificationGroups, g.group),
        modifications: g.options.map((o) => rowFromJson(modifications, o)),
      })),
      productBranches: p.branches.map((branchId) => ({ branchId })),
      stops: p.stops,
    })),
    promo: row.promo
      ? {
          row: rowFromJson(promos, row.promo.promo),
          mine: Number(row.promo.mine),
          all: Number(row.promo.all),
        }
      : null,
    customer: row.customer ? { phone: row.customer.phone, cashback: Number(row.customer.cashback) } : null,
  };
}
