import { describe, expect, inject, it } from "vitest";
import { crashOrders } from "../../scripts/crash-orders.ts";
import { backend } from "./support/db.ts";
import { ADMIN_URL } from "./support/pg.ts";

// The bounded version of scripts/crash-orders.ts (200 orders there): real server processes, so
// generous time-outs on a machine shared with the other test files.
describe("a server killed with SIGKILL while it takes orders", { timeout: 120_000 }, () => {
  it("loses no acknowledged order and duplicates no Idempotency-Key once it is started again", async () => {
    const result = await crashOrders({
      backend,
      orders: 40,
      concurrency: 8,
      seed: 17,
      adminUrl: ADMIN_URL,
      // The run's migrated database with the demo brands, copied: no migrating or importing here.
      template: inject("testDbDemoSource"),
    });
    expect(result.acknowledgedBeforeKill).toBeGreaterThan(0);
    expect(result).toMatchObject({ missing: 0, duplicateKeys: 0, changedAnswers: 0, ordersInDatabase: 40 });
  });
});
