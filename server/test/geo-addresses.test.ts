import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Address } from "#domain/contract/geo.ts";
import { users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;

interface Customer {
  id: string;
  token: string;
}

async function customer(merchant: string, phone: string): Promise<Customer> {
  const [user] = await t.db.insert(users).values({ merchantId: merchant, phone }).returning();
  if (!user) throw new Error("no user");
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user.id, channel: "WEB" });
  return { id: user.id, token };
}

let alice: Customer;
let bob: Customer;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  alice = await customer(lavash, "+998901230001");
  bob = await customer(lavash, "+998901230002");
});
afterAll(async () => {
  await t.close();
});

function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  who: Customer | null,
  body?: unknown,
  merchant = lavash,
) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: { merchant, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  });
}

const HOME = {
  name: "Home",
  streetName: "Chilonzor ko'chasi",
  houseNumber: "12",
  details: JSON.stringify({ floor: "3", office: "12", entrance: "2", domophone: "12K" }),
  description: "12, Chilonzor ko'chasi, Toshkent",
  latitude: 41.28561234567,
  longitude: 69.20391234567,
};

describe("saved addresses", () => {
  it("saves, lists, changes and deletes the caller's own addresses", async () => {
    const created = await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, HOME);
    expect(created.statusCode).toBe(200);
    const address = created.json<Address>();
    // Coordinates are kept to 6 decimals.
    expect(address).toMatchObject({
      name: "Home",
      houseNumber: "12",
      latitude: 41.285612,
      longitude: 69.203912,
    });
    expect(JSON.parse(address.details ?? "{}")).toEqual({
      floor: "3",
      office: "12",
      entrance: "2",
      domophone: "12K",
    });

    const list = await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${alice.id}`, alice);
    expect(list.statusCode).toBe(200);
    expect(list.json<Address[]>().map((a) => a.id)).toEqual([address.id]);

    const changed = await call("PUT", `/users/v1/addresses/${address.id}`, alice, { ...HOME, name: "Work" });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<Address>().name).toBe("Work");

    const deleted = await call("DELETE", `/users/v1/addresses/${address.id}`, alice);
    expect(deleted.statusCode).toBe(200);
    expect(
      (await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${alice.id}`, alice)).json(),
    ).toEqual([]);
  });

  it("never lets another customer read, change or delete them", async () => {
    const mine = (await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, HOME)).json<Address>();

    const read = await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${alice.id}`, bob);
    expect(read.statusCode).toBe(403);
    expect(JSON.stringify(read.json())).not.toContain("Chilonzor");
    const bobsOwn = await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${bob.id}`, bob);
    expect(bobsOwn.json()).toEqual([]);

    expect(
      (await call("PUT", `/users/v1/addresses/${mine.id}`, bob, { ...HOME, name: "Mine now" })).statusCode,
    ).toBe(404);
    expect((await call("DELETE", `/users/v1/addresses/${mine.id}`, bob)).statusCode).toBe(404);
    expect((await call("POST", `/users/v1/addresses/user/${alice.id}`, bob, HOME)).statusCode).toBe(403);

    const still = (await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${alice.id}`, alice)).json<
      Address[]
    >();
    expect(still.map((a) => [a.id, a.name])).toEqual([[mine.id, "Home"]]);
  });

  it("needs a logged-in customer of the same brand", async () => {
    expect(
      (await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${alice.id}`, null)).statusCode,
    ).toBe(401);
    expect((await call("POST", `/users/v1/addresses/user/${alice.id}`, null, HOME)).statusCode).toBe(401);
    // Alice's token is not a session of the plov brand.
    const cross = await call(
      "GET",
      `/users/v1/addresses/merchant/${plov}/user/${alice.id}`,
      alice,
      undefined,
      plov,
    );
    expect(cross.statusCode).toBe(401);
    // The path must name the header's merchant.
    const wrongMerchant = await call("GET", `/users/v1/addresses/merchant/${plov}/user/${alice.id}`, alice);
    expect(wrongMerchant.statusCode).toBe(403);
  });

  it("validates coordinates and field sizes", async () => {
    expect(
      (await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, { ...HOME, latitude: 91 }))
        .statusCode,
    ).toBe(400);
    expect(
      (await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, { name: "x" })).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, { ...HOME, name: "x".repeat(201) }))
        .statusCode,
    ).toBe(400);
  });

  it("keeps an address the customer typed marked as typed, and needs its street and house", async () => {
    const TYPED = {
      name: "Granny",
      streetName: "Qatortol ko'chasi",
      houseNumber: "14A",
      details: "{}",
      latitude: 41.3001,
      longitude: 69.2102,
      typed: true,
    };
    const created = await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, TYPED);
    expect(created.statusCode).toBe(200);
    const address = created.json<Address>();
    expect(address).toMatchObject({ typed: true, streetName: "Qatortol ko'chasi", houseNumber: "14A" });

    const listed = (await call("GET", `/users/v1/addresses/merchant/${lavash}/user/${alice.id}`, alice)).json<
      Address[]
    >();
    expect(listed.find((a) => a.id === address.id)).toMatchObject({ typed: true, houseNumber: "14A" });
    // An address a geocoder resolved (the field left out, as older clients send it) is not typed.
    expect(listed.filter((a) => a.id !== address.id).every((a) => !a.typed)).toBe(true);
    const resolved = (
      await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, HOME)
    ).json<Address>();
    expect(resolved.typed).toBe(false);

    const changed = await call("PUT", `/users/v1/addresses/${address.id}`, alice, { ...TYPED, name: "Gran" });
    expect(changed.json<Address>()).toMatchObject({ name: "Gran", typed: true });

    // Typed means the courier has nothing else: a blank street or house is refused.
    for (const blank of [{ streetName: " " }, { houseNumber: null }]) {
      const res = await call("POST", `/users/v1/addresses/user/${alice.id}`, alice, { ...TYPED, ...blank });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: "VALIDATION_FAILED" });
    }
  });
});
