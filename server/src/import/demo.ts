// The demo brands (docs/decisions.md, "Demo brands"): JSON brand files in server/demo/brands, imported
// on a demo server's first start and into the test databases.
import fs from "node:fs";
import path from "node:path";
import type { Db } from "../db/types.ts";
import { linkBrandCard } from "../repositories/brand-import.ts";
import { countMerchants, findAnyMerchantBySub } from "../repositories/merchants.ts";
import { brandEntityId } from "./brand-file.ts";
import { importBrand } from "./import-brand.ts";

export const DEMO_BRANDS_DIR = path.join(import.meta.dirname, "../../demo/brands");

/** Import order of the known demo brands; any other file follows in name order. */
const ORDER = ["lavash", "plov", "sushi", "closed"];

function rank(file: string): number {
  const i = ORDER.indexOf(path.basename(file, ".json"));
  return i === -1 ? ORDER.length : i;
}

/** The demo brand files, lavash, plov, sushi, closed first. */
export function demoBrandFiles(dir: string = DEMO_BRANDS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith(".json"))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((name) => path.join(dir, name));
}

/**
 * Imports every demo brand file. With `onlyWhenEmpty`, does nothing once any merchant exists (a demo
 * server seeds its database once and then leaves it to the user).
 */
export async function importDemoBrands(db: Db, options: { onlyWhenEmpty: boolean }): Promise<void> {
  if (options.onlyWhenEmpty) {
    if ((await countMerchants(db)) > 0) return;
  }
  // Brand-switcher cards name other merchants by sub; a card imported before its merchant existed is
  // linked once every file is in.
  const pending: { ownerSub: string; key: string; sub: string }[] = [];
  for (const file of demoBrandFiles()) {
    const input = JSON.parse(fs.readFileSync(file, "utf8")) as {
      merchant?: { sub?: string };
      brands?: { key: string; sub: string }[];
    };
    const summary = await importBrand(db, input);
    for (const sub of summary.unresolvedBrandSubs) {
      for (const card of input.brands ?? []) {
        if (card.sub === sub) pending.push({ ownerSub: summary.sub, key: card.key, sub });
      }
    }
  }
  for (const card of pending) {
    const target = await findAnyMerchantBySub(db, card.sub);
    if (!target) continue;
    await linkBrandCard(db, {
      brandId: brandEntityId(card.ownerSub, "brand", card.key),
      targetMerchantId: target.id,
    });
  }
}
