/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Inputs the attack answered with a 500 or with Fastify's own body: a NUL in text, numbers past
// what a column holds, a malformed multipart body and errors the router meets before any route.
// Each must be a 4xx in the error shape, with the security headers, and change nothing.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addresses, branches, orders, products, users } from "../src/db/schema/index.ts";
import { freshPhone, loginWithPhone, type LoggedIn } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string;
let pizzaId: string;
let me: LoggedIn;

const TASHKENT_POINT = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };
const HOME = {
  name: "Home",
  streetName: "Chilonzor",
  houseNumber: "12",
  latitude: 41.2856,
  longitude: 69.2039,
};
const NUL = "\u0000";

function call(
  method: "GET" | "POST" | "PUT",
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { merchant: lavash, authorization: `Bearer ${me.token}`, ...extra },
    ...(payload ? { payload } : {}),
  });
}

/** The error shape with a 4xx status, and the headers every /api answer carries. */
function expectRefused(res: Awaited<ReturnType<typeof call>>, status: number, code: string): void {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({
    status,
    code,
    description: { uz: expect.any(String), ru: expect.any(String), eng: expect.any(String) },
  });
  expect(res.headers["content-security-policy"]).toContain("default-src 'self'");
  expect(res.headers["x-content-type-options"]).toBe("nosniff");
  expect(res.headers["x-request-id"]).toBeTruthy();
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  const bs = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = bs.find((b) => b.name.eng?.startsWith("Chilonzor"))!.id;
  const plain = await t.db.query.products.findMany({
    where: and(eq(products.merchantId, lavash), eq(products.active, true)),
    with: { modificationGroups: true },
  });
  pizzaId = plain.find(
    (p) => p.modificationGroups.length === 0 && p.costPrice >= 35_000 && p.stock === null,
  )!.id;
  me = await loginWithPhone(t, lavash, freshPhone());
});

afterAll(async () => {
  await t.close();
});

describe("a control character in a text field", () => {
  it("is refused with 400 in every text the attack tried, and nothing is stored", async () => {
    const saved = (await call("POST", `/users/v1/addresses/user/${me.user.id}`, HOME)).json<{ id: string }>();
    const order = (over: object) => ({
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: pizzaId, count: 1, modifications: [] }],
      address: TASHKENT_POINT,
      branchId: chilonzor,
      ...over,
    });
    const attempts: [string, "POST" | "PUT", string, object][] = [
      ["profile name", "PUT", `/users/v1/users/${me.user.id}`, { firstName: `Ann${NUL}` }],
      ["new address", "POST", `/users/v1/addresses/user/${me.user.id}`, { ...HOME, streetName: `Chi${NUL}` }],
      ["changed address", "PUT", `/users/v1/addresses/${saved.id}`, { ...HOME, houseNumber: `1${NUL}2` }],
      ["promo code", "POST", "/orders/v1/promos", { code: `LAVASH${NUL}10` }],
      ["order comment", "POST", "/orders/v1/orders", order({ comment: `ring${NUL}twice` })],
      [
        "order address",
        "POST",
        "/orders/v1/orders",
        order({ address: { ...TASHKENT_POINT, name: `A${NUL}` } }),
      ],
      ["quote promo", "POST", "/orders/v1/orders/quote", order({ promoCode: `X${NUL}` })],
      [
        "other control characters",
        "PUT",
        `/users/v1/users/${me.user.id}`,
        { lastName: "Bell\u0007\u001b[2J" },
      ],
    ];
    for (const [what, method, url, payload] of attempts) {
      const res = await call(method, url, payload);
      expectRefused(res, 400, "VALIDATION_FAILED");
      expect(res.json<{ description: { eng: string } }>().description.eng, what).toContain(
        "control characters and unpaired surrogates are not allowed",
      );
    }
    const [user] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(user!.firstName ?? "").not.toContain(NUL);
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, me.user.id))).toHaveLength(1);
    expect(await t.db.select().from(orders).where(eq(orders.userId, me.user.id))).toHaveLength(0);
  });

  it("does not stop tabs and line breaks of an order comment", async () => {
    const res = await call("PUT", `/users/v1/users/${me.user.id}`, { firstName: "Ann\tMarie" });
    expect(res.statusCode).toBe(200);
    const quote = await call("POST", "/orders/v1/orders/quote", {
      serviceType: "DELIVERY",
      paymentType: "CASH",
      cartItems: [{ productId: pizzaId, count: 1, modifications: [] }],
      address: TASHKENT_POINT,
      branchId: chilonzor,
      comment: "Entrance 2\r\nFloor 3",
    });
    expect(quote.statusCode, quote.body).toBe(200);
  });
});

describe("a number past what its column holds", () => {
  it("is a 400 on the tariff call, not a 500", async () => {
    for (const productPrice of [1e15, 1e300, Number.MAX_VALUE]) {
      const res = await call("POST", "/deliveries/v1/delivery/tariff/client/calculate", {
        productPrice,
        latitude: 41.311081,
        longitude: 69.240562,
      });
      expectRefused(res, 400, "VALIDATION_FAILED");
    }
    const fine = await call("POST", "/deliveries/v1/delivery/tariff/client/calculate", {
      productPrice: 999_999_999_999,
      latitude: 41.311081,
      longitude: 69.240562,
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });

  it("is a 400 for a cashback larger than any balance can be", async () => {
    const res = await call("POST", "/orders/v1/orders/quote", {
      serviceType: "PICKUP",
      paymentType: "CASH",
      cartItems: [{ productId: pizzaId, count: 1, modifications: [] }],
      branchId: chilonzor,
      cashback: 1e13,
    });
    expectRefused(res, 400, "VALIDATION_FAILED");
  });
});

describe("a malformed profile image upload", () => {
  it("is a 400 in the error shape whether the boundary is missing, the body is garbage or cut short", async () => {
    const boundary = "----savat-test";
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    const bodies: [string, string, Buffer][] = [
      ["no boundary", "multipart/form-data", Buffer.from(`${head}abc\r\n--${boundary}--\r\n`)],
      ["garbage", `multipart/form-data; boundary=${boundary}`, Buffer.from("\u0001\u0002 not a form at all")],
      ["cut short", `multipart/form-data; boundary=${boundary}`, Buffer.from(`${head}\u0089PNG\r\n\u001a\n`)],
    ];
    for (const [what, contentType, payload] of bodies) {
      const res = await t.app.inject({
        method: "PUT",
        url: "/api/users/v1/users/image",
        headers: { merchant: lavash, authorization: `Bearer ${me.token}`, "content-type": contentType },
        payload,
      });
      expect(res.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
      expectRefused(res, res.statusCode, res.json<{ code: string }>().code);
    }
    const [user] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    expect(user!.image).toBeNull();
  });
});

describe("an error the router meets before any route", () => {
  it("answers a badly encoded URL with 400 in the error shape and the security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/users/v1/merchants/sub/%ZZ" });
    expectRefused(res, 400, "URL_INVALID");
  });

  it("answers a path parameter over 100 characters with 414 in the error shape and the security headers", async () => {
    const res = await t.app.inject({ method: "GET", url: `/api/users/v1/merchants/sub/${"a".repeat(101)}` });
    expectRefused(res, 414, "URL_TOO_LONG");
  });

  it("keeps an unknown /api path a 404 in the error shape with the headers", async () => {
    expectRefused(await t.app.inject({ method: "GET", url: "/api/nope" }), 404, "ROUTE_NOT_FOUND");
  });
});
