/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// Booking a table on the demo brand plov: times only within the branch's dine-in hours, never more
// guests than the tables seat (also when many customers ask at once), customers see and cancel only
// their own bookings, and the staff's decisions reach the customer live.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingDays } from "#domain/booking.ts";
import { localTime } from "#domain/hours.ts";
import { localMoment } from "#domain/order-time.ts";
import { branches, merchantWebSettings, reservations, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { forgetGeo } from "../src/repositories/geo.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

const TZ = "Asia/Tashkent";
let t: TestApp;
let plov: string;
let lavash: string;
let beshyogoch: string; // around the clock, 46 seats: main hall 36, terrace 10
let yunusabad: string; // 09:00-21:00 except Monday, 14 seats
let terrace: string;
let lavashBranch: string;
/** Days ahead (not today, not Monday) on which yunusabad is open, one per test that books there. */
let days: string[];
let phoneSeq = 0;

interface Customer {
  id: string;
  token: string;
  merchant: string;
}

async function customer(merchant = plov, role: "CUSTOMER" | "STAFF" = "CUSTOMER"): Promise<Customer> {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(2000000 + phoneSeq)}`, firstName: "Guest", role })
    .returning();
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}

const headers = (c: Customer) => ({ merchant: c.merchant, authorization: `Bearer ${c.token}` });

function book(c: Customer, over: Record<string, unknown>) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/v1/reservations",
    headers: headers(c),
    payload: { branchId: yunusabad, guests: 2, name: "Aziz", phone: "+998901112233", ...over },
  });
}

const at = (day: string, time: string) => localMoment(day, time, TZ).toISOString();

function expectCode(res: { statusCode: number; body: string }, status: number, code: string) {
  expect((JSON.parse(res.body) as { code: string }).code, res.body).toBe(code);
  expect(res.statusCode).toBe(status);
}

function slots(c: Customer, query: Record<string, string | number>) {
  const q = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return t.app.inject({ method: "GET", url: `/api/orders/v1/reservations/slots?${q}`, headers: headers(c) });
}

type Day = { slots: { time: string; free: number; available: boolean }[]; maxGuests: number };

function staffMove(staff: Customer, id: string, body: Record<string, unknown>) {
  return t.app.inject({
    method: "PUT",
    url: `/api/staff/v1/reservations/${id}/status`,
    headers: headers(staff),
    payload: body,
  });
}

beforeAll(async () => {
  t = await createTestApp();
  plov = await merchantId(t, "plov");
  lavash = await merchantId(t, "lavash");
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  beshyogoch = rows.find((b) => b.isMain)!.id;
  yunusabad = rows.find((b) => !b.isMain)!.id;
  lavashBranch = (await t.db.select().from(branches).where(eq(branches.merchantId, lavash)))[0]!.id;
  const c = await customer();
  const day = (await slots(c, { branchId: beshyogoch, date: bookingDays(new Date(), TZ)[1]! })).json<{
    halls: { id: string; name: { eng?: string }; seats: number }[];
  }>();
  terrace = day.halls.find((h) => h.name.eng === "Terrace")!.id;
  days = bookingDays(new Date(), TZ)
    .slice(1)
    .filter((d) => localTime(localMoment(d, "12:00", TZ), TZ).weekName !== "MONDAY");
});

afterAll(async () => {
  await t.close();
});

describe("booking times", () => {
  it("offers the branch's dine-in hours on the slot grid, with the halls and their seats", async () => {
    const c = await customer();
    const res = await slots(c, { branchId: yunusabad, date: days[0]!, guests: 2 });
    expect(res.statusCode, res.body).toBe(200);
    const day = res.json<Day & { halls: { seats: number }[]; slotMinutes: number }>();
    expect(day.slotMinutes).toBe(30);
    expect(day.slots[0]).toEqual(expect.objectContaining({ time: "09:00", free: 14, available: true }));
    expect(day.slots.at(-1)!.time).toBe("20:30");
    expect(day.slots).toHaveLength(24);
    expect(day.maxGuests).toBe(14);
    expect(day.halls.map((h) => h.seats)).toEqual([14]);
    const monday = bookingDays(new Date(), TZ).find(
      (d) => localTime(localMoment(d, "12:00", TZ), TZ).weekName === "MONDAY",
    )!;
    expect((await slots(c, { branchId: yunusabad, date: monday })).json<Day>().slots).toEqual([]);
  });

  it("refuses a time outside the hours, in the past, off the grid or too far ahead", async () => {
    const c = await customer();
    expectCode(await book(c, { time: at(days[0]!, "21:00") }), 400, "BOOKING_BRANCH_CLOSED");
    expectCode(await book(c, { time: at(days[0]!, "08:30") }), 400, "BOOKING_BRANCH_CLOSED");
    // A Monday ahead: on a Monday itself, today's noon may already have passed (BOOKING_TIME_PAST).
    const monday = bookingDays(new Date(), TZ)
      .slice(1)
      .find((d) => localTime(localMoment(d, "12:00", TZ), TZ).weekName === "MONDAY")!;
    expectCode(await book(c, { time: at(monday, "12:00") }), 400, "BOOKING_BRANCH_CLOSED");
    const past = new Date(Date.now() - 3 * 3600_000);
    past.setUTCMinutes(0, 0, 0);
    expectCode(await book(c, { branchId: beshyogoch, time: past.toISOString() }), 400, "BOOKING_TIME_PAST");
    expectCode(await book(c, { time: at(days[0]!, "12:15") }), 400, "BOOKING_TIME_INVALID");
    const farAway = new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
    expectCode(await book(c, { time: at(farAway, "12:00") }), 400, "BOOKING_TIME_INVALID");
    expect(await t.db.select().from(reservations).where(eq(reservations.userId, c.id))).toEqual([]);
  });

  it("refuses more guests than the branch's or the chosen hall's tables seat", async () => {
    const c = await customer();
    expectCode(await book(c, { guests: 15, time: at(days[0]!, "12:00") }), 400, "BOOKING_GUESTS_INVALID");
    expectCode(
      await book(c, { branchId: beshyogoch, hallId: terrace, guests: 11, time: at(days[0]!, "12:00") }),
      400,
      "BOOKING_GUESTS_INVALID",
    );
    expectCode(await book(c, { guests: 0, time: at(days[0]!, "12:00") }), 400, "VALIDATION_FAILED");
    // A hall of another branch is not a hall of this one.
    expectCode(await book(c, { hallId: terrace, time: at(days[0]!, "12:00") }), 404, "NOT_FOUND");
  });

  it("takes a booking and counts its guests against every time it overlaps", async () => {
    const c = await customer();
    const res = await book(c, { guests: 10, time: at(days[0]!, "12:00"), comment: "  window  " });
    expect(res.statusCode, res.body).toBe(201);
    const made = res.json<{ status: string; endTime: string; comment: string; cancellable: boolean }>();
    expect(made).toEqual(
      expect.objectContaining({ status: "REQUESTED", comment: "window", cancellable: true, guests: 10 }),
    );
    expect(made.endTime).toBe(at(days[0]!, "14:00"));
    const day = (await slots(c, { branchId: yunusabad, date: days[0]!, guests: 5 })).json<Day>();
    const slot = (time: string) => day.slots.find((s) => s.time === time)!;
    expect(slot("10:00")).toEqual(expect.objectContaining({ free: 14, available: true }));
    expect(slot("10:30")).toEqual(expect.objectContaining({ free: 4, available: false }));
    expect(slot("13:30")).toEqual(expect.objectContaining({ free: 4, available: false }));
    expect(slot("14:00")).toEqual(expect.objectContaining({ free: 14, available: true }));
    expectCode(await book(c, { guests: 5, time: at(days[0]!, "11:00") }), 409, "BOOKING_FULL");
  });
});

describe("capacity under concurrency", () => {
  it("of 20 customers booking the last 4 seats at once, exactly two pairs get them", async () => {
    const first = await customer();
    const time = at(days[1]!, "19:00");
    expect((await book(first, { guests: 10, time })).statusCode).toBe(201);
    const crowd = await Promise.all(Array.from({ length: 20 }, () => customer()));
    const answers = await Promise.all(crowd.map((c) => book(c, { guests: 2, time })));
    const accepted = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(accepted).toHaveLength(2);
    expect(refused).toHaveLength(18);
    for (const r of refused) expectCode(r, 409, "BOOKING_FULL");
    const held = await t.db
      .select()
      .from(reservations)
      .where(and(eq(reservations.branchId, yunusabad), eq(reservations.time, new Date(time))));
    expect(held.reduce((sum, r) => sum + r.chairs, 0)).toBe(14);
    const day = (await slots(first, { branchId: yunusabad, date: days[1]!, guests: 1 })).json<Day>();
    expect(day.slots.find((s) => s.time === "19:00")).toEqual(
      expect.objectContaining({ free: 0, available: false }),
    );
  });

  it("holds a hall to its own tables while the rest of the branch stays free", async () => {
    const c = await customer();
    const time = at(days[1]!, "13:00");
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => book(c, { branchId: beshyogoch, hallId: terrace, guests: 4, time })),
    );
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const inTerrace = (
      await slots(c, { branchId: beshyogoch, date: days[1]!, hallId: terrace, guests: 4 })
    ).json<Day>();
    expect(inTerrace.slots.find((s) => s.time === "13:00")).toEqual(
      expect.objectContaining({ free: 2, available: false }),
    );
    const anywhere = (await slots(c, { branchId: beshyogoch, date: days[1]!, guests: 4 })).json<Day>();
    expect(anywhere.slots.find((s) => s.time === "13:00")).toEqual(
      expect.objectContaining({ free: 38, available: true }),
    );
  });
});

describe("whose booking", () => {
  it("keeps a booking to its customer and its brand", async () => {
    const owner = await customer();
    const id = (await book(owner, { time: at(days[2]!, "10:00") })).json<{ id: string }>().id;
    const other = await customer();
    for (const res of [
      await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/reservations/${id}`,
        headers: headers(other),
      }),
      await t.app.inject({
        method: "POST",
        url: `/api/orders/v1/reservations/${id}/cancel`,
        headers: headers(other),
      }),
    ]) {
      expectCode(res, 404, "NOT_FOUND");
    }
    const mine = await t.app.inject({
      method: "GET",
      url: "/api/orders/v1/reservations",
      headers: headers(other),
    });
    expect(mine.json()).toEqual([]);
    const ownList = await t.app.inject({
      method: "GET",
      url: "/api/orders/v1/reservations",
      headers: headers(owner),
    });
    expect(ownList.json<{ id: string }[]>().map((r) => r.id)).toEqual([id]);

    // A customer and staff of another brand reach nothing of plov's, even with plov's ids.
    const stranger = await customer(lavash);
    expectCode(
      await t.app.inject({
        method: "GET",
        url: `/api/orders/v1/reservations/${id}`,
        headers: headers(stranger),
      }),
      404,
      "NOT_FOUND",
    );
    const lavashStaff = await customer(lavash, "STAFF");
    expectCode(await staffMove(lavashStaff, id, { status: "CONFIRMED" }), 404, "NOT_FOUND");
    const lavashList = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/reservations?branchId=${yunusabad}`,
      headers: headers(lavashStaff),
    });
    // Another brand's branch is unknown to them (the staff branch rule), as for waiter calls.
    expectCode(lavashList, 404, "NOT_FOUND");
    // A customer is not staff.
    expectCode(await staffMove(owner, id, { status: "CONFIRMED" }), 403, "FORBIDDEN");
    // Booking needs a signed-in customer.
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/reservations",
      headers: { merchant: plov },
      payload: {
        branchId: yunusabad,
        guests: 2,
        name: "A",
        phone: "+998901112233",
        time: at(days[2]!, "10:00"),
      },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("answers 404 BOOKING_UNAVAILABLE where the brand or the branch does not take bookings", async () => {
    const c = await customer(lavash);
    expectCode(await slots(c, { branchId: lavashBranch, date: days[0]! }), 404, "BOOKING_UNAVAILABLE");
    const p = await customer();
    expectCode(
      await book(p, { branchId: lavashBranch, time: at(days[0]!, "12:00") }),
      404,
      "BOOKING_UNAVAILABLE",
    );
    await t.db.update(branches).set({ bookingEnabled: false }).where(eq(branches.id, yunusabad));
    forgetGeo(t.db, plov);
    try {
      expectCode(await book(p, { time: at(days[0]!, "16:00") }), 404, "BOOKING_UNAVAILABLE");
    } finally {
      await t.db.update(branches).set({ bookingEnabled: true }).where(eq(branches.id, yunusabad));
      forgetGeo(t.db, plov);
    }
    await t.db
      .update(merchantWebSettings)
      .set({ bookingActive: false })
      .where(eq(merchantWebSettings.merchantId, plov));
    try {
      expectCode(await slots(p, { branchId: yunusabad, date: days[0]! }), 404, "BOOKING_UNAVAILABLE");
    } finally {
      await t.db
        .update(merchantWebSettings)
        .set({ bookingActive: true })
        .where(eq(merchantWebSettings.merchantId, plov));
    }
  });
});

describe("staff and the customer", () => {
  it("staff confirm a booking and the customer's open stream hears it at once", async () => {
    const c = await customer();
    const staff = await customer(plov, "STAFF");
    const id = (await book(c, { time: at(days[2]!, "15:00"), guests: 3 })).json<{ id: string }>().id;
    const list = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/reservations?branchId=${yunusabad}&date=${days[2]!}&status=REQUESTED`,
      headers: headers(staff),
    });
    expect(list.json<{ id: string; userId: string }[]>()).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, userId: c.id, guests: 3 })]),
    );
    const otherDay = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/reservations?branchId=${yunusabad}&date=${days[3]!}`,
      headers: headers(staff),
    });
    expect(otherDay.json<{ id: string }[]>().map((r) => r.id)).not.toContain(id);

    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const controller = new AbortController();
    const res = await fetch(`${address}/api/orders/v1/orders/events`, {
      headers: headers(c),
      signal: controller.signal,
    });
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    await reader.read(); // the "connected" comment
    expect((await staffMove(staff, id, { status: "CONFIRMED" })).statusCode).toBe(200);
    const deadline = Date.now() + 5000;
    while (!text.includes("CONFIRMED") && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    controller.abort();
    expect(text).toContain("event: reservation");
    expect(text).toContain(`"reservationId":"${id}"`);
    expect(text).toContain(`"status":"CONFIRMED"`);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/reservations/${id}`,
      headers: headers(c),
    });
    expect(read.json()).toEqual(expect.objectContaining({ status: "CONFIRMED", cancellable: true }));
    expect((await staffMove(staff, id, { status: "DONE" })).json()).toEqual(
      expect.objectContaining({ status: "DONE" }),
    );
    expectCode(await staffMove(staff, id, { status: "CONFIRMED" }), 409, "RESERVATION_STATUS_TRANSITION");
  });

  it("a decline needs a reason, which the customer reads, and frees the seats", async () => {
    const c = await customer();
    const staff = await customer(plov, "STAFF");
    const time = at(days[3]!, "18:00");
    const id = (await book(c, { time, guests: 14 })).json<{ id: string }>().id;
    expectCode(await staffMove(staff, id, { status: "DONE" }), 409, "RESERVATION_STATUS_TRANSITION");
    expectCode(await staffMove(staff, id, { status: "DECLINED" }), 400, "VALIDATION_FAILED");
    const declined = await staffMove(staff, id, { status: "DECLINED", reason: "A wedding that evening" });
    expect(declined.statusCode, declined.body).toBe(200);
    const read = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/reservations/${id}`,
      headers: headers(c),
    });
    expect(read.json()).toEqual(
      expect.objectContaining({
        status: "DECLINED",
        declineReason: "A wedding that evening",
        cancellable: false,
      }),
    );
    expect((await book(await customer(), { time, guests: 14 })).statusCode).toBe(201);
  });
});

describe("cancelling", () => {
  it("the customer cancels a requested or confirmed booking ahead of time, which frees its seats", async () => {
    const c = await customer();
    const staff = await customer(plov, "STAFF");
    const time = at(days[4]!, "12:00");
    const id = (await book(c, { time, guests: 14 })).json<{ id: string }>().id;
    await staffMove(staff, id, { status: "CONFIRMED" });
    const cancel = () =>
      t.app.inject({ method: "POST", url: `/api/orders/v1/reservations/${id}/cancel`, headers: headers(c) });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(expect.objectContaining({ status: "CANCELLED", cancellable: false }));
    expectCode(await cancel(), 409, "RESERVATION_NOT_CANCELLABLE");
    expectCode(await staffMove(staff, id, { status: "CONFIRMED" }), 409, "RESERVATION_STATUS_TRANSITION");
    const day = (await slots(c, { branchId: yunusabad, date: days[4]!, guests: 14 })).json<Day>();
    expect(day.slots.find((s) => s.time === "12:00")).toEqual(expect.objectContaining({ available: true }));
  });

  it("refuses to cancel a declined booking or one whose time has passed", async () => {
    const c = await customer();
    const staff = await customer(plov, "STAFF");
    const id = (await book(c, { time: at(days[4]!, "16:00") })).json<{ id: string }>().id;
    await staffMove(staff, id, { status: "DECLINED", reason: "Closed for a private event" });
    const cancel = (rid: string) =>
      t.app.inject({ method: "POST", url: `/api/orders/v1/reservations/${rid}/cancel`, headers: headers(c) });
    expectCode(await cancel(id), 409, "RESERVATION_NOT_CANCELLABLE");
    const start = new Date(Date.now() - 3600_000);
    const [past] = await t.db
      .insert(reservations)
      .values({
        merchantId: plov,
        userId: c.id,
        branchId: beshyogoch,
        name: "Aziz",
        phone: "+998901112233",
        chairs: 2,
        time: start,
        endTime: new Date(start.getTime() + 7200_000),
        status: "CONFIRMED",
      })
      .returning();
    expectCode(await cancel(past!.id), 409, "RESERVATION_NOT_CANCELLABLE");
    const still = await t.db
      .select()
      .from(reservations)
      .where(inArray(reservations.id, [id, past!.id]));
    expect(still.map((r) => r.status).sort()).toEqual(["CONFIRMED", "DECLINED"]);
  });
});
