/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The console's bookings (issue 44, item 8): the inbox lists every request still waiting for an
// answer from today on, whatever its day, within the caller's branches and the oldest request
// first; staff confirm with a table of the booking's branch (a table of another branch or brand is
// refused) and the guest reads it; a new request reaches staff of its branch on their live stream.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingDays } from "#domain/booking.ts";
import { localDate } from "#domain/hours.ts";
import { localMoment } from "#domain/order-time.ts";
import { branches, diningTables, halls, reservations, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

const TZ = "Asia/Tashkent";
let t: TestApp;
let plov: string;
let lavash: string;
let beshyogoch: string;
let yunusabad: string;
let seq = 0;
let listening: Promise<string> | null = null;
const serverAddress = () => (listening ??= t.app.listen({ port: 0, host: "127.0.0.1" }));

interface Person {
  id: string;
  headers: Record<string, string>;
}

async function person(
  merchant: string,
  role: "CUSTOMER" | "STAFF" = "CUSTOMER",
  bindTo: string[] = [],
): Promise<Person> {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(7100000 + seq)}`, firstName: "Guest", role })
    .returning();
  for (const branchId of bindTo)
    await t.db.insert(staffBranches).values({ merchantId: merchant, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, headers: { merchant, authorization: `Bearer ${token}` } };
}

/** A booking written as a guest's request would be, at any day (also a past one). */
async function request(
  guest: Person,
  branchId: string,
  day: string,
  time: string,
  status: "REQUESTED" | "CONFIRMED" = "REQUESTED",
) {
  const start = localMoment(day, time, TZ);
  const [row] = await t.db
    .insert(reservations)
    .values({
      merchantId: plov,
      userId: guest.id,
      branchId,
      name: `Guest ${String(seq)}`,
      phone: "+998901112233",
      chairs: 2,
      time: start,
      endTime: new Date(start.getTime() + 2 * 3600_000),
      status,
    })
    .returning();
  return row!;
}

const dayAfter = (day: string, n: number) =>
  localDate(new Date(localMoment(day, "12:00", TZ).getTime() + n * 86_400_000), TZ);

type Row = { id: string; branchId: string; status: string; tableId: string | null; tableName: string | null };

async function inbox(who: Person, query = "") {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/staff/v1/reservations/requests${query}`,
    headers: who.headers,
  });
  return res;
}

async function tableOf(code: string) {
  const [table] = await t.db.select().from(diningTables).where(eq(diningTables.code, code));
  return table!;
}

/** Reads a stream until `until` shows in it or `ms` pass; answers what came. */
async function readStream(res: Response, until: (text: string) => boolean, ms: number): Promise<string> {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) =>
        setTimeout(
          () => {
            resolve(null);
          },
          Math.max(1, deadline - Date.now()),
        ),
      ),
    ]);
    if (!next || next.done) break;
    text += decoder.decode(next.value);
  }
  return text;
}

beforeAll(async () => {
  t = await createTestApp();
  plov = await merchantId(t, "plov");
  lavash = await merchantId(t, "lavash");
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  beshyogoch = rows.find((b) => b.isMain)!.id;
  yunusabad = rows.find((b) => !b.isMain)!.id;
});

afterAll(async () => {
  await t.close();
});

describe("the inbox of booking requests", () => {
  it("lists requests of every day from today on, oldest request first, only within the caller's branches", async () => {
    const guest = await person(plov);
    const today = localDate(new Date(), TZ);
    // Asked in this order: the inbox keeps it, though the days run the other way.
    const later = await request(guest, yunusabad, dayAfter(today, 5), "12:00");
    const soon = await request(guest, yunusabad, dayAfter(today, 1), "19:00");
    const there = await request(guest, beshyogoch, dayAfter(today, 2), "13:00");
    // Not waiting: answered, or of a day gone by.
    const answered = await request(guest, yunusabad, dayAfter(today, 1), "20:00", "CONFIRMED");
    const stale = await request(guest, yunusabad, dayAfter(today, -2), "12:00");
    const mine = new Set([later.id, soon.id, there.id, answered.id, stale.id]);

    const everywhere = await person(plov, "STAFF");
    const all = await inbox(everywhere);
    expect(all.statusCode, all.body).toBe(200);
    const allRows = all.json<Row[]>();
    expect(allRows.every((r) => r.status === "REQUESTED")).toBe(true);
    expect(allRows.filter((r) => mine.has(r.id)).map((r) => r.id)).toEqual([later.id, soon.id, there.id]);

    const atYunusabad = await person(plov, "STAFF", [yunusabad]);
    const bound = (await inbox(atYunusabad)).json<Row[]>();
    expect(bound.every((r) => r.branchId === yunusabad)).toBe(true);
    expect(bound.filter((r) => mine.has(r.id)).map((r) => r.id)).toEqual([later.id, soon.id]);
    // One branch asked by name: only that one's; a branch not theirs is refused.
    const named = (await inbox(everywhere, `?branchId=${beshyogoch}`)).json<Row[]>();
    expect(named.filter((r) => mine.has(r.id)).map((r) => r.id)).toEqual([there.id]);
    const refused = await inbox(atYunusabad, `?branchId=${beshyogoch}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json<{ code: string }>().code).toBe("STAFF_BRANCH_FORBIDDEN");
    // Staff of another brand see none of plov's.
    const lavashStaff = await person(lavash, "STAFF");
    expect((await inbox(lavashStaff)).json<Row[]>().filter((r) => mine.has(r.id))).toEqual([]);
    // A customer is not staff.
    expect((await inbox(guest)).statusCode).toBe(403);
  });
});

describe("a table for a booking", () => {
  const setStatus = (who: Person, id: string, payload: Record<string, unknown>) =>
    t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/reservations/${id}/status`,
      headers: who.headers,
      payload,
    });
  const setTable = (who: Person, id: string, tableId: string | null) =>
    t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/reservations/${id}/table`,
      headers: who.headers,
      payload: { tableId },
    });

  it("is one of the booking's branch when confirming and after; another branch's or brand's table is refused", async () => {
    const guest = await person(plov);
    const staff = await person(plov, "STAFF");
    const booking = await request(guest, yunusabad, dayAfter(localDate(new Date(), TZ), 3), "12:00");
    const ours = await tableOf("plov-Ue8hZ3");
    const ours2 = await tableOf("plov-Ni5wS7");
    const atBeshyogoch = await tableOf("plov-Kq7mT2");
    // A table of another brand.
    const [lavashBranch] = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
    const [hall] = await t.db
      .insert(halls)
      .values({ merchantId: lavash, branchId: lavashBranch!.id, name: { eng: "Hall" } })
      .returning();
    const [foreign] = await t.db
      .insert(diningTables)
      .values({
        merchantId: lavash,
        branchId: lavashBranch!.id,
        hallId: hall!.id,
        name: "1",
        code: "lavash-booking-test",
        seats: 4,
      })
      .returning();

    // Refused tables leave the request as it was.
    const otherBranch = await setStatus(staff, booking.id, { status: "CONFIRMED", tableId: atBeshyogoch.id });
    expect(otherBranch.json<{ code: string }>().code, otherBranch.body).toBe(
      "RESERVATION_TABLE_OTHER_BRANCH",
    );
    expect(otherBranch.statusCode).toBe(409);
    const otherBrand = await setStatus(staff, booking.id, { status: "CONFIRMED", tableId: foreign!.id });
    expect(otherBrand.statusCode).toBe(404);
    expect(otherBrand.json<{ code: string }>().code).toBe("NOT_FOUND");
    // A table goes with a confirmation only.
    expect(
      (await setStatus(staff, booking.id, { status: "DECLINED", reason: "x", tableId: ours.id })).statusCode,
    ).toBe(400);
    // A request gets its table by being confirmed, not on its own.
    const early = await setTable(staff, booking.id, ours.id);
    expect(early.statusCode).toBe(409);
    expect(early.json<{ code: string }>().code).toBe("RESERVATION_NOT_CONFIRMED");
    const [still] = await t.db.select().from(reservations).where(eq(reservations.id, booking.id));
    expect(still).toMatchObject({ status: "REQUESTED", tableId: null });

    const confirmed = await setStatus(staff, booking.id, { status: "CONFIRMED", tableId: ours.id });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json<Row>()).toMatchObject({
      status: "CONFIRMED",
      tableId: ours.id,
      tableName: ours.name,
    });

    // Afterwards: another table of the branch; another branch's is refused; none takes it away.
    const moved = await setTable(staff, booking.id, ours2.id);
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Row>().tableName).toBe(ours2.name);
    const wrong = await setTable(staff, booking.id, atBeshyogoch.id);
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json<{ code: string }>().code).toBe("RESERVATION_TABLE_OTHER_BRANCH");
    expect((await setTable(staff, booking.id, foreign!.id)).statusCode).toBe(404);

    // The guest reads the table on their booking.
    const own = await t.app.inject({
      method: "GET",
      url: `/api/orders/v1/reservations/${booking.id}`,
      headers: guest.headers,
    });
    expect(own.json<Row>()).toMatchObject({ status: "CONFIRMED", tableId: ours2.id, tableName: ours2.name });

    // Staff of another branch cannot touch it (it is not theirs to see).
    const atBeshyogochStaff = await person(plov, "STAFF", [beshyogoch]);
    expect((await setTable(atBeshyogochStaff, booking.id, atBeshyogoch.id)).statusCode).toBe(404);
    const cleared = await setTable(staff, booking.id, null);
    expect(cleared.json<Row>()).toMatchObject({ tableId: null, tableName: null });
  });
});

describe("booking requests on the staff stream", () => {
  it("tells staff of the branch of a new request at once, and staff bound elsewhere hear nothing of it", async () => {
    const everywhere = await person(plov, "STAFF");
    const atYunusabad = await person(plov, "STAFF", [yunusabad]);
    const guest = await person(plov);
    const address = await serverAddress();
    const controller = new AbortController();
    const open = (headers: Record<string, string>) =>
      fetch(`${address}/api/staff/v1/events`, { headers, signal: controller.signal });
    const [all, bound] = await Promise.all([open(everywhere.headers), open(atYunusabad.headers)]);
    expect([all.status, bound.status]).toEqual([200, 200]);
    const readingAll = readStream(all, (text) => text.includes("event: reservation"), 5000);
    const readingBound = readStream(bound, (text) => text.includes("event: reservation"), 2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Beshyog'och takes bookings around the clock: tomorrow at noon is always bookable.
    const tomorrow = bookingDays(new Date(), TZ)[1]!;
    const booked = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/reservations",
      headers: guest.headers,
      payload: {
        branchId: beshyogoch,
        guests: 2,
        name: "Aziz",
        phone: "+998901112233",
        time: localMoment(tomorrow, "12:00", TZ).toISOString(),
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const id = booked.json<{ id: string }>().id;
    const [textAll, textBound] = await Promise.all([readingAll, readingBound]);
    controller.abort();
    const events = textAll
      .split("\n\n")
      .filter((block) => block.startsWith("event: reservation"))
      .map((block) => JSON.parse(block.split("data: ")[1]!) as Record<string, unknown>);
    expect(events).toEqual([{ reservationId: id, status: "REQUESTED", branchId: beshyogoch }]);
    expect(textBound).toContain(": connected");
    expect(textBound).not.toContain("event: reservation");
  });
});
