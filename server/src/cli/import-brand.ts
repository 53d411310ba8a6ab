// Imports brand files into the configured database:
//   node server/src/cli/import-brand.ts <file.json> [more.json]
// Reads the same environment as the server (DATABASE_URL or DATA_DIR, S3_*). Exits 1 on the first bad
// file: one naming a picture by a path from the site root that is neither built nor in public/, or
// an uploaded picture it neither carries in its media nor finds in the storage. The media it carries
// (an export from the console) are stored where the server reads uploads.
import fs from "node:fs";
import path from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { BrandFileError, importBrand, type ImportSummary } from "../import/import-brand.ts";
import { openUploads } from "../integrations/uploads.ts";

const out = (line: string) => process.stdout.write(`${line}\n`);
/** The repository's public/ folder: the site's files before a build (the image variants read it too). */
const PUBLIC_DIR = path.resolve(import.meta.dirname, "../../../public");
const err = (line: string) => process.stderr.write(`${line}\n`);

function describe(file: string, s: ImportSummary): string {
  const c = s.counts;
  const lines = [
    `${file}: ${s.created ? "created" : "updated"} merchant "${s.sub}" (${s.merchantId})`,
    `  ${c.cities} cities, ${c.branches} branches, ${c.workHours} work hours, ${c.deliveryRegions} delivery regions`,
    `  ${c.groups} groups, ${c.categories} categories, ${c.products} products, ` +
      `${c.modificationGroups} modification groups, ${c.modifications} modifications`,
    `  ${c.paymentMethods} payment methods, ${c.promos} promos, ${c.policies} policies, ` +
      `${c.vacancies} vacancies, ${c.banners} banners, ${c.brands} brand cards`,
  ];
  if (s.removed.deleted + s.removed.deactivated > 0) {
    lines.push(`  no longer in the file: ${s.removed.deleted} deleted, ${s.removed.deactivated} deactivated`);
  }
  if (s.unresolvedBrandSubs.length > 0) {
    lines.push(
      `  brand cards without a merchant yet: ${s.unresolvedBrandSubs.join(", ")} (import again once they exist)`,
    );
  }
  return lines.join("\n");
}

async function main(files: string[]): Promise<number> {
  if (files.length === 0) {
    err("usage: node server/src/cli/import-brand.ts <file.json> [more.json]");
    return 1;
  }
  const inputs: { file: string; json: unknown }[] = [];
  for (const file of files) {
    try {
      inputs.push({ file, json: JSON.parse(fs.readFileSync(file, "utf8")) });
    } catch (error) {
      err(`${file}: cannot read the file as JSON: ${(error as Error).message}`);
      return 1;
    }
  }

  let database: Database | undefined;
  let uploads: Awaited<ReturnType<typeof openUploads>> | undefined;
  try {
    const config = loadConfig(process.env);
    database = await openDatabase(config, { migrate: true });
    uploads = await openUploads(config);
    for (const { file, json } of inputs) {
      try {
        const siteRoots = [config.staticDir, PUBLIC_DIR];
        // The pictures and clips the file carries go where the server reads them (S3 or DATA_DIR).
        out(describe(file, await importBrand(database.db, json, { siteRoots, storage: uploads.storage })));
      } catch (error) {
        if (error instanceof BrandFileError) {
          err(`${file}: not imported, ${error.issues.length} problem(s):`);
          for (const issue of error.issues) err(`  ${issue.path || "(file)"}: ${issue.message}`);
          return 1;
        }
        throw error;
      }
    }
    return 0;
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    if (error instanceof DataDirLockedError) {
      err(`stop the server first: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    uploads?.close();
    await database?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
