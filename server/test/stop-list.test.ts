/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The stop-list finished (issue 44, point 14): an option (a modifier such as cheese) is listed once
// and stopped once for every product that offers it; "stop at every branch" reaches the branches the
// staff member works at, no others, in one transaction; the list says where each item is stopped;
// an open storefront page hears of the change on the menu's stream; and the refusal of an order
// with a stopped item names it in the customer's language.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  branches,
  branchStops,
  modificationGroups,
  modifications,
  products,
  staffBranches,
  users,
} from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let chilonzor: string;
let yunusobod: string;
let allBranches: string[];
let phoneSeq = 0;

async function person(merchant: string, role: "CUSTOMER" | "STAFF" = "CUSTOMER", bindTo: string[] = []) {
  phoneSeq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: merchant, phone: `+99893${String(2000000 + phoneSeq)}`, role })
    .returning();
  for (const branchId of bindTo)
    await t.db.insert(staffBranches).values({ merchantId: merchant, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { id: user!.id, token, merchant };
}
type Person = Awaited<ReturnType<typeof person>>;
const as = (p: Person) => ({ merchant: p.merchant, authorization: `Bearer ${p.token}` });

type Texts = { uz: string; ru: string; eng: string };
interface Spread {
  id: string;
  name: Texts;
  stopped: boolean;
  soldAt: string[];
  stoppedAt: string[];
}
interface StopList {
  products: (Spread & { categoryId: string })[];
  options: (Spread & { products: number; groupNames: Texts[] })[];
}

let boundStaff: Person; // works at Chilonzor and Yunusobod only
let unboundStaff: Person; // works at every lavash branch
let customer: Person;

async function stopList(who: Person, branchId = chilonzor): Promise<StopList> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/staff/v1/branches/${branchId}/stop-list`,
    headers: as(who),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<StopList>();
}

function put(who: Person, url: string, stopped: boolean) {
  return t.app.inject({ method: "PUT", url, headers: as(who), payload: { stopped } });
}

async function menuOf(branchId: string) {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/products/v1/overalls?type=WEB&branchId=${branchId}`,
    headers: { merchant: lavash },
  });
  return res.json<{
    products: {
      id: string;
      name: Texts;
      isAvailable: boolean;
      modificationGroups: { minSelect: number; modifications: { id: string; name: Texts }[] }[];
    }[];
  }>();
}

function placeAtChilonzor(
  cartItems: { productId: string; count: number; modifications: { id: string }[] }[],
) {
  return t.app.inject({
    method: "POST",
    url: "/api/orders/v1/orders",
    headers: as(customer),
    payload: { serviceType: "PICK_UP", paymentType: "CASH", branchId: chilonzor, cartItems },
  });
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  chilonzor = rows.find((b) => b.name.uz?.startsWith("Chilonzor"))!.id;
  yunusobod = rows.find((b) => b.name.uz?.startsWith("Yunusobod"))!.id;
  allBranches = rows.filter((b) => !b.deleted).map((b) => b.id);
  expect(allBranches.length).toBeGreaterThan(2);
  boundStaff = await person(lavash, "STAFF", [chilonzor, yunusobod]);
  unboundStaff = await person(lavash, "STAFF");
  customer = await person(lavash);
});

afterAll(async () => {
  await t.close();
});

describe("options in the stop-list", () => {
  it("lists each option once, however many products offer it", async () => {
    const list = await stopList(boundStaff);
    const names = list.options.map((o) => o.name.eng);
    expect(new Set(names).size).toBe(names.length);
    const cheese = list.options.find((o) => o.name.eng === "Cheese")!;
    expect(cheese.products).toBeGreaterThan(100);
    // The products carry no options of their own any more.
    expect(list.products.some((p) => "modifiers" in p)).toBe(false);
  });

  it("an option stopped once at a branch is unavailable under every product there, and nowhere else", async () => {
    const option = (await stopList(boundStaff)).options.find((o) => o.name.eng === "Mushrooms")!;
    const offering = (menu: Awaited<ReturnType<typeof menuOf>>) =>
      menu.products.filter((p) =>
        p.modificationGroups.some((g) => g.modifications.some((m) => m.name.eng === "Mushrooms")),
      );
    const before = offering(await menuOf(chilonzor));
    expect(before.length).toBe(option.products);

    const res = await put(
      boundStaff,
      `/api/staff/v1/branches/${chilonzor}/stop-list/modifiers/${option.id}`,
      true,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id: option.id, stopped: true, branchIds: [chilonzor] });
    try {
      expect(offering(await menuOf(chilonzor))).toEqual([]);
      expect(offering(await menuOf(yunusobod)).length).toBeGreaterThan(0);
      const listed = (await stopList(boundStaff)).options.find((o) => o.id === option.id)!;
      expect(listed.stopped).toBe(true);
      expect(listed.stoppedAt).toEqual([chilonzor]);

      // Ordered under a product other than the one whose modifier named the option: refused,
      // naming the product and the option in each language.
      const product = before.at(-1)!;
      const mushrooms = product.modificationGroups
        .flatMap((g) => g.modifications)
        .find((m) => m.name.eng === "Mushrooms")!;
      expect(mushrooms.id).not.toBe(option.id);
      const required = product.modificationGroups
        .filter((g) => g.minSelect > 0)
        .map((g) => ({ id: g.modifications[0]!.id }));
      const refused = await placeAtChilonzor([
        { productId: product.id, count: 1, modifications: [...required, { id: mushrooms.id }] },
      ]);
      expect(refused.statusCode, refused.body).toBe(400);
      const body = refused.json<{ code: string; description: Texts }>();
      expect(body.code).toBe("MODIFICATION_NOT_AVAILABLE");
      for (const lang of ["uz", "ru", "eng"] as const) {
        expect(body.description[lang]).toContain(product.name[lang]);
        expect(body.description[lang]).toContain(mushrooms.name[lang]);
      }
    } finally {
      await put(boundStaff, `/api/staff/v1/branches/${chilonzor}/stop-list/modifiers/${option.id}`, false);
    }
    expect(offering(await menuOf(chilonzor)).length).toBe(option.products);
  });
});

describe("stop at every branch", () => {
  const rowsOf = (column: "productId" | "modificationId", ids: string[]) =>
    t.db
      .select({ branchId: branchStops.branchId, createdDate: branchStops.createdDate })
      .from(branchStops)
      .where(and(eq(branchStops.merchantId, lavash), inArray(branchStops[column], ids)));

  it("stops a product at the staff member's branches only, in one transaction, and says where", async () => {
    const product = (await stopList(boundStaff)).products.find((p) => p.soldAt.length === 2)!;
    const res = await put(boundStaff, `/api/staff/v1/stop-list/products/${product.id}`, true);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ branchIds: string[] }>().branchIds.sort()).toEqual([chilonzor, yunusobod].sort());
    try {
      const rows = await rowsOf("productId", [product.id]);
      expect(rows.map((r) => r.branchId).sort()).toEqual([chilonzor, yunusobod].sort());
      // One transaction: every row carries its one start time.
      expect(new Set(rows.map((r) => r.createdDate.getTime())).size).toBe(1);
      // Bound staff see "2 of 2"; unbound staff "2 of" every branch selling it.
      const mine = (await stopList(boundStaff)).products.find((p) => p.id === product.id)!;
      expect(mine.stoppedAt.sort()).toEqual([chilonzor, yunusobod].sort());
      expect(mine.soldAt).toHaveLength(2);
      const theirs = (await stopList(unboundStaff)).products.find((p) => p.id === product.id)!;
      expect(theirs.stoppedAt).toHaveLength(2);
      expect(theirs.soldAt.length).toBeGreaterThan(2);
      expect((await menuOf(yunusobod)).products.find((p) => p.id === product.id)?.isAvailable).toBe(false);
    } finally {
      const back = await put(boundStaff, `/api/staff/v1/stop-list/products/${product.id}`, false);
      expect(back.statusCode).toBe(200);
    }
    expect(await rowsOf("productId", [product.id])).toEqual([]);
  });

  it("stops an option under every product at every branch; bound staff put it back at theirs only", async () => {
    const option = (await stopList(unboundStaff)).options.find((o) => o.name.eng === "Fries inside")!;
    const ids = (
      await t.db
        .select({ id: modifications.id, name: modifications.name })
        .from(modifications)
        .innerJoin(modificationGroups, eq(modificationGroups.id, modifications.groupId))
        .innerJoin(products, eq(products.id, modificationGroups.productId))
        .where(eq(modifications.merchantId, lavash))
    )
      .filter((m) => m.name.eng === "Fries inside")
      .map((m) => m.id);
    expect(ids.length).toBe(option.products);
    const res = await put(unboundStaff, `/api/staff/v1/stop-list/modifiers/${option.id}`, true);
    expect(res.statusCode, res.body).toBe(200);
    try {
      const rows = await rowsOf("modificationId", ids);
      expect(rows).toHaveLength(ids.length * allBranches.length);
      expect(new Set(rows.map((r) => r.createdDate.getTime())).size).toBe(1);
      const listed = (await stopList(unboundStaff)).options.find((o) => o.id === option.id)!;
      expect(listed.stoppedAt.length).toBe(listed.soldAt.length);

      const back = await put(boundStaff, `/api/staff/v1/stop-list/modifiers/${option.id}`, false);
      expect(back.json<{ branchIds: string[] }>().branchIds.sort()).toEqual([chilonzor, yunusobod].sort());
      const left = await rowsOf("modificationId", ids);
      expect(new Set(left.map((r) => r.branchId))).toEqual(
        new Set(allBranches.filter((b) => b !== chilonzor && b !== yunusobod)),
      );
    } finally {
      await put(unboundStaff, `/api/staff/v1/stop-list/modifiers/${option.id}`, false);
    }
    expect(await rowsOf("modificationId", ids)).toEqual([]);
  });

  it("lists what any of the caller's branches sells, 'stopped' meaning at every one of them", async () => {
    const all = async (who: Person) => {
      const res = await t.app.inject({ method: "GET", url: "/api/staff/v1/stop-list", headers: as(who) });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<StopList>();
    };
    const mine = await all(boundStaff);
    const own = new Set([chilonzor, yunusobod]);
    expect(mine.products.every((p) => p.soldAt.every((b) => own.has(b)))).toBe(true);
    expect(new Set(mine.products.map((p) => p.id)).size).toBe(mine.products.length);
    const product = mine.products.find((p) => p.soldAt.length === 2)!;
    const at = `/api/staff/v1/branches/${chilonzor}/stop-list/products/${product.id}`;
    await put(boundStaff, at, true);
    try {
      const once = (await all(boundStaff)).products.find((p) => p.id === product.id)!;
      expect(once.stopped).toBe(false);
      expect(once.stoppedAt).toEqual([chilonzor]);
      await put(boundStaff, `/api/staff/v1/stop-list/products/${product.id}`, true);
      expect((await all(boundStaff)).products.find((p) => p.id === product.id)?.stopped).toBe(true);
      // Unbound staff see it stopped at two of more branches: not everywhere.
      expect((await all(unboundStaff)).products.find((p) => p.id === product.id)?.stopped).toBe(false);
    } finally {
      await put(boundStaff, `/api/staff/v1/stop-list/products/${product.id}`, false);
    }
  });

  it("refuses customers, and another brand's items are not found", async () => {
    const [product] = await t.db.select().from(products).where(eq(products.merchantId, lavash)).limit(1);
    const refused = await put(customer, `/api/staff/v1/stop-list/products/${product!.id}`, true);
    expect(refused.statusCode).toBe(403);
    const [foreign] = await t.db.select().from(products).where(eq(products.merchantId, plov)).limit(1);
    const notFound = await put(unboundStaff, `/api/staff/v1/stop-list/products/${foreign!.id}`, true);
    expect(notFound.statusCode).toBe(404);
    expect(await rowsOf("productId", [foreign!.id])).toEqual([]);
  });
});

describe("the refusal of an order with a stopped product", () => {
  it("names the product in uz, ru and eng", async () => {
    const menu = await menuOf(chilonzor);
    const product = menu.products.find(
      (p) =>
        p.isAvailable &&
        p.modificationGroups.length === 0 &&
        new Set([p.name.uz, p.name.ru, p.name.eng]).size === 3,
    )!;
    await put(boundStaff, `/api/staff/v1/branches/${chilonzor}/stop-list/products/${product.id}`, true);
    try {
      const refused = await placeAtChilonzor([{ productId: product.id, count: 1, modifications: [] }]);
      expect(refused.statusCode, refused.body).toBe(400);
      const body = refused.json<{ code: string; description: Texts }>();
      expect(body.code).toBe("PRODUCT_NOT_AVAILABLE");
      expect(body.description.uz).toContain(product.name.uz);
      expect(body.description.ru).toContain(product.name.ru);
      expect(body.description.eng).toContain(product.name.eng);
      expect(body.description.ru).not.toContain(product.name.eng);
      expect(body.description.uz).not.toContain(product.name.eng);
    } finally {
      await put(boundStaff, `/api/staff/v1/branches/${chilonzor}/stop-list/products/${product.id}`, false);
    }
  });
});

describe("the storefront's menu stream", () => {
  it("tells an open page of the brand when its menu changes, and not of another brand's", async () => {
    const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
    const open = async (merchant: string) => {
      const controller = new AbortController();
      const res = await fetch(`${address}/api/products/v1/overalls/events`, {
        headers: { merchant },
        signal: controller.signal,
      });
      expect(res.headers.get("content-type")).toContain("text/event-stream");
      const reader = res.body!.getReader();
      await reader.read(); // the "connected" comment
      return { reader, controller };
    };
    const mine = await open(lavash);
    const other = await open(plov);
    const product = (await stopList(boundStaff)).products[0]!;
    await put(boundStaff, `/api/staff/v1/branches/${chilonzor}/stop-list/products/${product.id}`, true);
    await put(boundStaff, `/api/staff/v1/branches/${chilonzor}/stop-list/products/${product.id}`, false);
    const decoder = new TextDecoder();
    let text = "";
    const deadline = Date.now() + 2000;
    while (!text.includes("event: menu") && Date.now() < deadline) {
      const { value, done } = await mine.reader.read();
      if (done) break;
      text += decoder.decode(value);
    }
    mine.controller.abort();
    expect(text).toContain("event: menu");
    // plov's page hears nothing within a short wait.
    const quiet = await Promise.race([
      other.reader.read().then(({ value }) => decoder.decode(value)),
      new Promise<string>((resolve) => {
        setTimeout(() => {
          resolve("");
        }, 300);
      }),
    ]);
    other.controller.abort();
    expect(quiet).not.toContain("event: menu");
  });
});
