/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The back office's menu editor and audit log (issue 36): who may change the brand's menu (owner and
// manager, bound to no branch), a save reaching the storefront's menu at once, the second of two
// managers refused instead of overwriting the first, and the log of who changed what.
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRole } from "#domain/staff-scope.ts";
import type { EditorProduct } from "#domain/contract/back-office.ts";
import {
  branches,
  modificationGroups,
  products as productRows,
  staffBranches,
  users,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let seq = 0;

async function staff(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF" | "ADMIN"; brandRole?: BrandRole | null; branch?: string } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99893${String(1000000 + seq)}`,
      firstName: "Malika",
      lastName: `Manager ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return {
    merchant,
    headers: { merchant, authorization: `Bearer ${token}` },
    name: `Malika Manager ${String(seq)}`,
  };
}
type Staff = Awaited<ReturnType<typeof staff>>;

const products = (who: Staff) =>
  t.app.inject({ method: "GET", url: "/api/staff/v1/products", headers: who.headers });
const save = (who: Staff, product: EditorProduct, changes: Partial<EditorProduct> = {}) =>
  t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/products/${product.id}`,
    headers: who.headers,
    payload: {
      version: product.version,
      name: product.name,
      description: product.description,
      costPrice: product.costPrice,
      discount: product.discount,
      active: product.active,
      ...changes,
    },
  });

async function firstProduct(who: Staff): Promise<EditorProduct> {
  const res = await products(who);
  expect(res.statusCode).toBe(200);
  return res.json<EditorProduct[]>()[0]!;
}

/** The price the storefront's menu answers for a product. */
async function storefrontPrice(merchant: string, id: string): Promise<number | undefined> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/products/v1/overalls?type=WEB",
    headers: { merchant },
  });
  expect(res.statusCode).toBe(200);
  return findPrice(res.json(), id);
}

/** The costPrice of the object with this id anywhere in the menu's tree. */
function findPrice(node: unknown, id: string): number | undefined {
  if (Array.isArray(node)) {
    for (const item of node) {
      const found = findPrice(item, id);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (node === null || typeof node !== "object") return undefined;
  const record = node as Record<string, unknown>;
  if (record.id === id && typeof record.costPrice === "number") return record.costPrice;
  return findPrice(Object.values(record), id);
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

describe("who may edit the brand's menu", () => {
  it("an owner and an unbound manager may; a customer, an operator, a kitchen user, a bound manager and another brand's owner may not", async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
    const allowed = [
      await staff(lavash, { brandRole: "OWNER" }),
      await staff(lavash, { brandRole: "MANAGER" }),
    ];
    for (const who of allowed) expect((await products(who)).statusCode).toBe(200);
    const product = await firstProduct(allowed[0]!);

    const refused = [
      await staff(lavash, { role: "CUSTOMER" }),
      await staff(lavash, { brandRole: "OPERATOR" }),
      await staff(lavash, { brandRole: "KITCHEN" }),
      // Granted before roles existed: an operator, so nobody gained a right.
      await staff(lavash),
      await staff(lavash, { brandRole: "MANAGER", branch: branch!.id }),
    ];
    for (const who of refused) {
      const list = await products(who);
      expect(list.statusCode).toBe(403);
      const put = await save(who, product, { costPrice: 1 });
      expect(put.statusCode).toBe(403);
      expect(put.json()).toMatchObject({ status: 403 });
    }
    expect(refused.map(() => 0)).toHaveLength(5);
    const { code } = (await products(refused[1]!)).json<{ code: string }>();
    expect(code).toBe("BACK_OFFICE_FORBIDDEN");

    // Another brand's owner, with their own session, cannot reach lavash's product.
    const plovOwner = await staff(plov, { brandRole: "OWNER" });
    const foreign = await save(plovOwner, product, { costPrice: 1 });
    expect(foreign.statusCode).toBe(404);
    // Nothing changed.
    expect((await firstProduct(allowed[0]!)).costPrice).toBe(product.costPrice);
  });

  it("the console learns the caller's role and what they may open", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const kitchen = await staff(lavash, { brandRole: "KITCHEN" });
    const me = (who: Staff) => t.app.inject({ method: "GET", url: "/api/staff/v1/me", headers: who.headers });
    expect((await me(owner)).json()).toMatchObject({
      brandRole: "OWNER",
      manages: [
        "menu",
        "audit",
        "brand-file",
        "content",
        "places",
        "branches",
        "staff",
        "settings",
        "banners",
        "promos",
        "webhooks",
        "reports",
      ],
    });
    expect((await me(kitchen)).json()).toMatchObject({ brandRole: "KITCHEN", manages: [] });
  });
});

describe("saving a product", () => {
  it("a new price reaches the storefront's menu at once, and the log says who changed what", async () => {
    const manager = await staff(lavash, { brandRole: "MANAGER" });
    const product = await firstProduct(manager);
    const before = await storefrontPrice(lavash, product.id);
    expect(before).toBe(product.costPrice);

    const res = await save(manager, product, { costPrice: product.costPrice + 1000 });
    expect(res.statusCode).toBe(200);
    const saved = res.json<EditorProduct>();
    expect(saved).toMatchObject({ version: product.version + 1, costPrice: product.costPrice + 1000 });
    expect(saved.lastChangedBy).toBe(manager.name);
    expect(await storefrontPrice(lavash, product.id)).toBe(product.costPrice + 1000);

    const log = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/audit?entityId=${product.id}`,
      headers: manager.headers,
    });
    expect(log.statusCode).toBe(200);
    expect(log.json<unknown[]>()[0]).toMatchObject({
      by: manager.name,
      entity: "product",
      entityId: product.id,
      action: "update",
      before: { costPrice: product.costPrice },
      after: { costPrice: product.costPrice + 1000 },
    });
    // Only what changed is logged.
    expect(Object.keys(log.json<{ after: object }[]>()[0]!.after)).toEqual(["costPrice"]);
  });

  it("the second of two managers saving the same version is refused with who saved and when, and nothing of theirs is written", async () => {
    const first = await staff(lavash, { brandRole: "MANAGER" });
    const second = await staff(lavash, { brandRole: "OWNER" });
    const opened = (await products(first)).json<EditorProduct[]>()[1]!;
    expect((await save(first, opened, { discount: 10 })).statusCode).toBe(200);
    const late = await save(second, opened, { costPrice: 1 });
    expect(late.statusCode).toBe(409);
    const body = late.json<{ code: string; description: { eng: string; ru: string; uz: string } }>();
    expect(body.code).toBe("EDIT_CONFLICT");
    expect(body.description.eng).toMatch(new RegExp(`^Changed by ${first.name} at \\d\\d:\\d\\d: reload`));
    expect(body.description.ru).toContain(first.name);
    const now = (await products(first)).json<EditorProduct[]>().find((p) => p.id === opened.id)!;
    expect(now).toMatchObject({ discount: 10, costPrice: opened.costPrice, version: opened.version + 1 });
  });

  it("refuses a product with no name, a negative price and a discount over 100 at the field, and saves nothing", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const product = await firstProduct(owner);
    for (const changes of [{ name: { uz: " ", ru: "" } }, { costPrice: -1 }, { discount: 101 }]) {
      const res = await save(owner, product, changes);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: expect.any(String) as string });
    }
    expect((await firstProduct(owner)).version).toBe(product.version);
  });

  it("a hidden product leaves the storefront's menu and comes back when shown", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const product = (await products(owner)).json<EditorProduct[]>()[2]!;
    const hidden = await save(owner, product, { active: false });
    expect(hidden.statusCode).toBe(200);
    expect(await storefrontPrice(lavash, product.id)).toBeUndefined();
    expect((await save(owner, hidden.json<EditorProduct>(), { active: true })).statusCode).toBe(200);
    expect(await storefrontPrice(lavash, product.id)).toBe(product.costPrice);
  });
});

describe("a dish's services and channel prices", () => {
  /** A lavash dish without options, so an order of it needs nothing chosen. */
  async function plainDish(owner: Staff): Promise<EditorProduct> {
    const [row] = await t.db
      .select({ id: productRows.id })
      .from(productRows)
      .where(
        and(
          eq(productRows.merchantId, lavash),
          eq(productRows.deliveryEnabled, true),
          sql`${productRows.costPrice} >= 35000`,
          sql`not exists (select 1 from ${modificationGroups} g where g.product_id = ${productRows.id})`,
        ),
      )
      .limit(1);
    return (await products(owner)).json<EditorProduct[]>().find((p) => p.id === row!.id)!;
  }

  async function order(dish: EditorProduct, serviceType: string) {
    const customer = await staff(lavash, { role: "CUSTOMER" });
    const [branch] = await t.db
      .select()
      .from(branches)
      .where(and(eq(branches.merchantId, lavash), sql`${branches.name}->>'eng' like 'Chilonzor%'`));
    return t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: customer.headers,
      payload: {
        serviceType,
        paymentType: "CASH",
        cartItems: [{ productId: dish.id, count: 1, modifications: [] }],
        ...(serviceType === "DELIVERY"
          ? { address: { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 } }
          : {}),
        branchId: branch!.id,
      },
    });
  }

  it("a dish taken off delivery is refused for delivery and sold for pickup; its Express 24 price is kept and logged, not charged on the storefront", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const dish = await plainDish(owner);
    expect(dish).toMatchObject({ deliveryEnabled: true, enabledExpress: false, enabledEats: false });
    expect((await order(dish, "DELIVERY")).statusCode).toBe(201);

    const res = await save(owner, dish, {
      deliveryEnabled: false,
      expressPrice: dish.costPrice + 5000,
      enabledExpress: true,
      eatsPrice: 1.5,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<EditorProduct>()).toMatchObject({
      deliveryEnabled: false,
      expressPrice: dish.costPrice + 5000,
      enabledExpress: true,
      eatsPrice: 1.5,
      enabledEats: false,
    });
    const [entry] = (
      await t.app.inject({
        method: "GET",
        url: `/api/staff/v1/audit?entityId=${dish.id}`,
        headers: owner.headers,
      })
    ).json<{ before: object; after: object }[]>();
    expect(entry!.after).toEqual({
      deliveryEnabled: false,
      eatsPrice: 1.5,
      expressPrice: dish.costPrice + 5000,
      enabledExpress: true,
    });

    const delivery = await order(dish, "DELIVERY");
    expect(delivery.statusCode).toBe(400);
    expect(delivery.json()).toMatchObject({ code: "PRODUCT_NOT_AVAILABLE" });
    const pickup = await order(dish, "PICK_UP");
    expect(pickup.statusCode, pickup.body).toBe(201);
    expect(pickup.json()).toMatchObject({ totalProductPrice: dish.costPrice });
    // The storefront takes no Express 24 orders: the price is the channel's, not the storefront's.
    expect((await order(dish, "EXPRESS_24")).json()).toMatchObject({ code: "SERVICE_TYPE_UNAVAILABLE" });
    expect(await storefrontPrice(lavash, dish.id)).toBe(dish.costPrice);
  });

  it("refuses a channel switched on without its price, a negative one and one of 3 decimals, and saves nothing", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const dish = (await products(owner))
      .json<EditorProduct[]>()
      .find((p) => !p.enabledEats && p.eatsPrice === null)!;
    for (const changes of [
      { enabledEats: true, eatsPrice: null },
      // Switched on alone while the dish has no Yandex Eats price.
      { enabledEats: true },
      { expressPrice: -1 },
      { expressPrice: 1.234 },
    ]) {
      const res = await save(owner, dish, changes);
      expect(res.statusCode, JSON.stringify(changes)).toBe(400);
      expect(res.json<{ description: { eng: string } }>().description.eng).toMatch(/eatsPrice|expressPrice/);
    }
    expect((await products(owner)).json<EditorProduct[]>().find((p) => p.id === dish.id)!.version).toBe(
      dish.version,
    );
  });
});
