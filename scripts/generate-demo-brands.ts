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

const brands: [string, () => { file: Brand; images: BrandImages }][] = [
  ["lavash", lavash],
  ["plov", plov],
  ["sushi", sushi],
  ["closed", closed],
];

let failed = false;
fs.mkdirSync(OUT_DIR, { recursive: true });
for (const [name, build] of brands) {
  const { file, images } = build();
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
