// Writes the demo brand files server/demo/brands/{lavash,plov,sushi,closed}.json and their pictures
// under public/demo/<brand>/. Deterministic: running it twice gives the same bytes.
//   node scripts/generate-demo-brands.ts
import fs from "node:fs";
import path from "node:path";
import * as prettier from "prettier";
import { parseBrandFile } from "../server/src/import/brand-file.ts";
import type { Brand } from "./demo-brands/common.ts";
import type { BrandImages } from "./demo-brands/images.ts";
import { lavash } from "./demo-brands/lavash.ts";
import { closed, plov } from "./demo-brands/small-brands.ts";
import { sushi } from "./demo-brands/sushi.ts";

const OUT_DIR = path.join(import.meta.dirname, "../server/demo/brands");

/**
 * Fiscal codes for the demo's online payments (issue 40): shaped like the classifier's codes (17-digit
 * MXIK, the package code of "one piece") but NOT looked up in it, so a real brand sets its own.
 * The TINs are the 9 digits of no real company.
 */
const DEMO_FISCAL: Record<string, { taxId: string; product: string; delivery: string }> = {
  lavash: { taxId: "300000001", product: "10202001001000001", delivery: "10112006002000001" },
  plov: { taxId: "300000002", product: "10202001001000002", delivery: "10112006002000002" },
  sushi: { taxId: "300000003", product: "10202001001000003", delivery: "10112006002000003" },
  closed: { taxId: "300000004", product: "10202001001000004", delivery: "10112006002000004" },
};
const DEMO_PACKAGE_CODE = "1209885";

function withFiscalCodes(name: string, file: Brand): Brand {
  const codes = DEMO_FISCAL[name];
  if (!codes) return file;
  const groups = file.menu?.groups ?? [];
  return {
    ...file,
    merchant: {
      ...file.merchant,
      fiscal: {
        taxId: codes.taxId,
        vatPayer: true,
        vatPercent: 12,
        deliveryMxicCode: codes.delivery,
        deliveryPackageCode: DEMO_PACKAGE_CODE,
        serviceMxicCode: codes.delivery,
        servicePackageCode: DEMO_PACKAGE_CODE,
      },
    },
    menu: {
      ...file.menu,
      groups: groups.map((g) => ({
        ...g,
        categories: (g.categories ?? []).map((c) => ({
          ...c,
          products: (c.products ?? []).map((p) => ({
            ...p,
            mxicCode: p.mxicCode ?? codes.product,
            packageCode: p.packageCode ?? DEMO_PACKAGE_CODE,
          })),
        })),
      })),
    },
  };
}

const brands: [string, () => { file: Brand; images: BrandImages }][] = [
  ["lavash", lavash],
  ["plov", plov],
  ["sushi", sushi],
  ["closed", closed],
];

let failed = false;
fs.mkdirSync(OUT_DIR, { recursive: true });
for (const [name, build] of brands) {
  const built = build();
  const { images } = built;
  const file = withFiscalCodes(name, built.file);
  const parsed = parseBrandFile(file);
  if (!parsed.success) {
    failed = true;
    process.stderr.write(`${name}: invalid brand file\n`);
    for (const issue of parsed.issues)
      process.stderr.write(`  ${issue.path || "(file)"}: ${issue.message}\n`);
    continue;
  }
  const products = parsed.data.menu.groups.flatMap((g) => g.categories.flatMap((c) => c.products)).length;
  // Formatted like the rest of the repository, so `prettier --check` passes on the generated files.
  const target = path.join(OUT_DIR, `${name}.json`);
  const options = await prettier.resolveConfig(target);
  fs.writeFileSync(target, await prettier.format(JSON.stringify(file), { ...options, filepath: target }));
  images.write();
  process.stdout.write(`${name}: ${products} products, ${images.files.size} pictures\n`);
}
if (failed) process.exitCode = 1;
