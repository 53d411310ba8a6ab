/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The back office's menu builder (issue 36): an owner builds a category with a product and a modifier
// group and puts it first; the storefront's menu shows it at once. Deleting keeps orders' history,
// two people editing the same thing get a conflict instead of a silent overwrite, bad input is named
// at its field, and only the brand's owner or an unbound manager may build.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Overall } from "#domain/contract/menu.ts";
import type { EditorCategory, EditorModifierGroup } from "#domain/contract/back-office-menu.ts";
import type { EditorProduct } from "#domain/contract/back-office.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { branches, products, staffBranches, users } from "../src/db/schema/index.ts";
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
      phone: `+99895${String(1000000 + seq)}`,
      firstName: "Aziza",
      lastName: `Owner ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { headers: { merchant, authorization: `Bearer ${token}` }, name: `Aziza Owner ${String(seq)}` };
}
type Staff = Awaited<ReturnType<typeof staff>>;

const call = (
  who: Staff,
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  url: string,
  payload?: object,
) =>
  t.app.inject({ method, url: `/api/staff/v1${url}`, headers: who.headers, ...(payload ? { payload } : {}) });

async function storefront(merchant: string): Promise<Overall> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/products/v1/overalls?type=WEB",
    headers: { merchant },
  });
  expect(res.statusCode).toBe(200);
  return res.json<Overall>();
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

describe("building the menu from the back office", () => {
  it("a category with a picture, a product in it with a modifier group, put first, is what the storefront shows at once", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const created = await call(owner, "POST", "/categories", {
      name: { ru: "  Новинки ", uz: "Yangiliklar" },
      image: "/api/products/v1/pictures/00000000-0000-4000-8000-000000000001.webp",
    });
    expect(created.statusCode).toBe(201);
    const category = created.json<EditorCategory>();
    expect(category).toMatchObject({
      name: { ru: "Новинки", uz: "Yangiliklar" },
      productCount: 0,
      version: 1,
    });

    const product = await call(owner, "POST", "/products", {
      categoryId: category.id,
      name: { ru: "Плов свадебный" },
      description: { ru: "С изюмом" },
      image: "/demo/plov/plov.svg",
      costPrice: 65000,
      discount: 10,
      mxicCode: "10202001001000000",
    });
    expect(product.statusCode).toBe(201);
    const dish = product.json<EditorProduct>();
    expect(dish).toMatchObject({
      categoryId: category.id,
      costPrice: 65000,
      discount: 10,
      image: "/demo/plov/plov.svg",
    });

    const group = await call(owner, "POST", `/products/${dish.id}/modifier-groups`, {
      name: { ru: "Порция" },
      minSelect: 1,
      maxSelect: 1,
      modifiers: [
        { name: { ru: "Обычная" }, price: 0 },
        { name: { ru: "Большая" }, price: 15000 },
      ],
    });
    expect(group.statusCode).toBe(201);
    const modifierGroup = group.json<EditorModifierGroup>();
    expect(modifierGroup.modifiers.map((m) => m.price)).toEqual([0, 15000]);

    const list = (await call(owner, "GET", "/categories")).json<EditorCategory[]>();
    const ordered = await call(owner, "PUT", "/categories/order", {
      ids: [category.id, ...list.filter((c) => c.id !== category.id).map((c) => c.id)],
    });
    expect(ordered.statusCode).toBe(200);
    expect(ordered.json<EditorCategory[]>()[0]!.id).toBe(category.id);

    const menu = await storefront(plov);
    expect(menu.categories[0]).toMatchObject({ id: category.id, image: category.image });
    const shown = menu.products.find((p) => p.id === dish.id)!;
    expect(shown).toMatchObject({ categoryId: category.id, costPrice: 65000, image: "/demo/plov/plov.svg" });
    expect(shown.modificationGroups[0]).toMatchObject({ minSelect: 1, name: { ru: "Порция" } });
    expect(shown.modificationGroups[0]!.modifications.map((m) => m.price)).toEqual([0, 15000]);

    const log = await call(owner, "GET", "/audit?entity=modifier-group");
    expect(log.json<{ entityId: string; by: string }[]>()[0]).toMatchObject({
      entityId: modifierGroup.id,
      by: owner.name,
    });
  });

  it("moves a product to another category, reorders a category's products, and deletes a product with its order history kept", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const a = (await call(owner, "POST", "/categories", { name: { ru: "Салаты" } })).json<EditorCategory>();
    const b = (await call(owner, "POST", "/categories", { name: { ru: "Супы" } })).json<EditorCategory>();
    const make = async (name: string) =>
      (
        await call(owner, "POST", "/products", { categoryId: a.id, name: { ru: name }, costPrice: 20000 })
      ).json<EditorProduct>();
    const first = await make("Ачичук");
    const second = await make("Оливье");
    expect(
      (await call(owner, "PUT", `/categories/${a.id}/products/order`, { ids: [second.id, first.id] }))
        .statusCode,
    ).toBe(200);
    let menu = await storefront(plov);
    const inA = menu.products.filter((p) => p.categoryId === a.id).map((p) => p.id);
    expect(inA).toEqual([second.id, first.id]);

    const moved = await call(owner, "PATCH", `/products/${first.id}`, {
      version: first.version,
      categoryId: b.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json<EditorProduct>().categoryId).toBe(b.id);

    expect((await call(owner, "DELETE", `/products/${second.id}`)).statusCode).toBe(200);
    menu = await storefront(plov);
    expect(menu.products.some((p) => p.id === second.id)).toBe(false);
    // The row stays for the orders that name it.
    const [kept] = await t.db.select().from(products).where(eq(products.id, second.id));
    expect(kept?.deletedDate).toBeInstanceOf(Date);
    const editorList = (await call(owner, "GET", "/products")).json<EditorProduct[]>();
    expect(editorList.some((p) => p.id === second.id)).toBe(false);
  });

  it("deleting a category deletes its products with it and says how many", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const c = (await call(owner, "POST", "/categories", { name: { ru: "Десерты" } })).json<EditorCategory>();
    await call(owner, "POST", "/products", { categoryId: c.id, name: { ru: "Чак-чак" }, costPrice: 12000 });
    await call(owner, "POST", "/products", { categoryId: c.id, name: { ru: "Халва" }, costPrice: 9000 });
    const res = await call(owner, "DELETE", `/categories/${c.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: c.id, deletedProducts: 2 });
    const categories = (await call(owner, "GET", "/categories")).json<EditorCategory[]>();
    expect(categories.some((x) => x.id === c.id)).toBe(false);
    expect((await storefront(plov)).categories.some((x) => x.id === c.id)).toBe(false);
  });

  it("refuses the second of two people saving the same category or modifier group, naming the first", async () => {
    const first = await staff(plov, { brandRole: "OWNER" });
    const second = await staff(plov, { brandRole: "MANAGER" });
    const c = (await call(first, "POST", "/categories", { name: { ru: "Напитки" } })).json<EditorCategory>();
    expect(
      (await call(first, "PUT", `/categories/${c.id}`, { version: c.version, name: { ru: "Чай" } }))
        .statusCode,
    ).toBe(200);
    const late = await call(second, "PUT", `/categories/${c.id}`, {
      version: c.version,
      name: { ru: "Кофе" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string; description: { eng: string } }>()).toMatchObject({
      code: "EDIT_CONFLICT",
      description: { eng: expect.stringContaining(first.name) },
    });

    const p = (
      await call(first, "POST", "/products", { categoryId: c.id, name: { ru: "Чай" }, costPrice: 5000 })
    ).json<EditorProduct>();
    const g = (
      await call(first, "POST", `/products/${p.id}/modifier-groups`, {
        name: { ru: "Сахар" },
        minSelect: 0,
        maxSelect: 1,
        modifiers: [{ name: { ru: "С сахаром" } }],
      })
    ).json<EditorModifierGroup>();
    const body = {
      version: g.version,
      name: { ru: "Сахар" },
      minSelect: 0,
      maxSelect: 1,
      modifiers: g.modifiers,
    };
    expect(
      (
        await call(first, "PUT", `/modifier-groups/${g.id}`, {
          ...body,
          maxSelect: 2,
          modifiers: [...g.modifiers, { name: { ru: "Без сахара" }, price: 0 }],
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(second, "PUT", `/modifier-groups/${g.id}`, body)).statusCode).toBe(409);
  });

  it("names the wrong field of bad input", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const c = (await call(owner, "POST", "/categories", { name: { ru: "Хлеб" } })).json<EditorCategory>();
    const bad = async (url: string, payload: object, field: string) => {
      const res = await call(owner, "POST", url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ description: { eng: string } }>().description.eng).toContain(field);
    };
    await bad("/categories", { name: { ru: "  " } }, "body.name");
    await bad("/categories", { name: { ru: "Хлеб" }, image: "javascript:alert(1)" }, "body.image");
    await bad("/products", { categoryId: c.id, name: { ru: "Лепёшка" }, costPrice: 1.234 }, "body.costPrice");
    await bad(
      "/products",
      { categoryId: c.id, name: { ru: "Лепёшка" }, costPrice: 100, discount: 120 },
      "body.discount",
    );
    await bad(
      "/products",
      { categoryId: c.id, name: { ru: "Лепёшка" }, costPrice: 100, mxicCode: "12AB" },
      "body.mxicCode",
    );
    const p = (
      await call(owner, "POST", "/products", { categoryId: c.id, name: { ru: "Лепёшка" }, costPrice: 4000 })
    ).json<EditorProduct>();
    await bad(
      `/products/${p.id}/modifier-groups`,
      { name: { ru: "Размер" }, minSelect: 2, maxSelect: 1, modifiers: [{ name: { ru: "Малая" } }] },
      "body.minSelect",
    );
    await bad(
      `/products/${p.id}/modifier-groups`,
      { name: { ru: "Размер" }, minSelect: 0, maxSelect: 1, modifiers: [] },
      "body.modifiers",
    );
    // An order that leaves a category out is refused: none may be lost.
    const res = await call(owner, "PUT", "/categories/order", { ids: [c.id] });
    expect(res.statusCode).toBe(400);
  });

  it("is refused to a customer, an operator, a kitchen user, a manager bound to a branch and another brand's owner", async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
    const owner = await staff(plov, { brandRole: "OWNER" });
    const c = (await call(owner, "POST", "/categories", { name: { ru: "Гарниры" } })).json<EditorCategory>();
    for (const who of [
      await staff(plov, { role: "CUSTOMER" }),
      await staff(plov, { brandRole: "OPERATOR" }),
      await staff(plov, { brandRole: "KITCHEN" }),
      await staff(plov, { brandRole: "MANAGER", branch: branch!.id }),
    ]) {
      expect((await call(who, "POST", "/categories", { name: { ru: "Чужое" } })).statusCode).toBe(403);
      expect((await call(who, "DELETE", `/categories/${c.id}`)).statusCode).toBe(403);
      expect(
        (await call(who, "POST", "/products", { categoryId: c.id, name: { ru: "x" }, costPrice: 1 }))
          .statusCode,
      ).toBe(403);
    }
    // Another brand's owner, in their own brand, cannot reach this brand's rows.
    const other = await staff(lavash, { brandRole: "OWNER" });
    expect(
      (await call(other, "PUT", `/categories/${c.id}`, { version: 1, name: { ru: "Чужое" } })).statusCode,
    ).toBe(404);
    expect((await call(other, "DELETE", `/categories/${c.id}`)).statusCode).toBe(404);
    expect(
      (await call(other, "POST", "/products", { categoryId: c.id, name: { ru: "x" }, costPrice: 1 }))
        .statusCode,
    ).toBe(404);
  });
});

describe("the menu's groups from the back office", () => {
  it("a manager makes a group with colours, puts a category in it and the group first; the storefront shows the tab at once; deleting it leaves the category standing alone", async () => {
    const manager = await staff(plov, { brandRole: "MANAGER" });
    const made = await call(manager, "POST", "/menu-groups", {
      name: { ru: "Напитки", eng: "Drinks" },
      bgColor: "#FCE000",
      iconBgColor: "#000000",
    });
    expect(made.statusCode, made.body).toBe(201);
    const group = made.json<{ id: string; version: string; categoryCount: number }>();
    expect(group.categoryCount).toBe(0);
    const [category] = (await call(manager, "GET", "/categories")).json<EditorCategory[]>();
    const moved = await call(manager, "PUT", `/categories/${category!.id}`, {
      name: category!.name,
      image: category!.image,
      viewType: category!.viewType,
      isActive: category!.isActive,
      groupId: group.id,
      version: category!.version,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<EditorCategory>().groupId).toBe(group.id);
    const ids = (await call(manager, "GET", "/menu-groups")).json<{ id: string }[]>().map((g) => g.id);
    const order = await call(manager, "PUT", "/menu-groups/order", {
      ids: [group.id, ...ids.filter((i) => i !== group.id)],
    });
    expect(order.statusCode, order.body).toBe(200);
    const menu = await storefront(plov);
    expect(menu.groups[0]).toMatchObject({ id: group.id, name: { eng: "Drinks" }, bgColor: "#FCE000" });
    expect(menu.categories.find((c) => c.id === category!.id)?.groupId).toBe(group.id);

    // A second editor with the old version is refused; the change log names the group.
    const renamed = await call(manager, "PUT", `/menu-groups/${group.id}`, {
      name: { eng: "Cold drinks" },
      version: group.version,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const late = await call(manager, "PUT", `/menu-groups/${group.id}`, {
      name: { eng: "Hot drinks" },
      version: group.version,
    });
    expect(late.statusCode).toBe(409);
    const log = (await call(manager, "GET", "/audit?entity=menu-group")).json<
      { entityName: { eng?: string } | null; action: string }[]
    >();
    expect(log[0]).toMatchObject({ entityName: { eng: "Cold drinks" }, action: "update" });

    const gone = await call(manager, "DELETE", `/menu-groups/${group.id}`);
    expect(gone.json()).toMatchObject({ id: group.id, ungroupedCategories: 1 });
    const after = await storefront(plov);
    expect(after.groups.some((g) => g.id === group.id)).toBe(false);
    expect(after.categories.find((c) => c.id === category!.id)?.groupId).toBeNull();
  });

  it("refuses a kitchen user, a bound manager and another brand's group", async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, plov)).limit(1);
    for (const who of [
      await staff(plov, { brandRole: "KITCHEN" }),
      await staff(plov, { brandRole: "MANAGER", branch: branch!.id }),
      await staff(plov, { role: "CUSTOMER" }),
    ])
      expect((await call(who, "POST", "/menu-groups", { name: { eng: "Nope" } })).statusCode).toBe(403);
    const lavashOwner = await staff(lavash, { brandRole: "OWNER" });
    const lavashGroup = (
      await call(lavashOwner, "POST", "/menu-groups", { name: { eng: "Lavash only" } })
    ).json<{ id: string }>();
    const owner = await staff(plov, { brandRole: "OWNER" });
    const [category] = (await call(owner, "GET", "/categories")).json<EditorCategory[]>();
    const refused = await call(owner, "PUT", `/categories/${category!.id}`, {
      name: category!.name,
      groupId: lavashGroup.id,
      version: category!.version,
    });
    expect(refused.statusCode).toBe(400);
    expect(
      (
        await call(owner, "PUT", `/menu-groups/${lavashGroup.id}`, {
          name: { eng: "x" },
          version: new Date().toISOString(),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("a dish's groups of options", () => {
  it("are put in order, and another dish's are copied as the dish's own: the storefront shows both, and editing the copy leaves the original", async () => {
    const owner = await staff(plov, { brandRole: "OWNER" });
    const menu = await storefront(plov);
    const withOptions = menu.products.find((p) => p.modificationGroups.length > 0)!;
    const plain = menu.products.find((p) => p.modificationGroups.length === 0)!;
    const add = async (productId: string, name: string) =>
      (
        await call(owner, "POST", `/products/${productId}/modifier-groups`, {
          name: { eng: name },
          minSelect: 0,
          maxSelect: 1,
          modifiers: [{ name: { eng: `${name} option` }, price: 1000 }],
        })
      ).json<EditorModifierGroup>();
    await add(plain.id, "Sauce");
    await add(plain.id, "Bread");
    const before = (await call(owner, "GET", `/products/${plain.id}/modifier-groups`)).json<
      EditorModifierGroup[]
    >();
    expect(before.map((g) => g.name.eng)).toEqual(["Sauce", "Bread"]);
    const ordered = await call(owner, "PUT", `/products/${plain.id}/modifier-groups/order`, {
      ids: [before[1]!.id, before[0]!.id],
    });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(ordered.json<EditorModifierGroup[]>().map((g) => g.name.eng)).toEqual(["Bread", "Sauce"]);
    // An order that leaves a group out is refused.
    expect(
      (await call(owner, "PUT", `/products/${plain.id}/modifier-groups/order`, { ids: [before[0]!.id] }))
        .statusCode,
    ).toBe(400);
    const shown = (await storefront(plov)).products.find((p) => p.id === plain.id)!;
    expect(shown.modificationGroups.map((g) => (g.name as { eng?: string }).eng)).toEqual(["Bread", "Sauce"]);

    const copied = await call(owner, "POST", `/products/${withOptions.id}/modifier-groups/copy`, {
      fromProductId: plain.id,
    });
    expect(copied.statusCode, copied.body).toBe(200);
    const theirs = copied.json<EditorModifierGroup[]>();
    const copy = theirs.find((g) => g.name.eng === "Bread")!;
    expect(copy.productId).toBe(withOptions.id);
    expect(theirs.length).toBe(withOptions.modificationGroups.length + 2);
    await call(owner, "PUT", `/modifier-groups/${copy.id}`, {
      name: { eng: "Bread (copy)" },
      minSelect: 0,
      maxSelect: 1,
      modifiers: [{ id: copy.modifiers[0]!.id, name: { eng: "Bread option" }, price: 2000 }],
      version: copy.version,
    });
    const original = (await call(owner, "GET", `/products/${plain.id}/modifier-groups`)).json<
      EditorModifierGroup[]
    >();
    expect(original.map((g) => g.name.eng)).toEqual(["Bread", "Sauce"]);
    expect(original[0]!.modifiers[0]!.price).toBe(1000);
    // Another brand's dish is not a source.
    const lavashDish = (await storefront(lavash)).products[0]!;
    expect(
      (
        await call(owner, "POST", `/products/${withOptions.id}/modifier-groups/copy`, {
          fromProductId: lavashDish.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});
