/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Grading an order: the owner grades a delivered or closed order once (1-5, reasons, comment), the
// order shows the grade afterwards, its products' average grade follows, and nobody else, no
// unfinished order and no second grade gets through.

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderSchema } from "#domain/contract/orders.ts";
import { gradeSchema } from "#domain/contract/menu.ts";
import { users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";
import { branchNamed, plainProduct } from "./support/orders.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string; // open around the clock, so the test does not depend on the hour
let product: string;
let seq = 0;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  chilonzor = await branchNamed(t, lavash, "Chilonzor");
  product = await plainProduct(t, lavash);
});
afterAll(async () => {
  await t.close();
});

async function person(merchant = lavash, role: "CUSTOMER" | "STAFF" = "CUSTOMER") {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(3000000 + seq)}`, firstName: `G${seq}`, role })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;
const headers = (p: Person) => ({ merchant: p.merchant, authorization: `Bearer ${p.token}` });

/** A pickup order of the customer, walked by staff to `status` (CREATED, ... CLOSED). */
async function pickupOrder(owner: Person, upTo: "CREATED" | "DONE" | "CLOSED") {
  const placed = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: headers(owner),
    payload: {
      serviceType: "PICK_UP",
      paymentType: "CASH",
      branchId: chilonzor,
      cartItems: [{ productId: product, count: 2, modifications: [] }],
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json<{ id: string }>().id;
  const staff = await person(lavash, "STAFF");
  const steps = {
    CREATED: [],
    DONE: ["ACCEPTED", "COOKING", "DONE"],
    CLOSED: ["ACCEPTED", "COOKING", "DONE", "CLOSED"],
  }[upTo];
  for (const status of steps) {
    const moved = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/orders/${id}/status`,
      headers: headers(staff),
      payload: { status },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

const grade = (p: Person, id: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/orders/v1/orders/${id}/grade`,
    headers: headers(p),
    payload: payload as object,
  });

async function productGrade(): Promise<{ grade: number; count: number } | undefined> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/products/v1/grade",
    headers: { merchant: lavash },
  });
  return gradeSchema
    .array()
    .parse(res.json())
    .find((g) => g.productId === product);
}

describe("POST /orders/v1/orders/{id}/grade", () => {
  it("grades a closed order once: the order shows it, and the product's average follows", async () => {
    const owner = await person();
    const id = await pickupOrder(owner, "CLOSED");
    const before = orderSchema.parse(
      (
        await t.app.inject({ method: "GET", url: `/api/orders/v1/orders/${id}`, headers: headers(owner) })
      ).json(),
    );
    expect(before).toMatchObject({ status: "CLOSED", gradeable: true, review: null });
    const countBefore = (await productGrade())?.count ?? 0;

    const res = await grade(owner, id, { grade: 4, reasons: ["FOOD", "TIME"], comment: "  Hot and quick  " });
    expect(res.statusCode, res.body).toBe(200);
    expect(orderSchema.parse(res.json())).toMatchObject({
      gradeable: false,
      review: {
        grade: 4,
        reasons: ["FOOD", "TIME"],
        comment: "Hot and quick",
        createdDate: expect.any(String),
      },
    });
    const after = await productGrade();
    expect(after?.count).toBe(countBefore + 1);

    const again = await grade(owner, id, { grade: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: "ORDER_ALREADY_GRADED" });
    const read = orderSchema.parse(
      (
        await t.app.inject({ method: "GET", url: `/api/orders/v1/orders/${id}`, headers: headers(owner) })
      ).json(),
    );
    expect(read.review?.grade).toBe(4);
    expect((await productGrade())?.count).toBe(countBefore + 1);
  });

  it("moves the product's average: a 5 and a 1 on two orders", async () => {
    const a = await person();
    const b = await person();
    const first = await pickupOrder(a, "CLOSED");
    const second = await pickupOrder(b, "CLOSED");
    const start = (await productGrade()) ?? { grade: 0, count: 0 };
    expect((await grade(a, first, { grade: 5 })).statusCode).toBe(200);
    expect((await grade(b, second, { grade: 1, reasons: ["FOOD"] })).statusCode).toBe(200);
    const end = await productGrade();
    expect(end?.count).toBe(start.count + 2);
    const expected = Math.round(((start.grade * start.count + 6) / (start.count + 2)) * 10) / 10;
    expect(end?.grade).toBeCloseTo(expected, 1);
  });

  it("refuses an order that is not finished yet", async () => {
    const owner = await person();
    for (const upTo of ["CREATED", "DONE"] as const) {
      const id = await pickupOrder(owner, upTo);
      const view = orderSchema.parse(
        (
          await t.app.inject({ method: "GET", url: `/api/orders/v1/orders/${id}`, headers: headers(owner) })
        ).json(),
      );
      expect(view.gradeable).toBe(false);
      const res = await grade(owner, id, { grade: 5 });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: "ORDER_NOT_GRADEABLE" });
    }
  });

  it("answers 404 to another customer and to another brand, and 401 without a session", async () => {
    const owner = await person();
    const id = await pickupOrder(owner, "CLOSED");
    const stranger = await person();
    expect((await grade(stranger, id, { grade: 1 })).statusCode).toBe(404);
    const plovCustomer = await person(plov);
    expect((await grade(plovCustomer, id, { grade: 1 })).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/orders/v1/orders/${id}/grade`,
      headers: { merchant: lavash },
      payload: { grade: 1 },
    });
    expect(anonymous.statusCode).toBe(401);
    // Nothing of theirs stuck: the owner still grades it.
    expect((await grade(owner, id, { grade: 3 })).statusCode).toBe(200);
  });

  it("validates the grade, the reasons and the comment", async () => {
    const owner = await person();
    const id = await pickupOrder(owner, "CLOSED");
    for (const payload of [
      { grade: 0 },
      { grade: 6 },
      { grade: 4.5 },
      {},
      { grade: 4, reasons: ["TASTE"] },
      { grade: 4, reasons: ["FOOD", "FOOD"] },
      { grade: 4, comment: "x".repeat(1001) },
    ]) {
      const res = await grade(owner, id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await grade(owner, id, { grade: 2, comment: "   " })).json()).toMatchObject({
      review: { grade: 2, reasons: [], comment: null },
    });
  });
});
