// The demo's kitchen (issue 38): when `npm start` runs the demo, the brand plov is wired to the fake
// iiko through the owner's own save (services/kitchen/iiko-setup.ts: login checked, webhook pointed
// here, every branch bound to a terminal group), its menu carries iiko ids, and the fake "cooks" each
// order it takes, sending its statuses back to our webhook a few seconds apart.
import type { FastifyInstance } from "fastify";
import { assignDemoIikoIds } from "../repositories/kitchen.ts";
import { listBranches } from "../repositories/geo.ts";
import { findMerchantBySub } from "../repositories/merchants.ts";
import { IIKO_WEBHOOK_PATH, saveIikoSettings } from "../services/kitchen/iiko-setup.ts";
import { DEMO_IIKO_API_LOGIN, DEMO_IIKO_TERMINAL_GROUPS, fakeIiko } from "./fake-iiko.ts";

/** The demo brand whose orders go to the fake iiko. */
export const DEMO_IIKO_BRAND = "plov";
/** Between two statuses of a cooked order. */
export const DEMO_COOK_STEP_MS = 6_000;

export async function wireDemoKitchen(app: FastifyInstance, sub = DEMO_IIKO_BRAND): Promise<string | null> {
  const db = app.database.db;
  const merchant = await findMerchantBySub(db, sub);
  if (!merchant) return null;
  fakeIiko.addProducts(DEMO_IIKO_API_LOGIN, await assignDemoIikoIds(db, merchant.id));
  const branches = await listBranches(db, { merchantId: merchant.id });
  await saveIikoSettings(
    { db, config: app.config, standIns: app.standIns },
    {
      merchantId: merchant.id,
      webhookUrl: `http://localhost${IIKO_WEBHOOK_PATH}`,
      body: {
        apiLogin: DEMO_IIKO_API_LOGIN,
        branches: branches.map((b, i) => ({
          id: b.id,
          terminalGroupId:
            b.iikoTerminalGroupId ??
            DEMO_IIKO_TERMINAL_GROUPS[i % DEMO_IIKO_TERMINAL_GROUPS.length]?.id ??
            null,
        })),
      },
    },
  );
  return merchant.id;
}
