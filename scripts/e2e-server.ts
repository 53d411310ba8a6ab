// The server for the Playwright journeys: a fresh data directory each run, so the demo brands are
// imported anew and no state leaks from an earlier run. Configuration comes from the environment
// (playwright.config.ts sets PORT, HOST, DEMO and DATA_DIR).
import fs from "node:fs";
import path from "node:path";

const dataDir = path.resolve(process.env.DATA_DIR ?? ".data-e2e");
if (!path.basename(dataDir).startsWith(".data-e2e")) {
  throw new Error(`Refusing to delete ${dataDir}: the e2e data directory must be named .data-e2e*`);
}
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

// Where PostgreSQL is reachable the journeys' server runs on it, in a database of its own made anew
// (savat_e2e_<port>, the one this script drops): the embedded database's engine runs on the server's
// own thread, and there the server took twice the CPU for the same journeys (50 s against 27 s for
// orders and content, 2026-11-28). Elsewhere, or with E2E_DATABASE=pglite, the embedded one. The
// server tests run on both either way.
if (process.env.E2E_DATABASE !== "pglite" && process.env.DATABASE_URL === undefined) {
  const admin = process.env.SAVAT_TEST_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const name = `savat_e2e_${process.env.PORT ?? "4318"}`;
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: admin, connectionTimeoutMillis: 2_000 });
  const reachable = await client.connect().then(
    () => true,
    () => false,
  );
  if (reachable) {
    try {
      await client.query(`drop database if exists ${name} with (force)`);
      await client.query(`create database ${name}`);
    } finally {
      await client.end();
    }
    const url = new URL(admin);
    url.pathname = `/${name}`;
    process.env.DATABASE_URL = url.toString();
  }
}

/**
 * The staff console's journey users (e2e/staff.spec.ts, staff-sections.spec.ts, staff-shift.spec.ts
 * and visual.spec.ts use the same numbers); with a branch (its Uzbek name), bound to it alone.
 */
const STAFF_CONSOLE_PHONES: [
  brand: string,
  phone: string,
  branch?: string,
  brandRole?: "MANAGER" | "OWNER" | "OPERATOR",
][] = [
  ["lavash", "+998977000001"],
  ["lavash", "+998977000002"],
  ["lavash", "+998977000003"],
  ["plov", "+998977000004"],
  ["plov", "+998977000005"],
  ["plov", "+998977000006", "Yunusobod"],
  ["plov", "+998977000007"],
  ["lavash", "+998977000008"],
  ["plov", "+998977000009"],
  ["lavash", "+998977000010"],
  ["plov", "+998977000011"],
  ["lavash", "+998977000012"],
  // The back office's manager (e2e/staff-sections.spec.ts), bound to no branch.
  ["plov", "+998977000013", undefined, "MANAGER"],
  // staff-sections.spec.ts: an option stopped at every branch (issue 44, point 14).
  ["lavash", "+998977000414"],
  // Lavash: the customer's slip, the ticket's modifiers and the cancel dialog's focus (staff-shift).
  ["lavash", "+998977000048"],
  // Lavash: the board's visual references (visual.spec.ts), one per language and size.
  ["lavash", "+998977000044"],
  ["lavash", "+998977000045"],
  ["lavash", "+998977000046"],
  ["lavash", "+998977000047"],
  // The bookings inbox journey (staff-sections.spec.ts); a number apart from the others' next ones.
  ["plov", "+998977000021"],
  // The pause journey (staff-sections.spec.ts).
  ["plov", "+998977000022"],
  // The branches journey (e2e/back-office-branches.spec.ts): an owner, and a manager of one branch.
  ["plov", "+998977000025", undefined, "OWNER"],
  ["plov", "+998977000026", "Yunusobod", "MANAGER"],
  // The webhooks journey's owner (e2e/back-office-webhooks.spec.ts), apart from back-office-brand's.
  ["lavash", "+998977000371", undefined, "OWNER"],
  // The reports journey's manager (e2e/staff-sections.spec.ts), apart from the repricing one's.
  ["plov", "+998977000028", undefined, "MANAGER"],
  // The phone-order journey's operator (e2e/phone-orders.spec.ts).
  ["lavash", "+998977000030", undefined, "OPERATOR"],
];
/** Couriers of e2e/courier-app.spec.ts: brand, phone, the English name their branch starts with (none: main). */
const COURIER_PHONES: [brand: string, phone: string, branch?: string][] = [
  ["lavash", "+998977000391", "Chilonzor"],
  ["sushi", "+998977000392"],
];
process.env.DATA_DIR = dataDir;

/**
 * The brand of e2e/back-office-stories.spec.ts: plov's menu under a sub of its own, with stories and
 * notifications switched on and none of either, so what its owner adds is all there is and no other
 * journey counts it.
 */
const STORIES_BRAND = {
  sub: "navruz",
  name: "Navruz Kafe",
  botToken: "7009876543:AAHk3-e2e-bot-token-of-the-stories-brand",
  owner: "+998977000361",
  /** A second owner, for e2e/kitchen-iiko.spec.ts: a phone gets one code a minute. */
  kitchenOwner: "+998977000372",
  /** A third, a fourth and a fifth, for the three journeys of e2e/back-office-owner.spec.ts. */
  rulesOwner: "+998977000373",
  pagesOwner: "+998977000374",
  groupsOwner: "+998977000375",
};

/**
 * The brand of e2e/yandex-delivery.spec.ts: lavash's menu and branches under a sub of its own whose
 * website and bot deliveries go to Yandex Delivery (the demo's fake), from branches that hold the
 * demo's Yandex token; no other journey orders from it, so lavash's zone tariffs stay its own.
 */
const YANDEX_BRAND = {
  sub: "tezkor",
  name: "Tezkor Lavash",
  botToken: "7005556677:AAHk3-e2e-bot-token-of-the-yandex-brand",
};

/**
 * The brand of e2e/kitchen-iiko.spec.ts's kitchen: plov's menu and branches under a sub of its own,
 * wired to the demo's fake iiko when the server starts (DEMO_KITCHEN_BRAND in playwright.config.ts),
 * which cooks what it takes; no other journey orders from it.
 */
const KITCHEN_BRAND = {
  sub: "oshxona",
  name: "Oshxona",
  botToken: "7004443322:AAHk3-e2e-bot-token-of-the-kitchen-brand",
  owner: "+998977000381",
};

/** The brand e2e/back-office-first-brand.spec.ts builds from nothing. */
const EMPTY_BRAND = {
  sub: "bahor",
  name: "Cafe Bahor",
  botToken: "7001234567:AAHk3-e2e-bot-token-of-an-empty-brand",
  owner: "+998977000100",
};

// A staff member of the lavash and of the plov demo brand for the journeys that drive the staff API
// (stock, statuses, table bookings): their bearer tokens are left in the data directory. Seeded
// before the server opens the database; the server's own demo import then finds the brands in.
{
  const { loadConfig } = await import("../server/src/config.ts");
  const { openDatabase } = await import("../server/src/db/client.ts");
  const { importDemoBrands } = await import("../server/src/import/demo.ts");
  const { createSession } = await import("../server/src/repositories/sessions.ts");
  const { branches, couriers, merchants, staffBranches, users } =
    await import("../server/src/db/schema/index.ts");
  const { eq } = await import("drizzle-orm");
  const database = await openDatabase(loadConfig(process.env), { migrate: true });
  try {
    await importDemoBrands(database.db, { onlyWhenEmpty: true });
    // lavash's staff token in "staff-token" (e2e/orders.spec.ts), plov's in "staff-token-plov" (booking and waiter calls).
    for (const [sub, file] of [
      ["lavash", "staff-token"],
      ["plov", "staff-token-plov"],
      ["sushi", "staff-token-sushi"],
    ] as const) {
      const [merchant] = await database.db.select().from(merchants).where(eq(merchants.sub, sub));
      if (!merchant) continue;
      const [staff] = await database.db
        .insert(users)
        .values({ merchantId: merchant.id, firstName: "E2E", lastName: "Staff", role: "STAFF" })
        .returning({ id: users.id });
      if (staff) {
        const { token } = await createSession(database.db, {
          merchantId: merchant.id,
          userId: staff.id,
          channel: "WEB",
        });
        fs.writeFileSync(path.join(dataDir, file), token);
      }
    }
    // Staff members with a phone, who sign in to the staff console (e2e/staff*.spec.ts): one per
    // journey, as the journeys run side by side and a phone gets one code a minute.
    for (const [i, [sub, phone, branchName, brandRole]] of STAFF_CONSOLE_PHONES.entries()) {
      const [brand] = await database.db.select().from(merchants).where(eq(merchants.sub, sub));
      if (!brand) continue;
      const [member] = await database.db
        .insert(users)
        .values({
          merchantId: brand.id,
          firstName: "Dilshod",
          lastName: `Console ${String(i + 1)}`,
          phone,
          role: "STAFF" as const,
          brandRole: brandRole ?? null,
        })
        .returning({ id: users.id });
      if (!member || !branchName) continue;
      const own = await database.db.select().from(branches).where(eq(branches.merchantId, brand.id));
      const branch = own.find((b) => b.name.uz === branchName);
      if (!branch) throw new Error(`e2e seed: ${sub} has no branch ${branchName}`);
      await database.db
        .insert(staffBranches)
        .values({ merchantId: brand.id, userId: member.id, branchId: branch.id });
    }
    // The brands' own couriers (e2e/courier-app.spec.ts): staff with the COURIER role, each tied to
    // a courier record of one branch (lavash's Chilonzor, sushi's main branch), as the owner's
    // invitation in the console makes them.
    for (const [sub, phone, branchPrefix] of COURIER_PHONES) {
      const [brand] = await database.db.select().from(merchants).where(eq(merchants.sub, sub));
      if (!brand) continue;
      const own = await database.db.select().from(branches).where(eq(branches.merchantId, brand.id));
      const branch = own.find((b) => (branchPrefix ? b.name.eng?.startsWith(branchPrefix) : b.isMain));
      if (!branch) throw new Error(`e2e seed: ${sub} has no branch for its courier`);
      const [member] = await database.db
        .insert(users)
        .values({
          merchantId: brand.id,
          firstName: "Jasur",
          lastName: "Courier",
          phone,
          role: "STAFF",
          brandRole: "COURIER",
        })
        .returning({ id: users.id });
      if (!member) continue;
      await database.db
        .insert(staffBranches)
        .values({ merchantId: brand.id, userId: member.id, branchId: branch.id });
      await database.db
        .insert(couriers)
        .values({ merchantId: brand.id, userId: member.id, branchId: branch.id });
    }
    // An empty brand and its owner (e2e/back-office-first-brand.spec.ts): only a name and a bot
    // token, as `npm run staff -- new-brand` makes one; the journey builds the rest in the console.
    const { createEmptyBrand } = await import("../server/src/services/staff/new-brand.ts");
    const { merchantId } = await createEmptyBrand(database.db, {
      sub: EMPTY_BRAND.sub,
      name: EMPTY_BRAND.name,
      botToken: EMPTY_BRAND.botToken,
    });
    await database.db.insert(users).values({
      merchantId,
      firstName: "Nodira",
      lastName: "Owner",
      phone: EMPTY_BRAND.owner,
      role: "STAFF",
      brandRole: "OWNER",
    });
    // plov's menu and branches under another sub (the ids follow the sub), without its stories,
    // news, payment keys and switcher cards.
    const { importBrand } = await import("../server/src/import/import-brand.ts");
    const { DEMO_BRANDS_DIR } = await import("../server/src/import/demo.ts");
    const plovFile = JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, "plov.json"), "utf8")) as {
      merchant: Record<string, unknown>;
      webSettings: Record<string, unknown>;
    };
    await importBrand(database.db, {
      ...plovFile,
      merchant: {
        ...plovFile.merchant,
        sub: STORIES_BRAND.sub,
        name: { uz: STORIES_BRAND.name, ru: STORIES_BRAND.name },
        integrations: { telegramBotToken: STORIES_BRAND.botToken },
      },
      webSettings: {
        ...plovFile.webSettings,
        brand: STORIES_BRAND.name,
        title: STORIES_BRAND.name,
        // English too, so the journey reads the storefront in the language it reads the console in.
        engLangActive: true,
        storiesActive: true,
        notificationsActive: true,
      },
      brands: [],
    });
    const [stories] = await database.db
      .select({ merchantId: merchants.id })
      .from(merchants)
      .where(eq(merchants.sub, STORIES_BRAND.sub));
    if (!stories) throw new Error("e2e seed: the stories brand was not imported");
    await database.db.insert(users).values([
      {
        merchantId: stories.merchantId,
        firstName: "Zarina",
        lastName: "Owner",
        phone: STORIES_BRAND.owner,
        role: "STAFF",
        brandRole: "OWNER",
      },
      {
        merchantId: stories.merchantId,
        firstName: "Jasur",
        lastName: "Owner",
        phone: STORIES_BRAND.kitchenOwner,
        role: "STAFF",
        brandRole: "OWNER",
      },
      {
        merchantId: stories.merchantId,
        firstName: "Nodira",
        lastName: "Owner",
        phone: STORIES_BRAND.rulesOwner,
        role: "STAFF",
        brandRole: "OWNER",
      },
      {
        merchantId: stories.merchantId,
        firstName: "Bobur",
        lastName: "Owner",
        phone: STORIES_BRAND.pagesOwner,
        role: "STAFF",
        brandRole: "OWNER",
      },
      {
        merchantId: stories.merchantId,
        firstName: "Kamola",
        lastName: "Owner",
        phone: STORIES_BRAND.groupsOwner,
        role: "STAFF",
        brandRole: "OWNER",
      },
    ]);
    // The demo's Yandex Delivery token, which the fake knows (README, DEMO_YANDEX_STEP_MS; a script may not import a fake).
    const DEMO_YANDEX_TOKEN = "DEMO-yandex-delivery-token";
    const lavashFile = JSON.parse(fs.readFileSync(path.join(DEMO_BRANDS_DIR, "lavash.json"), "utf8")) as {
      merchant: Record<string, unknown>;
      webSettings: Record<string, unknown>;
      branches: Record<string, unknown>[];
      orderSettings: Record<string, unknown>;
    };
    await importBrand(database.db, {
      ...lavashFile,
      merchant: {
        ...lavashFile.merchant,
        sub: YANDEX_BRAND.sub,
        name: { uz: YANDEX_BRAND.name, ru: YANDEX_BRAND.name },
        integrations: { telegramBotToken: YANDEX_BRAND.botToken },
      },
      webSettings: { ...lavashFile.webSettings, brand: YANDEX_BRAND.name, title: YANDEX_BRAND.name },
      // Every branch on Yandex: whichever one the checkout picks for the address calls a performer.
      branches: lavashFile.branches.map((b) => ({
        ...b,
        yandexToken: DEMO_YANDEX_TOKEN,
        yandexPickupName: YANDEX_BRAND.name,
        yandexPickupPhone: b.phone,
      })),
      orderSettings: {
        ...lavashFile.orderSettings,
        defaultDeliveryTypeWeb: "YANDEX",
        defaultDeliveryTypeBot: "YANDEX",
      },
      brands: [],
    });
    const [yandexBrand] = await database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.sub, YANDEX_BRAND.sub));
    if (!yandexBrand) throw new Error("e2e seed: the Yandex brand was not imported");
    const [yandexStaff] = await database.db
      .insert(users)
      .values({ merchantId: yandexBrand.id, firstName: "E2E", lastName: "Staff", role: "STAFF" })
      .returning({ id: users.id });
    if (yandexStaff) {
      const { token } = await createSession(database.db, {
        merchantId: yandexBrand.id,
        userId: yandexStaff.id,
        channel: "WEB",
      });
      fs.writeFileSync(path.join(dataDir, `staff-token-${YANDEX_BRAND.sub}`), token);
    }
    await importBrand(database.db, {
      ...plovFile,
      merchant: {
        ...plovFile.merchant,
        sub: KITCHEN_BRAND.sub,
        name: { uz: KITCHEN_BRAND.name, ru: KITCHEN_BRAND.name },
        integrations: { telegramBotToken: KITCHEN_BRAND.botToken },
      },
      webSettings: {
        ...plovFile.webSettings,
        brand: KITCHEN_BRAND.name,
        title: KITCHEN_BRAND.name,
        engLangActive: true,
      },
      brands: [],
    });
    const [kitchenBrand] = await database.db
      .select({ id: merchants.id })
      .from(merchants)
      .where(eq(merchants.sub, KITCHEN_BRAND.sub));
    if (!kitchenBrand) throw new Error("e2e seed: the kitchen brand was not imported");
    await database.db.insert(users).values({
      merchantId: kitchenBrand.id,
      firstName: "Bekzod",
      lastName: "Owner",
      phone: KITCHEN_BRAND.owner,
      role: "STAFF",
      brandRole: "OWNER",
    });
  } finally {
    await database.close();
  }
}

await import("../server/src/server.ts");
