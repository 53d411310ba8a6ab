/* eslint-disable @typescript-eslint/no-non-null-assertion -- the demo brands exist; a missing one should fail loudly */
// The back office's content (issue 36): owners and managers publish the brand's pages and
// vacancies, which the storefront answers at its next read; everyone else is refused; a save over a
// newer one is refused with who and when; bad input is refused at its field; the log keeps it all.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandRole } from "#domain/staff-scope.ts";
import type { EditorPage, EditorVacancy } from "#domain/contract/back-office-content.ts";
import type { AuditEntry } from "#domain/contract/back-office.ts";
import { branches, staffBranches, users } from "../src/db/schema/index.ts";
import { createSession } from "../src/repositories/sessions.ts";
import { createTestApp, merchantId, type TestApp } from "./support/app.ts";

let t: TestApp;
let lavash: string;
let plov: string;
let seq = 0;

async function member(
  merchant: string,
  options: { role?: "CUSTOMER" | "STAFF"; brandRole?: BrandRole | null; branch?: string; name?: string } = {},
) {
  seq += 1;
  const [user] = await t.db
    .insert(users)
    .values({
      merchantId: merchant,
      phone: `+99895${String(1000000 + seq)}`,
      firstName: options.name ?? "Zarina",
      lastName: `Editor ${String(seq)}`,
      role: options.role ?? "STAFF",
      brandRole: options.brandRole ?? null,
    })
    .returning();
  if (options.branch)
    await t.db
      .insert(staffBranches)
      .values({ merchantId: merchant, userId: user!.id, branchId: options.branch });
  const { token } = await createSession(t.db, { merchantId: merchant, userId: user!.id, channel: "WEB" });
  return { merchant, authorization: `Bearer ${token}` };
}
type Headers = Awaited<ReturnType<typeof member>>;

const call = (headers: Headers, method: "GET" | "PUT" | "POST" | "DELETE", url: string, payload?: object) =>
  payload === undefined
    ? t.app.inject({ method, url: `/api/staff/v1${url}`, headers })
    : t.app.inject({ method, url: `/api/staff/v1${url}`, headers, payload });

const pages = async (who: Headers) => (await call(who, "GET", "/pages")).json<EditorPage[]>();
const storefront = (merchant: string, url: string) =>
  t.app.inject({ method: "GET", url: `/api${url}`, headers: { merchant } });

beforeAll(async () => {
  t = await createTestApp();
  lavash = await merchantId(t, "lavash");
  plov = await merchantId(t, "plov");
}, 60_000);

afterAll(async () => {
  await t.app.close();
  await t.close();
});

describe("the brand's pages from the back office", () => {
  it("a manager publishes the privacy policy and the storefront answers the new text at once", async () => {
    const manager = await member(plov, { brandRole: "MANAGER" });
    const privacy = (await pages(manager)).find((p) => p.kind === "PRIVACY_POLICY")!;
    const res = await call(manager, "PUT", "/pages/PRIVACY_POLICY", {
      savedAt: privacy.savedAt,
      body: {
        uz: "  Ma'lumotlaringiz himoyalangan.  ",
        ru: "Ваши данные защищены.\n\nВторой абзац.",
        eng: "",
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = res.json<EditorPage>();
    expect(saved.body).toEqual({
      uz: "Ma'lumotlaringiz himoyalangan.",
      ru: "Ваши данные защищены.\n\nВторой абзац.",
    });
    const shown = await storefront(plov, "/support/v1/company/policies?policies=PRIVACY_POLICY");
    expect(shown.statusCode).toBe(200);
    expect(shown.json<{ text: Record<string, string> }>().text.ru).toBe(
      "Ваши данные защищены.\n\nВторой абзац.",
    );
  });

  it("refuses the second of two editors with who saved it and when, and keeps the first one's text", async () => {
    const first = await member(plov, { brandRole: "OWNER", name: "Bobur" });
    const second = await member(plov, { brandRole: "MANAGER" });
    const about = (await pages(first)).find((p) => p.kind === "ABOUT_COMPANY")!;
    const opened = about.savedAt;
    expect(
      (await call(first, "PUT", "/pages/ABOUT_COMPANY", { savedAt: opened, body: { ru: "Первый" } }))
        .statusCode,
    ).toBe(200);
    const late = await call(second, "PUT", "/pages/ABOUT_COMPANY", {
      savedAt: opened,
      body: { ru: "Второй" },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json<{ code: string; description: { eng: string } }>().code).toBe("EDIT_CONFLICT");
    expect(late.json<{ description: { eng: string } }>().description.eng).toMatch(
      /^Changed by Bobur Editor \d+ at \d\d:\d\d/,
    );
    const shown = await storefront(plov, "/support/v1/company/policies?policies=ABOUT_COMPANY");
    expect(shown.json<{ text: Record<string, string> }>().text.ru).toBe("Первый");
  });

  it("publishes an extra page with its title, refuses one without, and takes it down when emptied", async () => {
    const owner = await member(lavash, { brandRole: "OWNER" });
    const extra3 = (await pages(owner)).find((p) => p.kind === "extr3")!;
    const untitled = await call(owner, "PUT", "/pages/extr3", {
      savedAt: extra3.savedAt,
      title: {},
      body: { ru: "Доставка" },
    });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json<{ description: { ru: string } }>().description.ru).toContain("заголовок");
    const made = await call(owner, "PUT", "/pages/extr3", {
      savedAt: extra3.savedAt,
      title: { ru: "Доставка" },
      body: { ru: "Привозим за 40 минут." },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect((await storefront(lavash, "/support/v1/extra-pages/extr3")).statusCode).toBe(200);
    const down = await call(owner, "PUT", "/pages/extr3", {
      savedAt: made.json<EditorPage>().savedAt,
      title: {},
      body: {},
    });
    expect(down.statusCode).toBe(200);
    expect(down.json<EditorPage>().savedAt).toBeNull();
    expect((await storefront(lavash, "/support/v1/extra-pages/extr3")).statusCode).toBe(404);
  });

  it("is refused to an operator, a kitchen, a customer, a manager bound to a branch and another brand's owner", async () => {
    const [branch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, plov))
      .limit(1);
    const sushiOwner = await member(await merchantId(t, "sushi"), { brandRole: "OWNER" });
    const refused = [
      await member(plov, { brandRole: "OPERATOR" }),
      await member(plov, { brandRole: "KITCHEN" }),
      await member(plov, { role: "CUSTOMER" }),
      await member(plov, { brandRole: "MANAGER", branch: branch!.id }),
      { ...sushiOwner, merchant: plov },
    ];
    for (const who of refused) {
      const res = await call(who, "PUT", "/pages/TERMS", { savedAt: null, body: { ru: "Чужой текст" } });
      expect(res.statusCode).toBeGreaterThanOrEqual(401);
      expect(res.statusCode).toBeLessThanOrEqual(403);
      expect((await call(who, "GET", "/vacancies")).statusCode).toBeGreaterThanOrEqual(401);
    }
    const terms = await storefront(plov, "/support/v1/company/policies?policies=TERMS");
    expect(terms.body).not.toContain("Чужой текст");
  });
});

describe("the brand's vacancies from the back office", () => {
  it("are added, changed and removed, each on the storefront's list at once, and logged with who did it", async () => {
    const manager = await member(lavash, { brandRole: "MANAGER", name: "Kamola" });
    const [branch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash))
      .limit(1);
    const made = await call(manager, "POST", "/vacancies", {
      position: { ru: "Повар", uz: "Oshpaz" },
      requirements: { ru: "Опыт от года" },
      responsible: "Aziz",
      phone: "90 123 45 67",
      telegram: "@lavash_jobs",
      salary: 6_000_000,
      branchId: branch!.id,
      isActive: true,
    });
    expect(made.statusCode, made.body).toBe(201);
    const vacancy = made.json<EditorVacancy>();
    expect(vacancy.phone).toBe("+998901234567");
    expect(vacancy.telegram).toBe("lavash_jobs");
    const listed = async () =>
      (await storefront(lavash, "/support/v1/vacancies")).json<{ id: string; salary: number | null }[]>();
    expect((await listed()).find((v) => v.id === vacancy.id)?.salary).toBe(6_000_000);

    const changed = await call(manager, "PUT", `/vacancies/${vacancy.id}`, {
      savedAt: vacancy.savedAt,
      position: vacancy.position,
      requirements: vacancy.requirements,
      responsible: "Aziz",
      phone: "+998901234567",
      telegram: "lavash_jobs",
      salary: null,
      branchId: branch!.id,
      isActive: true,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await listed()).find((v) => v.id === vacancy.id)?.salary).toBeNull();

    expect((await call(manager, "DELETE", `/vacancies/${vacancy.id}`)).statusCode).toBe(204);
    expect((await listed()).some((v) => v.id === vacancy.id)).toBe(false);

    const log = (await call(manager, "GET", `/audit?entity=vacancy&entityId=${vacancy.id}`)).json<
      AuditEntry[]
    >();
    expect(log.map((e) => e.action)).toEqual(["delete", "update", "create"]);
    expect(log.every((e) => e.by?.startsWith("Kamola Editor"))).toBe(true);
    expect(log[1]!.before).toMatchObject({ salary: 6_000_000 });
    expect(log[1]!.after).toMatchObject({ salary: null });
  });

  it("refuses a bad phone, a bad Telegram name and a negative salary at their fields, and another brand's branch", async () => {
    const owner = await member(plov, { brandRole: "OWNER" });
    const body = {
      position: { ru: "Курьер" },
      requirements: {},
      responsible: null,
      phone: null,
      telegram: null,
      salary: null,
      branchId: null,
      isActive: true,
    };
    for (const [field, value] of [
      ["phone", "12345"],
      ["telegram", "a b"],
      ["salary", -1],
      ["position", {}],
    ] as const) {
      const res = await call(owner, "POST", "/vacancies", { ...body, [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(field);
    }
    const [lavashBranch] = await t.db
      .select({ id: branches.id })
      .from(branches)
      .where(eq(branches.merchantId, lavash))
      .limit(1);
    const foreign = await call(owner, "POST", "/vacancies", { ...body, branchId: lavashBranch!.id });
    expect(foreign.statusCode).toBe(404);
  });
});
