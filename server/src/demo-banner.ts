import type { Db } from "./db/types.ts";
import { listMerchantSubs } from "./repositories/merchants.ts";

/** The lines `npm start` prints in demo mode: where to open each brand, the staff console and the API docs. */
export async function demoBanner(
  db: Db,
  port: number,
  owners: readonly { sub: string; phone: string }[] = [],
): Promise<string> {
  const rows = await listMerchantSubs(db);
  const width = Math.max(...rows.map((r) => r.sub.length), 8);
  const lines = rows.map(
    (r) =>
      `  ${r.sub.padEnd(width)}  http://${r.sub}.localhost:${port}/${r.isActive ? "" : "   (inactive: shows /blocked)"}`,
  );
  return [
    "",
    "Savat is running (demo mode). Open a brand:",
    ...lines,
    `  ${"any".padEnd(width)}  http://localhost:${port}/?vendor=<brand>`,
    `  ${"staff".padEnd(width)}  http://<brand>.localhost:${port}/staff   (the console and back office; codes in DATA_DIR/sms-outbox.jsonl)`,
    ...owners.map(
      (o) =>
        `  ${"".padEnd(width)}  http://${o.sub}.localhost:${port}/staff   sign in as the owner: ${o.phone}`,
    ),
    `  ${"".padEnd(width)}  more staff: npm run staff -- grant <brand> <phone> --role manager|operator|kitchen`,
    `  API docs  http://localhost:${port}/api/docs`,
    "",
  ].join("\n");
}
