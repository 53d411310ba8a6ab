import type { Db } from "./db/types.ts";
import { listMerchantSubs } from "./repositories/merchants.ts";

/** The lines `npm start` prints in demo mode: where to open each brand and the testers' harness. */
export async function demoBanner(db: Db, port: number): Promise<string> {
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
    `  API docs  http://localhost:${port}/api/docs`,
    "",
  ].join("\n");
}
