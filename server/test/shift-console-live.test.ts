/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brand's fixtures exist; a missing one should fail loudly */
// The shift console's waiter calls (issue 44, item 7): a call made at a table reaches the staff on
// their live stream, like orders, within their branches; the console lists the calls of every
// branch the caller may see ("All branches"), each naming its branch.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { branches, diningTables, staffBranches, users, waiterCalls } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { freshIp } from "./support/accounts.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

/** Beshyog'och's terrace (T1) and Yunusobod's main hall. */
const BESHYOGOCH_TABLE = "plov-Ja4rF2";
const YUNUSABAD_TABLE = "plov-Ni5wS7";

let t: TestApp;
let plov: string;
let beshyogoch: string;
let yunusabad: string;
let seq = 0;
let listening: Promise<string> | null = null;
const serverAddress = () => (listening ??= t.app.listen({ port: 0, host: "127.0.0.1" }));

async function staffMember(bindTo: string[] = []) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({ merchantId: plov, phone: `+99893${String(5000000 + seq)}`, role: "STAFF" })
    .returning();
  for (const branchId of bindTo)
    await t.db.insert(staffBranches).values({ merchantId: plov, userId: user!.id, branchId });
  const { token } = await createSession(t.db, { merchantId: plov, userId: user!.id, channel: "WEB" });
  return { merchant: plov, authorization: `Bearer ${token}` };
}

async function callWaiter(code: string) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/orders/v1/waiter-calls",
    headers: { merchant: plov },
    remoteAddress: freshIp(),
    payload: { tableCode: code, reason: "CALL" },
  });
  expect([200, 201]).toContain(res.statusCode);
  return res.json<{ id: string; branchId: string; tableId: string }>();
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
  const rows = await t.db.select().from(branches).where(eq(branches.merchantId, plov));
  beshyogoch = rows.find((b) => b.name.uz === "Beshyog'och")!.id;
  yunusabad = rows.find((b) => b.name.uz === "Yunusobod")!.id;
});

afterAll(async () => {
  await t.close();
});

describe("waiter calls on the staff stream", () => {
  it("tells staff of a new call and of its answer, and staff bound elsewhere hear nothing of it", async () => {
    const everywhere = await staffMember();
    const atYunusabad = await staffMember([yunusabad]);
    const address = await serverAddress();
    const controller = new AbortController();
    const open = (headers: Record<string, string>) =>
      fetch(`${address}/api/staff/v1/events`, { headers, signal: controller.signal });
    const [all, bound] = await Promise.all([open(everywhere), open(atYunusabad)]);
    expect([all.status, bound.status]).toEqual([200, 200]);
    const readingAll = readStream(all, (text) => text.includes('"status":"ACKNOWLEDGED"'), 5000);
    const readingBound = readStream(bound, (text) => text.includes("event: call"), 2000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const call = await callWaiter(BESHYOGOCH_TABLE);
    const ack = await t.app.inject({
      method: "PUT",
      url: `/api/staff/v1/waiter-calls/${call.id}/acknowledge`,
      headers: everywhere,
    });
    expect(ack.statusCode, ack.body).toBe(200);
    const [textAll, textBound] = await Promise.all([readingAll, readingBound]);
    controller.abort();
    const events = textAll
      .split("\n\n")
      .filter((block) => block.startsWith("event: call"))
      .map((block) => JSON.parse(block.split("data: ")[1]!) as Record<string, unknown>);
    expect(events).toEqual([
      { callId: call.id, status: "OPEN", branchId: beshyogoch, tableId: call.tableId },
      { callId: call.id, status: "ACKNOWLEDGED", branchId: beshyogoch, tableId: call.tableId },
    ]);
    expect(textBound).toContain(": connected");
    expect(textBound).not.toContain("event: call");
  });
});

describe("waiter calls under All branches", () => {
  it("lists the calls of every branch the caller may see, each with its branch's name", async () => {
    const here = await callWaiter(BESHYOGOCH_TABLE);
    // Yunusobod keeps day hours: its call is written as the guest's would be, at any hour of the run.
    const [table] = await t.db.select().from(diningTables).where(eq(diningTables.code, YUNUSABAD_TABLE));
    const [there] = await t.db
      .insert(waiterCalls)
      .values({
        merchantId: plov,
        branchId: yunusabad,
        hallId: table!.hallId,
        tableId: table!.id,
        reason: "CALL",
      })
      .returning();
    if (!there) throw new Error("no call written");
    const list = async (headers: Record<string, string>, query = "") => {
      const res = await t.app.inject({ method: "GET", url: `/api/staff/v1/waiter-calls${query}`, headers });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ id: string; branchId: string; branchName: { uz?: string } }[]>();
    };
    const everyBranch = await list(await staffMember());
    expect(everyBranch.map((c) => c.id)).toEqual(expect.arrayContaining([here.id, there.id]));
    expect(everyBranch.find((c) => c.id === there.id)?.branchName.uz).toBe("Yunusobod");

    const bound = await staffMember([yunusabad]);
    expect((await list(bound)).map((c) => c.id)).toEqual([there.id]);
    const refused = await t.app.inject({
      method: "GET",
      url: `/api/staff/v1/waiter-calls?branchId=${beshyogoch}`,
      headers: bound,
    });
    expect(refused.statusCode).toBe(403);
  });
});
