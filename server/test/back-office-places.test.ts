/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The back office's branches and delivery zones (issue 36): who may change them (owner and manager,
// bound to no branch; a bound manager's own branch: back-office-branches.test.ts), a branch's hours reaching the storefront's branch list, a drawn zone pricing
// the storefront's delivery at once, a self-crossing or overlapping zone refused, and the second of
// two editors refused instead of overwriting the first.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  PlaceBranch,
  PlaceBranchBody,
  PlaceZone,
  PlaceZoneBody,
} from "#domain/contract/back-office-places.ts";
import { WEEK_NAMES } from "#domain/enums.ts";
import type { BrandRole } from "#domain/staff-scope.ts";
import { branches, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let sushi: string;
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
      phone: `+99894${String(1000000 + seq)}`,
      firstName: "Dilnoza",
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
  return { headers: { merchant, authorization: `Bearer ${token}` }, name: `Dilnoza Owner ${String(seq)}` };
}
type Staff = Awaited<ReturnType<typeof staff>>;

const call = (who: Staff, method: "GET" | "POST" | "PUT" | "DELETE", url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/staff/v1/${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

const week = (open = "10:00", close = "22:00"): PlaceBranchBody["hours"] =>
  WEEK_NAMES.map((weekName) => ({ weekName, closed: weekName === "SUNDAY", open, close }));

const newBranch = (changes: Partial<PlaceBranchBody> = {}): PlaceBranchBody => ({
  name: { eng: "Chilonzor kitchen", ru: "Кухня Чиланзар" },
  address: { eng: "Bunyodkor avenue 5" },
  phone: "+998 90 200 00 00",
  latitude: 41.28,
  longitude: 69.2,
  isActive: true,
  services: ["DELIVERY", "PICK_UP"],
  hours: week(),
  ...changes,
});

// East of the demo's Tashkent zones (which end at longitude 69.384): room for new zones.
const square = (lon: number, lat: number, size = 0.02): [number, number][] => [
  [lon, lat],
  [lon + size, lat],
  [lon + size, lat + size],
  [lon, lat + size],
];
const newZone = (changes: Partial<PlaceZoneBody> = {}): PlaceZoneBody => ({
  name: { eng: "Far east", ru: "Дальний восток" },
  polygon: square(69.5, 41.3),
  price: 23000,
  minOrderAmount: 90000,
  ...changes,
});

const tariff = (latitude: number, longitude: number) =>
  t.app.inject({
    method: "POST",
    url: "/api/deliveries/v1/delivery/tariff/client/calculate",
    headers: { merchant: sushi },
    payload: { productPrice: 100000, latitude, longitude },
  });

beforeAll(async () => {
  t = await createTestApp();
  sushi = await merchantId(t, "sushi");
  plov = await merchantId(t, "plov");
});
afterAll(async () => {
  await t.close();
});

describe("who may change the brand's branches and zones", () => {
  it("an owner and an unbound manager may; a customer, an operator, a kitchen user and another brand's owner may not, and a bound manager adds no branch and no zone", async () => {
    const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, sushi));
    for (const who of [
      await staff(sushi, { brandRole: "OWNER" }),
      await staff(sushi, { brandRole: "MANAGER" }),
    ]) {
      expect((await call(who, "GET", "branches")).statusCode).toBe(200);
      expect((await call(who, "GET", "zones")).statusCode).toBe(200);
    }
    const refused = [
      await staff(sushi, { role: "CUSTOMER" }),
      await staff(sushi, { brandRole: "OPERATOR" }),
      await staff(sushi, { brandRole: "KITCHEN" }),
    ];
    for (const who of refused) {
      expect((await call(who, "GET", "branches")).statusCode).toBe(403);
      expect((await call(who, "POST", "branches", newBranch())).statusCode).toBe(403);
      expect((await call(who, "POST", "zones", newZone())).statusCode).toBe(403);
      expect(
        (await call(who, "PUT", `branches/${branch!.id}`, { ...newBranch(), version: 1 })).statusCode,
      ).toBe(403);
    }
    // A manager bound to a branch edits that branch's own card (back-office-branches.test.ts), never
    // adds a branch or touches the zones.
    const bound = await staff(sushi, { brandRole: "MANAGER", branch: branch!.id });
    expect((await call(bound, "POST", "branches", newBranch())).statusCode).toBe(403);
    expect((await call(bound, "GET", "zones")).statusCode).toBe(403);
    expect((await call(bound, "POST", "zones", newZone())).statusCode).toBe(403);
    // Another brand's owner reaches only their own brand: sushi's branch is not found for them.
    const plovOwner = await staff(plov, { brandRole: "OWNER" });
    const foreign = await call(plovOwner, "PUT", `branches/${branch!.id}`, { ...newBranch(), version: 1 });
    expect(foreign.statusCode).toBe(404);
    const [still] = await t.db.select().from(branches).where(eq(branches.id, branch!.id));
    expect(still!.name).toEqual(branch!.name);
  });
});

describe("branches", () => {
  it("a branch added with its hours is on the storefront's branch list with those hours, and the log names who added it", async () => {
    const owner = await staff(sushi, { brandRole: "OWNER" });
    const res = await call(owner, "POST", "branches", newBranch());
    expect(res.statusCode).toBe(200);
    const added = res.json<PlaceBranch>();
    expect(added).toMatchObject({ phone: "+998902000000", services: ["DELIVERY", "PICK_UP"], version: 1 });
    expect(added.hours.find((d) => d.weekName === "SUNDAY")).toMatchObject({ closed: true });

    const list = await t.app.inject({
      method: "GET",
      url: "/api/users/v1/branches",
      headers: { merchant: sushi },
    });
    const shown = list.json<
      {
        id: string;
        workHours: {
          type: string;
          hours: { weekName: string; open: string | null; isDayOff: boolean }[];
        }[];
      }[]
    >();
    const onStorefront = shown.find((b) => b.id === added.id);
    expect(onStorefront).toBeDefined();
    const delivery = onStorefront!.workHours.find((w) => w.type === "DELIVERY")!;
    expect(delivery.hours.find((h) => h.weekName === "MONDAY")).toMatchObject({
      open: "10:00",
      isDayOff: false,
    });
    expect(delivery.hours.find((h) => h.weekName === "SUNDAY")).toMatchObject({ isDayOff: true });

    const log = await call(owner, "GET", `audit?entity=branch&entityId=${added.id}`);
    expect(log.json<unknown[]>()[0]).toMatchObject({ by: owner.name, entity: "branch", action: "create" });
  });

  it("past-midnight hours are kept, and the second of two editors is refused with who saved and when", async () => {
    const first = await staff(sushi, { brandRole: "OWNER" });
    const second = await staff(sushi, { brandRole: "MANAGER" });
    const added = (await call(first, "POST", "branches", newBranch())).json<PlaceBranch>();
    const body = { ...newBranch({ hours: week("18:00", "03:00") }), version: added.version };
    const saved = await call(first, "PUT", `branches/${added.id}`, body);
    expect(saved.statusCode).toBe(200);
    expect(saved.json<PlaceBranch>().hours[0]).toMatchObject({
      open: "18:00",
      close: "03:00",
      closed: false,
    });

    const late = await call(second, "PUT", `branches/${added.id}`, { ...body, phone: null });
    expect(late.statusCode).toBe(409);
    const refusal = late.json<{ code: string; description: { eng: string } }>();
    expect(refusal.code).toBe("EDIT_CONFLICT");
    expect(refusal.description.eng).toMatch(new RegExp(`^Changed by ${first.name} at \\d\\d:\\d\\d`));
  });

  it("refuses a branch without a name, with a wrong phone, an hour that is not a time or a missing weekday, and adds nothing", async () => {
    const owner = await staff(sushi, { brandRole: "OWNER" });
    const before = (await call(owner, "GET", "branches")).json<unknown[]>().length;
    for (const bad of [
      newBranch({ name: { eng: " " } }),
      newBranch({ phone: "12ab" }),
      newBranch({ hours: week("25:00") }),
      newBranch({ hours: week().slice(1) }),
      newBranch({ latitude: 91 }),
    ]) {
      const res = await call(owner, "POST", "branches", bad);
      expect(res.statusCode).toBe(400);
    }
    expect((await call(owner, "GET", "branches")).json<unknown[]>()).toHaveLength(before);
  });
});

describe("delivery zones", () => {
  it("a drawn zone prices the storefront's delivery at once; changing its price and deleting it follow at once too", async () => {
    const owner = await staff(sushi, { brandRole: "OWNER" });
    expect((await tariff(41.31, 69.51)).statusCode).toBe(400);
    const res = await call(owner, "POST", "zones", newZone());
    expect(res.statusCode).toBe(200);
    const zone = res.json<PlaceZone>();
    const quote = await tariff(41.31, 69.51);
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({ price: 23000, regionId: zone.id });

    const repriced = await call(owner, "PUT", `zones/${zone.id}`, {
      ...newZone({ price: 26000 }),
      version: zone.version,
    });
    expect(repriced.statusCode).toBe(200);
    expect((await tariff(41.31, 69.51)).json()).toMatchObject({ price: 26000 });

    const stale = await call(owner, "DELETE", `zones/${zone.id}?version=${String(zone.version)}`);
    expect(stale.statusCode).toBe(409);
    const gone = await call(owner, "DELETE", `zones/${zone.id}?version=${String(zone.version + 1)}`);
    expect(gone.statusCode).toBe(204);
    expect((await tariff(41.31, 69.51)).statusCode).toBe(400);
    const log = await call(owner, "GET", `audit?entity=zone&entityId=${zone.id}`);
    expect(log.json<{ action: string }[]>().map((e) => e.action)).toEqual(["delete", "update", "create"]);
  });

  it("refuses a self-crossing zone and one over another zone with a message naming it, and saves nothing", async () => {
    const owner = await staff(sushi, { brandRole: "OWNER" });
    const before = (await call(owner, "GET", "zones")).json<unknown[]>().length;
    const bowtie: [number, number][] = [
      [69.6, 41.3],
      [69.62, 41.32],
      [69.62, 41.3],
      [69.6, 41.32],
    ];
    const crossing = await call(owner, "POST", "zones", newZone({ polygon: bowtie }));
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json()).toMatchObject({ code: "ZONE_SELF_CROSSING" });

    // Over the demo's "tashkent-centre".
    const over = await call(owner, "POST", "zones", newZone({ polygon: square(69.23, 41.3) }));
    expect(over.statusCode).toBe(400);
    const body = over.json<{ code: string; description: { eng: string } }>();
    expect(body.code).toBe("ZONE_OVERLAP");
    expect(body.description.eng).toContain('"');

    // Sharing a border with another zone is not an overlap.
    const west = await call(owner, "POST", "zones", newZone({ polygon: square(69.7, 41.3) }));
    const east = await call(owner, "POST", "zones", newZone({ polygon: square(69.72, 41.3) }));
    expect([west.statusCode, east.statusCode]).toEqual([200, 200]);

    for (const bad of [
      newZone({ polygon: square(69.8, 41.3).slice(0, 2) }),
      newZone({ price: -1 }),
      newZone({ name: {} }),
    ]) {
      expect((await call(owner, "POST", "zones", bad)).statusCode).toBe(400);
    }
    expect((await call(owner, "GET", "zones")).json<unknown[]>()).toHaveLength(before + 2);
  });

  it("a zone's own minimum order holds for an order delivered into it when it is above the brand's", async () => {
    const owner = await staff(sushi, { brandRole: "OWNER" });
    const zone = await call(
      owner,
      "POST",
      "zones",
      newZone({ polygon: square(69.9, 41.3), minOrderAmount: 900_000 }),
    );
    expect(zone.statusCode).toBe(200);
    const [customer] = await t.db
      .insert(users)
      .values({ merchantId: sushi, phone: "+998947777001", firstName: "Guest", role: "CUSTOMER" })
      .returning();
    const { token } = await createSession(t.db, { merchantId: sushi, userId: customer!.id, channel: "WEB" });
    const menu = await t.app.inject({
      method: "GET",
      url: "/api/products/v1/overalls?type=WEB",
      headers: { merchant: sushi },
    });
    const dish = menu
      .json<{
        products: { id: string; costPrice: number; isAvailable: boolean; modificationGroups: unknown[] }[];
      }>()
      .products.find((p) => p.isAvailable && p.modificationGroups.length === 0 && p.costPrice >= 60_000 / 3)!;
    const count = Math.ceil(60_000 / dish.costPrice);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/orders/v1/orders",
      headers: { merchant: sushi, authorization: `Bearer ${token}` },
      payload: {
        serviceType: "DELIVERY",
        paymentType: "CASH",
        cartItems: [{ productId: dish.id, count, modifications: [] }],
        address: { name: "Far east 1", houseNumber: "1", latitude: 41.31, longitude: 69.91 },
      },
    });
    // Above the brand's own 50 000, below the zone's 900 000.
    expect(res.json()).toMatchObject({ code: "MIN_ORDER_AMOUNT" });
    expect(res.json<{ description: { eng: string } }>().description.eng).toMatch(/900/);
  });
});
