import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Branch, Region, Tariff } from "#domain/contract/geo.ts";
import { pointInRegion } from "#domain/geo.ts";
import { checkBranchOpen, findRegionForPoint } from "../src/services/geo/coverage.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, merchant: string) =>
  t.app.inject({ method: "GET", url: `/api${url}`, headers: { merchant } });

const TASHKENT = { latitude: 41.311081, longitude: 69.240562 };
const NEAR_YUNUSABAD = { lat: 41.3505, lon: 69.2849 };
const NEAR_MIROBOD = { lat: 41.2955, lon: 69.274 };
// 2026-11-16 is a Monday, 2026-11-22 a Sunday (Tashkent time, UTC+5).
const MONDAY_NOON = "2026-11-16T12:00:00+05:00";
const MONDAY_LATE = "2026-11-16T23:30:00+05:00";
const SUNDAY_NOON = "2026-11-22T12:00:00+05:00";

function byName(branches: Branch[], eng: string): Branch {
  const b = branches.find((x) => x.name.eng?.startsWith(eng));
  if (!b) throw new Error(`no branch ${eng}`);
  return b;
}

describe("branches", () => {
  it("lists the brand's active branches with working hours per service type", async () => {
    const res = await get("/users/v1/branches", lavash);
    expect(res.statusCode).toBe(200);
    const branches = res.json<Branch[]>();
    expect(branches).toHaveLength(4);
    expect(branches[0]?.isMain).toBe(true);
    const mirobod = byName(branches, "Mirobod");
    const pickup = mirobod.workHours.find((w) => w.type === "PICK_UP");
    expect(pickup?.hours).toHaveLength(7);
    expect(pickup?.hours.find((h) => h.weekName === "SUNDAY")).toMatchObject({ isDayOff: true });
    expect(pickup?.hours.find((h) => h.weekName === "MONDAY")).toMatchObject({
      open: "09:00",
      close: "22:00",
    });
    expect(mirobod.settings.pickupEnabled).toBe(true);
    expect(mirobod.distance).toBeNull();
  });

  it("filters by city, answers one branch, and never another brand's", async () => {
    const cities = (await get(`/users/v1/city-merchant/merchant/${lavash}`, lavash)).json<
      { id: string; name: { eng?: string } }[]
    >();
    const samarkand = cities.find((c) => c.name.eng === "Samarkand");
    const res = await get(`/users/v1/branches/full?cityId=${samarkand?.id}`, lavash);
    expect(res.json<Branch[]>().map((b) => b.name.eng)).toEqual(["Registan"]);
    expect((await get("/users/v1/branches/full", lavash)).json<Branch[]>()).toHaveLength(4);

    const one = byName((await get("/users/v1/branches", lavash)).json<Branch[]>(), "Yunusabad");
    const single = await get(`/users/v1/branches/${one.id}`, lavash);
    expect(single.statusCode).toBe(200);
    expect(single.json<Branch>().id).toBe(one.id);
    const foreign = await get(`/users/v1/branches/${one.id}`, plov);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("closest branch", () => {
  const closest = (q: Record<string, string | number>, merchant = lavash, path = lavash) =>
    get(
      `/users/v1/branches/merchant/${path}/closest?${new URLSearchParams(
        Object.entries(q).map(([k, v]) => [k, String(v)]),
      ).toString()}`,
      merchant,
    );

  it("is the nearest branch that delivers and is open at that moment", async () => {
    const noon = await closest({ ...NEAR_YUNUSABAD, at: MONDAY_NOON });
    expect(noon.statusCode).toBe(200);
    expect(noon.json<Branch>().name.eng).toBe("Yunusabad");
    expect(noon.json<Branch>().distance).toBeLessThan(100);
    // Yunusabad delivers until 22:30; the 24/7 branch takes the late order.
    const late = await closest({ ...NEAR_YUNUSABAD, at: MONDAY_LATE });
    expect(late.json<Branch>().name.eng).toBe("Chilonzor (24/7)");
  });

  it("skips a branch on its day off", async () => {
    expect((await closest({ ...NEAR_MIROBOD, at: MONDAY_NOON })).json<Branch>().name.eng).toBe("Mirobod");
    expect((await closest({ ...NEAR_MIROBOD, at: SUNDAY_NOON })).json<Branch>().name.eng).not.toBe("Mirobod");
  });

  it("stays in the point's city: no open branch there is 404 NO_BRANCH", async () => {
    const samarkand = { lat: 39.655, lon: 66.97 };
    expect((await closest({ ...samarkand, at: MONDAY_NOON })).json<Branch>().name.eng).toBe("Registan");
    const night = await closest({ ...samarkand, at: MONDAY_LATE });
    expect(night.statusCode).toBe(404);
    expect(night.json()).toMatchObject({ code: "NO_BRANCH" });
  });

  it("honours type=PICK_UP and defaults to DELIVERY", async () => {
    const pickup = await closest({ ...NEAR_MIROBOD, type: "PICK_UP", at: "2026-11-16T21:45:00+05:00" });
    // Mirobod's pickup runs to 22:00, its delivery only to 21:30.
    expect(pickup.json<Branch>().name.eng).toBe("Mirobod");
    const delivery = await closest({ ...NEAR_MIROBOD, at: "2026-11-16T21:45:00+05:00" });
    expect(delivery.json<Branch>().name.eng).not.toBe("Mirobod");
  });

  it("refuses another merchant in the path and bad coordinates", async () => {
    const other = await closest({ ...NEAR_MIROBOD }, lavash, plov);
    expect(other.statusCode).toBe(403);
    expect((await closest({ lat: 95, lon: 69 })).statusCode).toBe(400);
    expect((await closest({ lat: "x", lon: 69 })).statusCode).toBe(400);
  });
});

describe("regions and tariff", () => {
  const tariff = (body: Record<string, unknown>, merchant = lavash) =>
    t.app.inject({
      method: "POST",
      url: "/api/deliveries/v1/delivery/tariff/client/calculate",
      headers: { merchant },
      payload: body,
    });

  it("lists delivery regions as [longitude, latitude] polygons", async () => {
    const res = await get("/users/v1/region", lavash);
    expect(res.statusCode).toBe(200);
    const regions = res.json<Region[]>();
    expect(regions).toHaveLength(6);
    const centre = regions.find((r) => r.name.eng === "Tashkent centre");
    expect(centre?.price).toBe(10_000);
    // [lon, lat]: the longitude (~69) comes first for Tashkent.
    expect(centre?.polygon[0]?.[0]).toBeGreaterThan(69);
    expect(centre && pointInRegion(centre.polygon, TASHKENT)).toBe(true);
    expect((await get("/users/v1/region", plov)).json<Region[]>().every((r) => r.merchantId === plov)).toBe(
      true,
    );
  });

  it("prices the region containing the point", async () => {
    const centre = await tariff({ productPrice: 50_000, ...TASHKENT });
    expect(centre.statusCode).toBe(200);
    expect(centre.json<Tariff>()).toMatchObject({ price: 10_000, basePrice: 10_000, free: false });
    expect(centre.json<Tariff>().regionName.eng).toBe("Tashkent centre");
    // 10 km north: the outer ring.
    const outer = await tariff({
      productPrice: 50_000,
      latitude: TASHKENT.latitude + 0.09,
      longitude: TASHKENT.longitude,
    });
    expect(outer.json<Tariff>()).toMatchObject({ price: 15_000, free: false });
    const samarkand = await tariff({ productPrice: 50_000, latitude: 39.654167, longitude: 66.959722 });
    expect(samarkand.json<Tariff>().price).toBe(12_000);
  });

  it("is free from the fee-free threshold on", async () => {
    const below = await tariff({ productPrice: 149_999.99, ...TASHKENT });
    expect(below.json<Tariff>().price).toBe(10_000);
    const at = await tariff({ productPrice: 150_000, ...TASHKENT });
    expect(at.json<Tariff>()).toMatchObject({
      price: 0,
      basePrice: 10_000,
      free: true,
      feeFreeThreshold: 150_000,
    });
  });

  it("answers OUT_OF_ZONE for a point outside every region", async () => {
    const res = await tariff({
      productPrice: 50_000,
      latitude: TASHKENT.latitude + 0.2,
      longitude: TASHKENT.longitude,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: "OUT_OF_ZONE", description: { eng: "Out of Service zone" } });
    expect((await tariff({ productPrice: 50_000, latitude: 0, longitude: 0 })).statusCode).toBe(400);
  });

  it("rejects a malformed request", async () => {
    expect((await tariff({ productPrice: -1, ...TASHKENT })).statusCode).toBe(400);
    expect((await tariff({ productPrice: 1, latitude: 41 })).statusCode).toBe(400);
  });
});

describe("order-check helpers", () => {
  it("find the region of a point and tell whether a branch takes an order", async () => {
    expect((await findRegionForPoint(t.db, { merchantId: lavash, ...TASHKENT }))?.price).toBe(10_000);
    expect(await findRegionForPoint(t.db, { merchantId: lavash, latitude: 0, longitude: 0 })).toBeUndefined();
    const branches = (await get("/users/v1/branches", lavash)).json<Branch[]>();
    const mirobod = byName(branches, "Mirobod");
    const check = (at: string, type: "PICK_UP" | "DELIVERY" = "PICK_UP") =>
      checkBranchOpen(t.db, { merchantId: lavash, branchId: mirobod.id, type, at: new Date(at) });
    expect((await check(MONDAY_NOON)).ok).toBe(true);
    expect(await check(SUNDAY_NOON)).toEqual({ ok: false, reason: "holiday" });
    expect(await check(MONDAY_LATE)).toEqual({ ok: false, reason: "closed" });
    expect(await checkBranchOpen(t.db, { merchantId: plov, branchId: mirobod.id, type: "PICK_UP" })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });
});
