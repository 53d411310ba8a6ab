// Favourites through the API: each customer sees and changes only their own, at their own brand;
// guests get 401.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Favourite, Overall } from "#domain/contract/menu.ts";
import { grades, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;

interface Customer {
  id: string;
  token: string;
  merchant: string;
}

async function customer(merchant: string, name: string): Promise<Customer> {
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, firstName: name })
    .returning({ id: users.id });
  if (!user) throw new Error("no user");
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user.id, channel: "WEB" });
  return { id: user.id, token, merchant };
}

function call(
  who: Customer | null,
  method: "GET" | "POST" | "DELETE",
  url: string,
  payload?: object,
  merchant = who?.merchant ?? lavash,
) {
  return t.app.inject({
    method,
    url: `/api/products/v1/${url}`,
    headers: { merchant, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
}

async function productIds(merchant: string): Promise<string[]> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/products/v1/overalls?type=WEB",
    headers: { merchant },
  });
  return res.json<Overall>().products.map((p) => p.id);
}

let ana: Customer;
let bek: Customer;
let plovAna: Customer;
let lavashProducts: string[];

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  ana = await customer(lavash, "Ana");
  bek = await customer(lavash, "Bek");
  plovAna = await customer(plov, "Ana at plov");
  lavashProducts = await productIds(lavash);
});
afterAll(async () => {
  await t.close();
});

describe("favourites", () => {
  it("asks guests to log in", async () => {
    expect((await call(null, "GET", "favourite/all")).statusCode).toBe(401);
    expect((await call(null, "POST", "favourite", { productId: lavashProducts[0] })).statusCode).toBe(401);
  });

  it("adds, lists and removes a customer's own favourites", async () => {
    const [first, second] = lavashProducts;
    const added = await call(ana, "POST", "favourite", { productId: first, isFavourite: true });
    expect(added.statusCode).toBe(200);
    expect(added.json<Favourite>()).toMatchObject({ productId: first, userId: ana.id, isFavourite: true });
    expect(added.json<Favourite>().product.name.eng).toBeTruthy();
    // Adding twice keeps one favourite.
    expect((await call(ana, "POST", "favourite", { productId: first })).statusCode).toBe(200);
    await call(ana, "POST", "favourite", { productId: second });
    const list = (await call(ana, "GET", `favourite/all?userId=${ana.id}&isFavourite=true`)).json<
      Favourite[]
    >();
    expect(list.map((f) => f.productId).sort()).toEqual([first, second].sort());

    const byFavouriteId = list.find((f) => f.productId === second);
    expect((await call(ana, "DELETE", `favourite/${byFavouriteId?.id}`)).statusCode).toBe(200);
    // The product's id names the favourite too.
    expect((await call(ana, "DELETE", `favourite/${first}`)).statusCode).toBe(200);
    expect((await call(ana, "GET", "favourite/all")).json()).toEqual([]);
  });

  it("never shows or removes another customer's favourites", async () => {
    const product = lavashProducts[3];
    await call(ana, "POST", "favourite", { productId: product });
    expect((await call(bek, "GET", "favourite/all")).json()).toEqual([]);
    expect((await call(bek, "GET", `favourite/all?userId=${ana.id}`)).statusCode).toBe(403);
    const anas = (await call(ana, "GET", "favourite/all")).json<Favourite[]>();
    expect((await call(bek, "DELETE", `favourite/${anas[0]?.id}`)).statusCode).toBe(404);
    expect((await call(ana, "GET", "favourite/all")).json<Favourite[]>()).toHaveLength(1);
  });

  it("keeps favourites per brand: another brand's product or token does not count", async () => {
    expect((await call(plovAna, "POST", "favourite", { productId: lavashProducts[0] })).statusCode).toBe(404);
    // A lavash token at plov is no session there.
    expect((await call(ana, "GET", "favourite/all", undefined, plov)).statusCode).toBe(401);
    const plovProduct = (await productIds(plov))[0];
    expect((await call(plovAna, "POST", "favourite", { productId: plovProduct })).statusCode).toBe(200);
    expect((await call(plovAna, "GET", "favourite/all")).json<Favourite[]>().map((f) => f.productId)).toEqual(
      [plovProduct],
    );
  });

  it("unmarks with isFavourite false and lists those on request", async () => {
    const product = lavashProducts[5];
    await call(bek, "POST", "favourite", { productId: product, isFavourite: false });
    expect((await call(bek, "GET", "favourite/all")).json()).toEqual([]);
    const off = (await call(bek, "GET", "favourite/all?isFavourite=false")).json<Favourite[]>();
    expect(off.map((f) => f.productId)).toEqual([product]);
  });
});

describe("grades", () => {
  it("averages the customers' grades per product, one decimal", async () => {
    const [p1, p2] = lavashProducts;
    if (!p1 || !p2) throw new Error("no products");
    await t.db.insert(grades).values([
      { merchantId: lavash, productId: p1, grade: 5, userId: ana.id },
      { merchantId: lavash, productId: p1, grade: 4, userId: bek.id },
      { merchantId: lavash, productId: p1, grade: 4 },
      { merchantId: lavash, productId: p2, grade: 2 },
    ]);
    const res = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/grade",
      headers: { merchant: lavash },
    });
    const list = res.json<{ productId: string; grade: number; count: number }[]>();
    expect(list.find((g) => g.productId === p1)).toEqual({ productId: p1, grade: 4.3, count: 3 });
    expect(list.find((g) => g.productId === p2)).toEqual({ productId: p2, grade: 2, count: 1 });
    const atPlov = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/grade",
      headers: { merchant: plov },
    });
    expect(atPlov.json()).toEqual([]);
    await t.db.delete(grades).where(eq(grades.merchantId, lavash));
  });
});
