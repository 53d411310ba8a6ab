/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The demo's order simulator walks a new order along the statuses the shared rules allow, with a
// courier for a delivery, until it is closed; every step lands in the order's history.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { happyPath } from "#domain/order-status.ts";
import type { ServiceType } from "#domain/enums.ts";
import { users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let chilonzor: string; // open around the clock
let product: string;
let phoneSeq = 0;

/** Inside the "Tashkent centre" delivery region. */
const ADDRESS = { name: "Amir Temur 1", houseNumber: "1", latitude: 41.311081, longitude: 69.240562 };

beforeAll(async () => {
  t = await createTestApp({ env: { ORDER_SIMULATOR: "1", ORDER_SIMULATOR_STEP_MS: "100" } });
  lavash = await merchantId(t, "lavash");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  product = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
});

async function placeAndFollow(serviceType: ServiceType): Promise<{ status: string; history: string[] }> {
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: lavash, phone: `+99893${String(1000000 + (phoneSeq += 1))}` })
    .returning();
  const { token } = await createSession(t.db, { merchantId: lavash, userId: user!.id, channel: "WEB" });
  const headers = { merchant: lavash, authorization: `Bearer ${token}` };
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers,
    payload: {
      serviceType,
      paymentType: "CASH",
      cartItems: [{ productId: product, count: 1, modifications: [] }],
      ...(serviceType === "DELIVERY" ? { address: ADDRESS } : {}),
      branchId: chilonzor,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { id } = placed.json<{ id: string }>();
  let order = { status: "CREATED", history: [] as { status: string }[] };
  for (let i = 0; i < 150 && order.status !== "CLOSED"; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    order = (await t.app.inject({ method: "GET", url: `/api/orders/v1/orders/${id}`, headers })).json();
  }
  // Courier reports repeat the status they happen in; the walk is the sequence of distinct statuses.
  const history = order.history.map((h) => h.status).filter((s, i, all) => s !== all[i - 1]);
  return { status: order.status, history };
}

describe("the demo order simulator", () => {
  it("walks a delivery order, courier included, along the shared happy path to CLOSED", async () => {
    const { status, history } = await placeAndFollow("DELIVERY");
    expect(status).toBe("CLOSED");
    expect(history).toEqual(happyPath("DELIVERY"));
  });

  it("walks a pick-up order from DONE straight to CLOSED, without a courier", async () => {
    const { status, history } = await placeAndFollow("PICK_UP");
    expect(status).toBe("CLOSED");
    expect(history).toEqual(["CREATED", "ACCEPTED", "COOKING", "DONE", "CLOSED"]);
  });
});
