/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Yandex Delivery for a brand without couriers (issue 39): the demo brand lavash gives its website's
// deliveries to Yandex, its Chilonzor branch holds a Yandex token, and the fake Yandex Delivery
// (server/src/fakes/fake-yandex-delivery.ts, reached in-process through the stand-in as the adapter
// reaches the real one) answers. The checkout charges Yandex's price for the route (the zone tariff
// with a note when Yandex is silent for 2 s); a ready order gets one claim, created and accepted once
// whatever the workers racing for it or a lost answer; Yandex's statuses (read back after its
// callback) move the order and put the performer, with car and position, on the customer's map and
// nobody else's; cancelling the order cancels the claim.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { dropCaches } from "../src/db/cache-bus.ts";
import { branches, deliveryClaims, orderSettings, users } from "../src/db/schema/index.ts";
import { FakeYandexDelivery, fakeYandexDelivery } from "../src/fakes/fake-yandex-delivery.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetYandexPrices } from "../src/services/delivery/yandex-price.ts";
import { runDeliveryClaims, type DeliveryDeps } from "../src/services/delivery/yandex-claims.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, orderRow, plainProduct } from "./support/orders.ts";

const TOKEN = "test-lavash-yandex-token";

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = {
  name: "Amir Temur 1",
  houseNumber: "1",
  latitude: 41.311081,
  longitude: 69.240562,
  entrance: "2",
  floor: "5",
};

let t: TestApp;
let deps: DeliveryDeps;
let lavash: string;
let chilonzor: string;
let branchAt: { latitude: number; longitude: number };
let product: string;
let owner: Person;
let seq = 0;

interface Person {
  id: string;
  token: string;
}

async function person(role: "CUSTOMER" | "ADMIN" = "CUSTOMER"): Promise<Person> {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: lavash,
      phone: `+99895${String(4000000 + seq)}`,
      firstName: `Yulduz${seq}`,
      lastName: "Karimova",
      role,
    })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token };
}

const headers = (p: Person) => ({ merchant: lavash, authorization: `Bearer ${p.token}` });

const orderBody = (address = ADDRESS) => ({
  serviceType: "DELIVERY",
  paymentType: "CASH",
  cartItems: [{ productId: product, count: 2, modifications: [] }],
  address,
  branchId: chilonzor,
});

async function quote(c: Person, address = ADDRESS) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders/quote",
    headers: headers(c),
    payload: orderBody(address),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ totals: { deliveryPrice: number }; deliveryPriceSource: string }>();
}

async function setStatus(id: string, status: string) {
  const moved = await t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/orders/${id}/status`,
    headers: headers(owner),
    payload: { status },
  });
  expect(moved.statusCode, moved.body).toBe(200);
}

/** A cash delivery placed by `c` and walked by the owner to DONE (the kitchen marks it ready). */
async function readyOrder(c: Person): Promise<string> {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(c),
    payload: orderBody(),
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<{ id: string }>().id;
  for (const status of ["ACCEPTED", "COOKING", "DONE"]) await setStatus(id, status);
  return id;
}

async function claimRow(orderId: string) {
  const [row] = await t.db.select().from(deliveryClaims).where(eq(deliveryClaims.orderId, orderId));
  return row;
}

/** Yandex's side of the order's claim. */
async function yandexClaim(orderId: string) {
  const row = await claimRow(orderId);
  return fakeYandexDelivery.claimsOf(TOKEN).filter((c) => c.requestId === row!.requestId);
}

/**
 * One step of the performer. A status change reaches us by Yandex's callback (the claim is then due
 * at once); a move alone by the poll, a follow interval later.
 */
async function drive(orderId: string): Promise<string> {
  const row = await claimRow(orderId);
  const status = await fakeYandexDelivery.drive(row!.claimId!);
  await t.app.delivery.idle();
  await runDeliveryClaims(deps);
  await runDeliveryClaims(deps, { now: new Date(Date.now() + deps.followMs + 1_000) });
  return status;
}

/** The order's Yandex claim as the owner's board shows it. */
async function boardDelivery(orderId: string) {
  const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/board", headers: headers(owner) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ orders: { id: string; delivery?: unknown }[] }>().orders.find((o) => o.id === orderId)
    ?.delivery;
}

const courierOf = (c: Person, courierId: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/deliveries/v1/delivery/courier/${courierId}`,
    headers: headers(c),
  });

beforeAll(async () => {
  t = await createTestApp({ env: { YANDEX_DELIVERY_SWEEP_MS: "0" } });
  deps = {
    db: t.db,
    config: t.config,
    standIns: t.app.standIns,
    events: t.app.orderEvents,
    log: () => undefined,
    publicUrl: "http://localhost",
    followMs: 60_000,
  };
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  product = await plainProduct(t, lavash);
  owner = await person("ADMIN");
  fakeYandexDelivery.addToken(TOKEN);
  // The owner's console: the branch's Yandex token and pickup contact, the website's deliveries to Yandex.
  const [b] = await t.db
    .update(branches)
    .set({ yandexToken: TOKEN, yandexPickupName: "Lavash Chilonzor", yandexPickupPhone: "+998901112233" })
    .where(eq(branches.id, chilonzor))
    .returning();
  branchAt = { latitude: b!.latitude, longitude: b!.longitude };
  const updated = await t.db
    .update(orderSettings)
    .set({ defaultDeliveryTypeWeb: "YANDEX" })
    .where(eq(orderSettings.merchantId, lavash))
    .returning({ id: orderSettings.id });
  if (updated.length === 0) {
    await t.db.insert(orderSettings).values({ merchantId: lavash, defaultDeliveryTypeWeb: "YANDEX" });
  }
  dropCaches(["merchant", "geo", "menu"], lavash);
});

beforeEach(() => {
  fakeYandexDelivery.mode = "up";
  fakeYandexDelivery.slowMs = 0;
  forgetYandexPrices();
});

afterAll(async () => {
  fakeYandexDelivery.mode = "up";
  fakeYandexDelivery.slowMs = 0;
  await t.close();
});

describe("Yandex Delivery at checkout", () => {
  it("charges Yandex's price for the route from the branch to the door, and the placed order is charged the same", async () => {
    const c = await person();
    const expected = FakeYandexDelivery.priceOf(
      [branchAt.longitude, branchAt.latitude],
      [ADDRESS.longitude, ADDRESS.latitude],
    );
    const q = await quote(c);
    expect(q.deliveryPriceSource).toBe("YANDEX");
    expect(q.totals.deliveryPrice).toBe(expected);
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: headers(c),
      payload: orderBody(),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json<{ deliveryPrice: number; deliveryType: string }>();
    expect(order.deliveryPrice).toBe(expected);
    expect(order.deliveryType).toBe("YANDEX");
  });

  it("charges the zone tariff and says so when Yandex does not answer within 2 s", async () => {
    const c = await person();
    fakeYandexDelivery.mode = "down";
    const down = await quote(c);
    expect(down.deliveryPriceSource).toBe("TARIFF_FALLBACK");
    fakeYandexDelivery.mode = "up";
    fakeYandexDelivery.slowMs = 6_000;
    const started = Date.now();
    const slow = await quote(c);
    // Two seconds for Yandex, the rest is the check itself (a slow machine's).
    expect(Date.now() - started).toBeLessThan(4_500);
    expect(slow.deliveryPriceSource).toBe("TARIFF_FALLBACK");
    expect(slow.totals.deliveryPrice).toBe(down.totals.deliveryPrice);
    fakeYandexDelivery.slowMs = 0;
    forgetYandexPrices();
    const up = await quote(c);
    expect(up.deliveryPriceSource).toBe("YANDEX");
    expect(up.totals.deliveryPrice).not.toBe(down.totals.deliveryPrice);
  });
});

describe("Yandex Delivery claims", () => {
  it("gives a ready order one claim, created and accepted once by racing workers and again after a lost answer", async () => {
    const c = await person();
    const id = await readyOrder(c);
    expect((await claimRow(id))?.state).toBe("PENDING");
    await Promise.all(Array.from({ length: 5 }, () => runDeliveryClaims(deps)));
    // Estimating takes a read: the claim is accepted by the time the row follows it.
    for (let i = 0; i < 3 && (await claimRow(id))?.state !== "FOLLOWING"; i += 1) {
      await runDeliveryClaims(deps, { now: new Date(Date.now() + 5_000) });
    }
    const row = (await claimRow(id))!;
    expect(row.state).toBe("FOLLOWING");
    expect(row.claimId).toBeTruthy();
    const claims = await yandexClaim(id);
    expect(claims).toHaveLength(1);
    expect(claims[0]!.status).toBe("accepted");
    const sent = claims[0]!.body;
    expect(sent.route_points.map((p) => p.type)).toEqual(["source", "destination"]);
    expect(sent.route_points[0]!.contact).toEqual({ name: "Lavash Chilonzor", phone: "+998901112233" });
    expect(sent.route_points[1]!.address).toMatchObject({ porch: "2", sfloor: "5" });
    expect(sent.route_points[1]!.payment_on_delivery?.payment_method).toBe("cash");
    expect(sent.items[0]).toMatchObject({ quantity: 2, pickup_point: 1, droppof_point: 2 });
    // A worker that died after Yandex took the claim (its id never stored) tries again with the same
    // request_id: Yandex answers the claim it has, and no second courier comes.
    await t.db
      .update(deliveryClaims)
      .set({ state: "PENDING", claimId: null, nextAttemptAt: new Date() })
      .where(eq(deliveryClaims.id, row.id));
    await runDeliveryClaims(deps);
    expect(await yandexClaim(id)).toHaveLength(1);
    expect((await claimRow(id))?.claimId).toBe(row.claimId);
  });

  it("waits while Yandex is away and makes the claim once it is back", async () => {
    const c = await person();
    const id = await readyOrder(c);
    fakeYandexDelivery.mode = "down";
    await runDeliveryClaims(deps);
    const waiting = (await claimRow(id))!;
    expect(waiting.state).toBe("PENDING");
    expect(waiting.lastError).toMatch(/503/);
    expect(await yandexClaim(id)).toHaveLength(0);
    fakeYandexDelivery.mode = "up";
    for (let i = 0; i < 3 && (await claimRow(id))?.state !== "FOLLOWING"; i += 1) {
      await runDeliveryClaims(deps, { now: new Date(Date.now() + 60_000) });
    }
    expect((await claimRow(id))?.state).toBe("FOLLOWING");
    expect(await yandexClaim(id)).toHaveLength(1);
  });

  it("moves the order with Yandex's statuses and shows the performer, car and position to its customer only", async () => {
    const c = await person();
    const stranger = await person();
    const id = await readyOrder(c);
    for (let i = 0; i < 3 && (await claimRow(id))?.state !== "FOLLOWING"; i += 1) {
      await runDeliveryClaims(deps, { now: new Date(Date.now() + 5_000) });
    }
    expect(await drive(id)).toBe("performer_lookup");
    expect((await orderRow(t, id)).courierStatus).toBe("PERFORMER_LOOK_UP");
    expect(await drive(id)).toBe("performer_found");
    const attached = await orderRow(t, id);
    expect(attached.status).toBe("ATTACHED");
    expect(attached.courierStatus).toBe("PERFORMER_FOUND");
    const courierId = attached.courierId!;
    const seen = await courierOf(c, courierId);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({
      name: "Aziz Karimov",
      vehicle: "Chevrolet Cobalt, 01 A 777 AA",
      provider: "YANDEX",
    });
    // Staff do not get the performer among the brand's couriers to give orders to.
    const list = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/couriers",
      headers: headers(owner),
    });
    if (list.statusCode === 200) {
      expect(list.json<{ id: string }[]>().some((x) => x.id === courierId)).toBe(false);
    }
    await drive(id); // pickup_arrived
    expect(await drive(id)).toBe("pickuped");
    expect((await orderRow(t, id)).status).toBe("ON_WAY");
    const first = (await courierOf(c, courierId)).json<{ latitude: number; longitude: number }>();
    // A move alone (Yandex's status stays "pickuped") reaches the customer's stream, so the map moves.
    const told: string[] = [];
    const stop = t.app.orderEvents.subscribe(lavash, (change) => {
      if ("orderId" in change && change.orderId === id) told.push(change.status);
    });
    await drive(id); // moving along the route
    stop();
    expect(told).toContain("ON_WAY");
    const second = (await courierOf(c, courierId)).json<{ latitude: number; longitude: number }>();
    expect(second.latitude).not.toBe(first.latitude);
    // Closer to the door than the last report.
    const d = (p: { latitude: number; longitude: number }) =>
      Math.hypot(p.latitude - ADDRESS.latitude, p.longitude - ADDRESS.longitude);
    expect(d(second)).toBeLessThan(d(first));
    expect((await courierOf(stranger, courierId)).statusCode).toBe(404);
    let status = "";
    for (let i = 0; i < 10 && status !== "delivered_finish"; i += 1) status = await drive(id);
    const delivered = await orderRow(t, id);
    expect(delivered.status).toBe("DELIVERED");
    expect(delivered.courierStatus).toBe("PERFORMER_DELIVERED_FINISH");
    expect(delivered.isPaid).toBe(true);
    expect((await claimRow(id))?.state).toBe("DONE");
    // Delivered: the customer no longer sees the performer move.
    expect((await courierOf(c, courierId)).statusCode).toBe(404);
  });

  it("cancels the claim at Yandex when the order is cancelled", async () => {
    const c = await person();
    const id = await readyOrder(c);
    for (let i = 0; i < 3 && (await claimRow(id))?.state !== "FOLLOWING"; i += 1) {
      await runDeliveryClaims(deps, { now: new Date(Date.now() + 5_000) });
    }
    await drive(id); // performer_lookup
    expect(await boardDelivery(id)).toMatchObject({ provider: "YANDEX", state: "FOLLOWING" });
    await setStatus(id, "CANCELED");
    expect((await claimRow(id))?.cancelRequestedAt).toBeTruthy();
    await runDeliveryClaims(deps);
    expect((await claimRow(id))?.state).toBe("CANCELLED");
    const [claim] = await yandexClaim(id);
    expect(claim!.status).toBe("cancelled");
    // The console's card says so.
    expect(await boardDelivery(id)).toMatchObject({ state: "CANCELLED", claimStatus: "cancelled" });
    // Once more changes nothing at Yandex.
    await runDeliveryClaims(deps, { now: new Date(Date.now() + 120_000) });
    expect(
      fakeYandexDelivery.calls.filter((x) => x.path === "claims/cancel" && x.query.claim_id === claim!.id),
    ).toHaveLength(1);
  });

  it("refuses a callback that does not carry the claim's token, without reading anything back", async () => {
    const c = await person();
    const id = await readyOrder(c);
    for (let i = 0; i < 3 && (await claimRow(id))?.state !== "FOLLOWING"; i += 1) {
      await runDeliveryClaims(deps, { now: new Date(Date.now() + 5_000) });
    }
    const row = (await claimRow(id))!;
    const forged = await t.app.inject({
      method: "POST",
      url: `/api/integrations/v1/yandex-delivery/callback/${"x".repeat(32)}?claim_id=${row.claimId!}`,
      payload: {},
    });
    expect(forged.statusCode).toBe(404);
    expect(forged.json<{ code: string }>().code).toBe("NOT_FOUND");
    expect((await claimRow(id))?.nextAttemptAt.getTime()).toBe(row.nextAttemptAt.getTime());
    const real = await t.app.inject({
      method: "POST",
      url: `/api/integrations/v1/yandex-delivery/callback/${row.callbackToken}?claim_id=${row.claimId!}`,
      payload: {},
    });
    expect(real.statusCode, real.body).toBe(200);
  });

  it("makes no claim for a brand's order on its own couriers", async () => {
    await t.db
      .update(orderSettings)
      .set({ defaultDeliveryTypeWeb: "MERCHANT" })
      .where(eq(orderSettings.merchantId, lavash));
    try {
      const c = await person();
      const id = await readyOrder(c);
      expect(await claimRow(id)).toBeUndefined();
      expect((await quote(c)).deliveryPriceSource).toBe("TARIFF");
    } finally {
      await t.db
        .update(orderSettings)
        .set({ defaultDeliveryTypeWeb: "YANDEX" })
        .where(eq(orderSettings.merchantId, lavash));
    }
  });

  it("keeps the owner's token write-only in the console and refuses a branch of another brand", async () => {
    const got = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/delivery/yandex",
      headers: headers(owner),
    });
    expect(got.statusCode, got.body).toBe(200);
    expect(got.body).not.toContain(TOKEN);
    const mine = got.json<{ branches: { id: string; tokenSet: boolean }[] }>().branches;
    expect(mine.find((b) => b.id === chilonzor)?.tokenSet).toBe(true);
    const saved = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/delivery/yandex",
      headers: headers(owner),
      payload: {
        claimAt: "READY",
        branches: [{ id: chilonzor, pickupName: "Lavash Chilonzor", pickupPhone: "+998901112233" }],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain(TOKEN);
    // The token was left out: it stays.
    const [b] = await t.db
      .select({ token: branches.yandexToken })
      .from(branches)
      .where(eq(branches.id, chilonzor));
    expect(b?.token).toBe(TOKEN);
    const plov = await merchantId(t, "plov");
    const [theirs] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, plov));
    const refused = await t.app.inject({
      method: "PUT",
      url: "/api/staff/v1/delivery/yandex",
      headers: headers(owner),
      payload: {
        claimAt: "READY",
        branches: [{ id: theirs!.id, token: "stolen-token-0123456789", pickupName: null, pickupPhone: null }],
      },
    });
    expect(refused.statusCode).toBe(404);
    const [still] = await t.db
      .select({ token: branches.yandexToken })
      .from(branches)
      .where(eq(branches.id, theirs!.id));
    expect(still?.token).toBeNull();
    const customer = await person();
    const denied = await t.app.inject({
      method: "GET",
      url: "/api/staff/v1/delivery/yandex",
      headers: headers(customer),
    });
    expect(denied.statusCode).toBe(403);
  });
});
