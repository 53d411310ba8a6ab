/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The owner's side of the back office (issue 36): who may run the brand's staff, settings, banners
// and promo codes; an invited person signing in; the last owner kept; secrets never sent back.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRole } from "#domain/staff-scope.ts";
import type { StaffMember } from "#domain/contract/back-office-brand.ts";
import type { AuditEntry } from "#domain/contract/back-office.ts";
import { branches, sessions, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let lavashBranch: string;
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
      firstName: "Olim",
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
  return {
    id: user!.id,
    phone: user!.phone!,
    merchant,
    headers: { merchant, authorization: `Bearer ${token}` },
  };
}
type Staff = Awaited<ReturnType<typeof staff>>;

const call = (
  who: Staff,
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  payload?: Record<string, unknown>,
) =>
  t.app.inject({
    method,
    url: `/api/staff/v1/${url}`,
    headers: who.headers,
    ...(payload ? { payload } : {}),
  });

/** The refused callers of an owner's area: a customer, staff of other roles, a bound manager, an owner bound to a branch. */
async function refusedAtLavash() {
  return [
    await staff(lavash, { role: "CUSTOMER" }),
    await staff(lavash, { brandRole: "OPERATOR" }),
    await staff(lavash, { brandRole: "KITCHEN" }),
    await staff(lavash, { brandRole: "MANAGER" }),
    await staff(lavash, { brandRole: "MANAGER", branch: lavashBranch }),
    await staff(lavash, { brandRole: "OWNER", branch: lavashBranch }),
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
  const [branch] = await t.db.select().from(branches).where(eq(branches.merchantId, lavash));
  lavashBranch = branch!.id;
});
afterAll(async () => {
  await t.close();
});

describe("the brand's staff", () => {
  it("an owner invites a manager by phone; signed in, the manager may open the menu but not the staff", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const invited = await call(owner, "POST", "staff-members", {
      phone: "90 555 12 34",
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(invited.statusCode).toBe(201);
    const member = invited.json<StaffMember>();
    expect(member).toMatchObject({
      phone: "+998905551234",
      brandRole: "MANAGER",
      branchIds: [],
      self: false,
    });

    const list = (await call(owner, "GET", "staff-members")).json<StaffMember[]>();
    expect(list.find((m) => m.id === member.id)).toMatchObject({ brandRole: "MANAGER" });
    expect(list.find((m) => m.id === owner.id)).toMatchObject({ brandRole: "OWNER", self: true });

    // Signed in (the SMS code sign-in itself is the console journey's): a session of theirs.
    const { token } = await createSession(t.db, { merchantId: lavash, userId: member.id, channel: "WEB" });
    const manager = {
      id: member.id,
      merchant: lavash,
      headers: { merchant: lavash, authorization: `Bearer ${token}` },
    };
    const me = (await call(manager, "GET", "me")).json<{ manages: string[]; brandRole: string }>();
    expect(me.brandRole).toBe("MANAGER");
    expect(me.manages).toContain("menu");
    expect(me.manages).not.toContain("staff");
    expect((await call(manager, "GET", "staff-members")).statusCode).toBe(403);

    const log = (await call(owner, "GET", "audit?entity=staff")).json<AuditEntry[]>();
    expect(log[0]).toMatchObject({ entity: "staff", entityId: member.id, action: "create" });
  });

  it("changing a role and binding takes effect on the member's next call; removing them revokes their sessions at once", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const manager = await staff(lavash, { brandRole: "MANAGER" });
    expect((await call(manager, "GET", "products")).statusCode).toBe(200);

    const bound = await call(owner, "PUT", `staff-members/${manager.id}`, {
      brandRole: "OPERATOR",
      branchIds: [lavashBranch],
    });
    expect(bound.statusCode).toBe(200);
    expect(bound.json<StaffMember>()).toMatchObject({ brandRole: "OPERATOR", branchIds: [lavashBranch] });
    expect((await call(manager, "GET", "products")).statusCode).toBe(403);

    const removed = await call(owner, "DELETE", `staff-members/${manager.id}`);
    expect(removed.statusCode).toBe(204);
    expect((await call(manager, "GET", "me")).statusCode).toBe(401);
    const live = await t.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, manager.id)));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
    const [user] = await t.db.select().from(users).where(eq(users.id, manager.id));
    expect(user!.role).toBe("CUSTOMER");
    const list = (await call(owner, "GET", "staff-members")).json<StaffMember[]>();
    expect(list.some((m) => m.id === manager.id)).toBe(false);
  });

  it("the brand's last owner cannot remove or demote themself; with a second owner they can", async () => {
    // sushi has no owner in the tests' demo data: this one is its only one.
    const sushi = await merchantId(t, "sushi");
    const only = await staff(sushi, { brandRole: "OWNER" });
    const demote = await call(only, "PUT", `staff-members/${only.id}`, {
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toMatchObject({ code: "LAST_OWNER" });
    const bind = await call(only, "PUT", `staff-members/${only.id}`, { brandRole: "OWNER", branchIds: [] });
    expect(bind.statusCode).toBe(200);
    const remove = await call(only, "DELETE", `staff-members/${only.id}`);
    expect(remove.statusCode).toBe(409);
    expect(remove.json()).toMatchObject({ code: "LAST_OWNER" });

    const second = await call(only, "POST", "staff-members", {
      phone: "+998948888888",
      brandRole: "OWNER",
      branchIds: [],
    });
    expect(second.statusCode).toBe(201);
    const demoted = await call(only, "PUT", `staff-members/${only.id}`, {
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(demoted.statusCode).toBe(200);
  });

  it("refuses a bad phone, a phone that already is staff and another brand's branch at the field, and writes nothing", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const [plovBranch] = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
    const before = (await call(owner, "GET", "staff-members")).json<StaffMember[]>().length;
    const bad = await call(owner, "POST", "staff-members", {
      phone: "12",
      brandRole: "MANAGER",
      branchIds: [],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: "PHONE_INVALID" });
    const noRole = await call(owner, "POST", "staff-members", {
      phone: "+998901110000",
      brandRole: "COURIER",
      branchIds: [],
    });
    expect(noRole.statusCode).toBe(400);
    const twice = await call(owner, "POST", "staff-members", {
      phone: owner.phone,
      brandRole: "KITCHEN",
      branchIds: [],
    });
    expect(twice.json()).toMatchObject({ code: "STAFF_MEMBER_EXISTS" });
    const foreign = await call(owner, "POST", "staff-members", {
      phone: "+998901110001",
      brandRole: "KITCHEN",
      branchIds: [plovBranch!.id],
    });
    expect(foreign.statusCode).toBe(404);
    expect((await call(owner, "GET", "staff-members")).json<StaffMember[]>()).toHaveLength(before);
  });

  it("a customer, a manager, an operator, a kitchen user, bound staff and another brand's owner may not see or change the staff", async () => {
    const owner = await staff(lavash, { brandRole: "OWNER" });
    const target = await staff(lavash, { brandRole: "KITCHEN" });
    for (const who of await refusedAtLavash()) {
      expect((await call(who, "GET", "staff-members")).statusCode).toBe(403);
      const put = await call(who, "PUT", `staff-members/${target.id}`, { brandRole: "OWNER", branchIds: [] });
      expect(put.statusCode).toBe(403);
      expect((await call(who, "DELETE", `staff-members/${target.id}`)).statusCode).toBe(403);
      expect(
        (
          await call(who, "POST", "staff-members", {
            phone: "+998901119999",
            brandRole: "OWNER",
            branchIds: [],
          })
        ).statusCode,
      ).toBe(403);
    }
    const plovOwner = await staff(plov, { brandRole: "OWNER" });
    expect(
      (await call(plovOwner, "PUT", `staff-members/${target.id}`, { brandRole: "OWNER", branchIds: [] }))
        .statusCode,
    ).toBe(404);
    expect((await call(plovOwner, "DELETE", `staff-members/${target.id}`)).statusCode).toBe(404);
    const list = (await call(owner, "GET", "staff-members")).json<StaffMember[]>();
    expect(list.find((m) => m.id === target.id)).toMatchObject({ brandRole: "KITCHEN" });
  });
});
