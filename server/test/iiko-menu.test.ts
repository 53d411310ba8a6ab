/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The menu in from iiko's nomenclature (issue 38): the owner previews what an import would change,
// imports it in one go, and the storefront sells what iiko sells, at iiko's prices, with iiko's
// modifiers and sizes. A second import of the same nomenclature changes nothing; a later one follows
// iiko's prices and options but keeps the texts and photos the owner set (iiko's picture fills only a
// product without one, and only from an origin the operator listed); what iiko drops is hidden
// and comes back with it. The fake iiko (server/src/fakes/fake-iiko.ts) answers `nomenclature` as
// iiko's Transport API does; an order of an imported sized dish reaches it with the size's id.
import { and, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { IikoMenuImport, IikoMenuPreview } from "#domain/contract/kitchen.ts";
import type { Overall } from "#domain/contract/menu.ts";
import { dropCaches } from "../src/db/cache-bus.ts";
import { auditLog, branches, merchants, paymentMethods, products, users } from "../src/db/schema/index.ts";
import { fakeIiko } from "../src/fakes/fake-iiko.ts";
import type { IikoNomenclature } from "../src/integrations/iiko.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { importDueMenus } from "../src/services/kitchen/iiko-menu.ts";
import { sendDueKitchenOrders } from "../src/services/kitchen/iiko-outbox.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed } from "./support/orders.ts";

const API_LOGIN = "test-menu-iiko-login";
const ORG = "0b7a3a8e-3333-4c2d-9a1e-5f0000000001";
const TERMINAL = "0b7a3a8e-3333-4c2d-9a1e-5f0000000002";

// iiko ids of the nomenclature below.
const ROLLS = "a1000000-0000-4000-8000-000000000001";
const DRINKS = "a1000000-0000-4000-8000-000000000002";
const ARCHIVE = "a1000000-0000-4000-8000-000000000003";
const SAUCES = "a1000000-0000-4000-8000-000000000004";
const CALIFORNIA = "b2000000-0000-4000-8000-000000000001";
const PIZZA = "b2000000-0000-4000-8000-000000000002";
const COLA = "b2000000-0000-4000-8000-000000000003";
const OLD_ROLL = "b2000000-0000-4000-8000-000000000004";
const DELIVERY_FEE = "b2000000-0000-4000-8000-000000000005";
const SPICY = "c3000000-0000-4000-8000-000000000001";
const UNAGI = "c3000000-0000-4000-8000-000000000002";
const SMALL = "d4000000-0000-4000-8000-000000000001";
const LARGE = "d4000000-0000-4000-8000-000000000002";

const price = (currentPrice: number) => [{ sizeId: null, price: { currentPrice, isIncludedInMenu: true } }];

/** A small restaurant's nomenclature as iiko answers it, with what an import must leave out. */
function nomenclature(): Omit<IikoNomenclature, "revision"> {
  return {
    groups: [
      { id: ROLLS, name: "Роллы", order: 0, isGroupModifier: false, isIncludedInMenu: true },
      { id: DRINKS, name: "Напитки", order: 1, isGroupModifier: false, isIncludedInMenu: true },
      {
        id: ARCHIVE,
        name: "Архив",
        order: 2,
        isGroupModifier: false,
        isIncludedInMenu: true,
        isDeleted: true,
      },
      { id: SAUCES, name: "Соус", isGroupModifier: true },
    ],
    products: [
      {
        id: CALIFORNIA,
        name: "Ролл Калифорния",
        description: "Краб, авокадо, огурец",
        parentGroup: ROLLS,
        type: "Dish",
        order: 0,
        sizePrices: price(45_000),
        imageLinks: ["https://images.iiko.example/california.jpg"],
        groupModifiers: [
          {
            id: SAUCES,
            minAmount: 0,
            maxAmount: 2,
            childModifiers: [
              { id: SPICY, minAmount: 0, maxAmount: 1 },
              { id: UNAGI, minAmount: 0, maxAmount: 1 },
            ],
          },
        ],
      },
      {
        id: PIZZA,
        name: "Пицца Маргарита",
        parentGroup: ROLLS,
        type: "Dish",
        order: 1,
        sizePrices: [
          { sizeId: SMALL, price: { currentPrice: 60_000, isIncludedInMenu: true } },
          { sizeId: LARGE, price: { currentPrice: 75_000, isIncludedInMenu: true } },
        ],
      },
      {
        id: COLA,
        name: "Кола 0,5",
        parentGroup: DRINKS,
        type: "Good",
        order: 0,
        sizePrices: price(12_000),
        // Not an origin the operator listed: never shown.
        imageLinks: ["https://elsewhere.example/cola.jpg"],
      },
      { id: OLD_ROLL, name: "Старый ролл", parentGroup: ARCHIVE, type: "Dish", sizePrices: price(30_000) },
      { id: DELIVERY_FEE, name: "Доставка", parentGroup: DRINKS, type: "Service", sizePrices: price(10_000) },
      { id: SPICY, name: "Спайси", type: "Modifier", sizePrices: price(3_000) },
      { id: UNAGI, name: "Унаги", type: "Modifier", sizePrices: price(4_000) },
    ],
    sizes: [
      { id: SMALL, name: "25 см", priority: 0 },
      { id: LARGE, name: "30 см", priority: 1 },
    ],
  };
}

let t: TestApp;
let lavash: string;
let chilonzor: string;
let owner: Record<string, string>;
let seq = 0;

async function person(role: "OWNER" | "MANAGER" | "OPERATOR" | null) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: lavash,
      phone: `+99894${String(3000000 + seq)}`,
      firstName: `Menu ${String(seq)}`,
      role: role ? "STAFF" : "CUSTOMER",
      brandRole: role,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { merchant: lavash, authorization: `Bearer ${token}` };
}

const staffCall = (headers: Record<string, string>, url: string, payload?: object) =>
  t.app.inject({
    method: "POST",
    url: `/api/staff/v1/kitchen/iiko/menu/${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });

async function preview(): Promise<IikoMenuPreview> {
  const res = await staffCall(owner, "preview");
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IikoMenuPreview>();
}

async function importNow(revision: string): Promise<IikoMenuImport> {
  const res = await staffCall(owner, "import", { revision });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<IikoMenuImport>();
}

async function storefront(): Promise<Overall> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/products/v1/overalls?type=WEB",
    headers: { merchant: lavash },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Overall>();
}

const sold = (menu: Overall, name: string) => menu.products.find((p) => p.name.ru === name);

async function importedRows(): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(products)
    .where(and(eq(products.merchantId, lavash), isNotNull(products.iikoImported)));
  return row!.n;
}

beforeAll(async () => {
  t = await createTestApp({ env: { KITCHEN_SWEEP_MS: "0", IMAGE_HOSTS: "https://images.iiko.example" } });
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  fakeIiko.addAccount(API_LOGIN, {
    organization: { id: ORG, name: "Lavash kitchen" },
    terminalGroups: [{ id: TERMINAL, name: "Chilonzor kitchen" }],
  });
  await t.db
    .update(merchants)
    .set({
      kitchenLogin: API_LOGIN,
      kitchenOrganizationId: ORG,
      kitchenWebhookToken: "menu-test-token-0123456789",
    })
    .where(eq(merchants.id, lavash));
  await t.db.update(branches).set({ iikoTerminalGroupId: TERMINAL }).where(eq(branches.id, chilonzor));
  await t.db
    .update(paymentMethods)
    .set({ iikoId: "09322f46-578a-d210-add7-eec222a08871" })
    .where(and(eq(paymentMethods.merchantId, lavash), eq(paymentMethods.type, "CASH")));
  dropCaches(["merchant", "menu"], lavash);
  owner = await person("OWNER");
});

beforeEach(() => {
  fakeIiko.mode = "up";
});

afterAll(async () => {
  await t.close();
});

describe("the menu in from iiko's nomenclature", () => {
  it("the preview lists what an import would add and changes nothing; the import puts it on sale at iiko's prices, with its modifiers and sizes", async () => {
    fakeIiko.setNomenclature(API_LOGIN, nomenclature());
    const seen = await preview();
    expect(seen.counts).toMatchObject({ create: 11, update: 0, hide: 0, show: 0 });
    expect(seen.changes).toContainEqual(
      expect.objectContaining({ entity: "category", action: "create", name: "Роллы" }),
    );
    expect(seen.changes).toContainEqual({
      entity: "product",
      action: "create",
      name: "Кола 0,5",
      fields: [{ field: "price", from: null, to: 12_000 }],
    });
    expect(seen.changes).toContainEqual(
      expect.objectContaining({ entity: "option", name: "30 см", within: "Пицца Маргарита" }),
    );
    // Neither the deleted folder's dish, nor a service, nor a modifier is a product.
    expect(seen.changes.map((c) => c.name)).not.toContain("Старый ролл");
    expect(seen.changes.map((c) => c.name)).not.toContain("Доставка");
    expect(sold(await storefront(), "Кола 0,5")).toBeUndefined();

    const done = await importNow(seen.revision);
    expect(done.counts).toEqual(seen.counts);
    const menu = await storefront();
    const california = sold(menu, "Ролл Калифорния")!;
    expect(california).toMatchObject({
      costPrice: 45_000,
      description: { ru: "Краб, авокадо, огурец" },
      // iiko's picture, shown from its listed origin (IMAGE_HOSTS); the drink's origin is not listed.
      image: "https://images.iiko.example/california.jpg",
    });
    expect(sold(menu, "Кола 0,5")?.image).toBeNull();
    expect(california.modificationGroups).toHaveLength(1);
    expect(california.modificationGroups[0]!.modifications.map((m) => [m.name.ru, m.price])).toEqual([
      ["Спайси", 3_000],
      ["Унаги", 4_000],
    ]);
    const pizza = sold(menu, "Пицца Маргарита")!;
    expect(pizza.costPrice).toBe(60_000);
    expect(pizza.modificationGroups[0]).toMatchObject({
      name: { ru: "Размер", uz: "O'lcham" },
      minSelect: 1,
    });
    expect(pizza.modificationGroups[0]!.modifications.map((m) => [m.name.ru, m.price])).toEqual([
      ["25 см", 0],
      ["30 см", 15_000],
    ]);
    expect(menu.categories.map((c) => c.name.ru)).toEqual(expect.arrayContaining(["Роллы", "Напитки"]));
  });

  it("a second import of the same nomenclature changes nothing", async () => {
    const before = await importedRows();
    const again = await preview();
    expect(again.counts).toMatchObject({ create: 0, update: 0, hide: 0, show: 0 });
    expect(again.changes).toEqual([]);
    await importNow(again.revision);
    expect(await importedRows()).toBe(before);
  });

  it("a later import follows iiko's prices and options, keeps the owner's own name and photo, hides what iiko dropped and shows it again when it is back", async () => {
    // The owner renamed the roll and gave it a photo in Savat.
    const photo = "/api/products/v1/pictures/00000000-0000-4000-8000-0000000000aa.webp";
    await t.db
      .update(products)
      .set({ name: { ru: "Калифорния (хит)", uz: "Kaliforniya" }, image: photo })
      .where(eq(products.iikoId, CALIFORNIA));
    const changed = nomenclature();
    const california = changed.products.find((p) => p.id === CALIFORNIA)!;
    california.name = "Ролл Калифорния с лососем";
    california.sizePrices = price(47_000);
    california.groupModifiers![0]!.childModifiers.pop();
    const pizza = changed.products.find((p) => p.id === PIZZA)!;
    pizza.description = "Томаты, моцарелла";
    changed.products = changed.products.filter((p) => p.id !== COLA);
    fakeIiko.setNomenclature(API_LOGIN, changed);

    const seen = await preview();
    expect(seen.changes).toEqual(
      expect.arrayContaining([
        {
          entity: "product",
          action: "update",
          name: "Ролл Калифорния с лососем",
          fields: [{ field: "price", from: 45_000, to: 47_000 }],
        },
        { entity: "option", action: "hide", name: "Унаги", within: "Ролл Калифорния с лососем", fields: [] },
        { entity: "product", action: "hide", name: "Кола 0,5", fields: [] },
        // Its folder holds nothing else iiko sells.
        { entity: "category", action: "hide", name: "Напитки", fields: [] },
        {
          entity: "product",
          action: "update",
          name: "Пицца Маргарита",
          fields: [{ field: "description", from: "", to: "Томаты, моцарелла" }],
        },
      ]),
    );
    await importNow(seen.revision);
    let menu = await storefront();
    const roll = menu.products.find((p) => p.name.uz === "Kaliforniya")!;
    expect(roll).toMatchObject({ name: { ru: "Калифорния (хит)" }, image: photo, costPrice: 47_000 });
    expect(roll.modificationGroups[0]!.modifications.map((m) => m.name.ru)).toEqual(["Спайси"]);
    expect(sold(menu, "Кола 0,5")).toBeUndefined();
    expect(sold(menu, "Пицца Маргарита")!.description).toMatchObject({ ru: "Томаты, моцарелла" });

    // The drink is on iiko's menu again.
    changed.products.push(nomenclature().products.find((p) => p.id === COLA)!);
    fakeIiko.setNomenclature(API_LOGIN, changed);
    const back = await preview();
    expect(back.changes).toEqual([
      { entity: "category", action: "show", name: "Напитки", fields: [] },
      { entity: "product", action: "show", name: "Кола 0,5", fields: [] },
    ]);
    await importNow(back.revision);
    menu = await storefront();
    expect(sold(menu, "Кола 0,5")).toMatchObject({ costPrice: 12_000 });
  });

  it("an import whose preview is out of date is refused, and writes nothing", async () => {
    const seen = await preview();
    const changed = nomenclature();
    changed.products.find((p) => p.id === COLA)!.sizePrices = price(13_000);
    fakeIiko.setNomenclature(API_LOGIN, changed);
    const res = await staffCall(owner, "import", { revision: seen.revision });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: "IIKO_MENU_CHANGED", description: { ru: expect.any(String) } });
    expect(sold(await storefront(), "Кола 0,5")).toMatchObject({ costPrice: 12_000 });
  });

  it("iiko away: the preview says so in the owner's language; an operator may not import at all", async () => {
    fakeIiko.mode = "down";
    const res = await staffCall(owner, "preview");
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: "IIKO_UNAVAILABLE" });
    fakeIiko.mode = "up";
    const operator = await person("OPERATOR");
    const refused = await staffCall(operator, "preview");
    expect(refused.statusCode).toBe(403);
    expect((await staffCall(await person("MANAGER"), "preview")).statusCode).toBe(200);
  });

  it("the schedule imports again for a brand that imported before: once, with two processes racing", async () => {
    const audits = async () => {
      const [row] = await t.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.merchantId, lavash), eq(auditLog.action, "iiko-import")));
      return row!.n;
    };
    const before = await audits();
    const deps = { db: t.db, config: t.config, standIns: t.app.standIns, log: () => undefined };
    const inSevenHours = new Date(Date.now() + 7 * 60 * 60_000);
    const runs = await Promise.all([importDueMenus(deps, inSevenHours), importDueMenus(deps, inSevenHours)]);
    expect(runs.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await audits()).toBe(before + 1);
    // The scheduled import took iiko's new price of the drink.
    expect(sold(await storefront(), "Кола 0,5")).toMatchObject({ costPrice: 13_000 });
    // Not due again an hour later.
    expect(await importDueMenus(deps, new Date(inSevenHours.getTime() + 60 * 60_000))).toBe(0);
  });

  it("an order of an imported dish in a size reaches iiko with that size's id", async () => {
    const pizza = (await storefront()).products.find((p) => p.name.ru === "Пицца Маргарита")!;
    const large = pizza.modificationGroups[0]!.modifications.find((m) => m.name.ru === "30 см")!;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: await person(null),
      payload: {
        serviceType: "PICK_UP",
        paymentType: "CASH",
        branchId: chilonzor,
        cartItems: [{ productId: pizza.id, count: 1, modifications: [{ id: large.id }] }],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { number } = res.json<{ number: number }>();
    await t.app.kitchen.idle();
    await sendDueKitchenOrders({
      db: t.db,
      config: t.config,
      standIns: t.app.standIns,
      log: () => undefined,
    });
    const sent = fakeIiko.createCalls(ORG).find((o) => o.externalNumber === String(number));
    expect(sent?.items).toEqual([
      expect.objectContaining({ productId: PIZZA, productSizeId: LARGE, amount: 1, price: 75_000 }),
    ]);
    expect(sent?.items[0]?.modifiers).toBeUndefined();
    expect(fakeIiko.ordersOf(ORG).some((o) => o.externalNumber === String(number))).toBe(true);
  });
});
