// The merchant's shift from a terminal. grant, revoke and table-qr work on the database, the others
// call the authenticated staff API of a running server:
//   node server/src/cli/staff.ts grant <brand sub> <phone> [--branch <id or name>]... [--all-branches]
//       makes the brand's user with that phone STAFF (creating the user) and prints a 30-day token;
//       --branch (repeatable) binds them to branches: they see and work only those; --all-branches
//       unbinds them (staff without a binding work at every branch of the brand). All or nothing:
//       every --branch is resolved first (an id or a name of the brand's branch); one that is not
//       the brand's changes nothing (no user made, no role, no binding) and exits 1. --role gives
//       their role at the brand: owner and manager run the back office (menu, log), operator and
//       kitchen the shift only; unset, a new member is an operator and an existing one keeps theirs.
//   node server/src/cli/staff.ts revoke <brand sub> <phone>
//       takes a staff member back to CUSTOMER: their branch bindings go and every session of theirs
//       at the brand is revoked (the console signs them out); an unknown or non-staff phone exits 1.
//   node server/src/cli/staff.ts new-brand <brand sub> "<brand name>" --owner <phone> [--bot-token <token>]
//       makes an empty brand (its name, its sub, the bot token when given; the city of Tashkent until
//       its first branch) and its first owner, who builds the rest in the back office (/staff).
//       The three read DATABASE_URL / DATA_DIR like the server; with the embedded database while a
//       server runs on that DATA_DIR, the server runs the command for them (its admin socket).
//   SAVAT_URL=http://127.0.0.1:8080 SAVAT_TOKEN=<token> node server/src/cli/staff.ts <command> <brand sub> ...
//       orders [STATUS]                    the brand's newest orders (optionally of one status)
//       move <orderId> <STATUS> [comment]  next status; illegal transitions are refused
//       couriers                           the brand's couriers
//       add-courier <userId>               makes a user a courier
//       attach <orderId> <courierId>       gives a delivery order to a courier
//       position <courierId> <lat> <lon>   reports where the courier is
//       stock <productId> <count|none>     sets a product's stock (none = unlimited)
//       reservations [branchId] [YYYY-MM-DD] the brand's table bookings (of a branch and a local day)
//       confirm <reservationId>            confirms a requested booking
//       decline <reservationId> <reason>   declines a booking; the customer reads the reason
//       seated <reservationId>             marks a confirmed booking done (the guests came)
//       calls <branchId>                   the branch's open waiter calls
//       ack <callId>                       a waiter is on the way (the guest sees it at once)
//       close-call <callId>                the call is served
//       notify <title> <body> [imageUrl]   publishes the brand's news to every customer; a text is
//                                          JSON {"uz","ru","eng",...} or one plain text for all three
//   node server/src/cli/staff.ts table-qr <brand sub> <branch> [--base-url URL] [--app NAME] [--out DIR]
//       writes the branch's printable QR sheet (A4 SVG pages, six tables each); <branch> is its id or
//       name; the links go to --base-url, else the brand's domain, else PUBLIC_URL with the brand's
//       subdomain, else http://<sub>.localhost:<PORT>; --app is the Telegram mini app's short name.
//       Reads the database like grant.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { pickText } from "#domain/multilingual.ts";
import { tableQrFileBase } from "#domain/file-names.ts";
import { listBranchRows } from "../repositories/geo.ts";
import { findAnyMerchantBySub } from "../repositories/merchants.ts";
import { listQrTables } from "../repositories/tables.ts";
import { tableQrPages } from "../services/dine-in/table-qr.ts";
import { callAdminSocket } from "../lib/admin-socket.ts";
import { folded } from "../services/staff/access.ts";
import { isDatabaseCommand, runDatabaseCommand } from "./staff-db-commands.ts";

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `usage:
  node server/src/cli/staff.ts grant <brand> <phone> [--branch <id or name>]... [--all-branches] [--role owner|manager|operator|kitchen]
  node server/src/cli/staff.ts revoke <brand> <phone>
  node server/src/cli/staff.ts new-brand <brand> "<brand name>" --owner <phone> [--bot-token <token>]
  node server/src/cli/staff.ts table-qr <brand> <branch> [--base-url URL] [--app NAME] [--out DIR]
  SAVAT_URL=... SAVAT_TOKEN=... node server/src/cli/staff.ts orders|move|couriers|add-courier|attach|position|stock|reservations|confirm|decline|seated|calls|ack|close-call|notify <brand> ...`;

/** A text of `notify`: JSON per language, or one plain text for uz, ru and eng. */
function texts(arg: string | undefined): Record<string, string> {
  const value = (arg ?? "").trim();
  if (value.startsWith("{")) return JSON.parse(value) as Record<string, string>;
  return { uz: value, ru: value, eng: value };
}

const io = { out, err };

/**
 * grant, revoke and new-brand: on the command's own connection to the database, or, while a server
 * holds the embedded database's directory, run by that server (its admin socket), so the first owner
 * of a brand is made without stopping anything.
 */
async function databaseCommand(args: string[]): Promise<number> {
  let database: Database | undefined;
  try {
    const config = loadConfig(process.env);
    try {
      database = await openDatabase(config, { migrate: true });
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      const code = await callAdminSocket(config.dataDir, args, io);
      if (code !== undefined) return code;
      err(`stop the server first: ${error.message}`);
      return 1;
    }
    return await runDatabaseCommand(database.db, args, io);
  } catch (error) {
    if (error instanceof ConfigError) {
      err(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database?.close();
  }
}

function option(args: string[], name: string): string | null {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? null) : null;
}

/** The storefront address of a brand when none is given. */
function defaultBaseUrl(sub: string, domainUrl: string | null, env: NodeJS.ProcessEnv): string {
  if (domainUrl) return /^https?:\/\//.test(domainUrl) ? domainUrl : `https://${domainUrl}`;
  if (env.PUBLIC_URL) {
    const url = new URL(env.PUBLIC_URL);
    url.hostname = `${sub}.${url.hostname}`;
    return url.origin;
  }
  return `http://${sub}.localhost:${env.PORT ?? "8080"}`;
}

async function tableQr(sub: string, branchArg: string, args: string[]): Promise<number> {
  let database: Database | undefined;
  try {
    database = await openDatabase(loadConfig(process.env), { migrate: true });
    const db = database.db;
    const merchant = await findAnyMerchantBySub(db, sub);
    if (!merchant) {
      err(`no brand "${sub}"`);
      return 1;
    }
    const all = await listBranchRows(db, { merchantId: merchant.id });
    const branch = all.find(
      (b) =>
        b.id === branchArg ||
        Object.values(b.name).some((n) => typeof n === "string" && folded(n) === folded(branchArg)),
    );
    if (!branch) {
      err(
        `no branch "${branchArg}" of ${sub}; its branches: ${all.map((b) => pickText(b.name, "eng")).join(", ")}`,
      );
      return 1;
    }
    const rows = await listQrTables(db, { merchantId: merchant.id, branchId: branch.id });
    if (rows.length === 0) {
      err(`${pickText(branch.name, "eng")} has no active tables`);
      return 1;
    }
    const lang = "uz";
    const pages = await tableQrPages(
      rows.map((r) => ({ code: r.code, name: r.name, hall: pickText(r.hall, lang) })),
      {
        brandName: pickText(merchant.name, lang),
        branchName: pickText(branch.name, lang),
        baseUrl: option(args, "--base-url") ?? defaultBaseUrl(sub, merchant.domainUrl, process.env),
        botUsername: merchant.telegramBotUsername,
        appName: option(args, "--app"),
        tableWord: "Stol / Стол / Table",
      },
    );
    const dir = option(args, "--out") ?? ".";
    await mkdir(dir, { recursive: true });
    const base = tableQrFileBase(sub, pickText(branch.name, "uz"), branch.id);
    for (const [i, page] of pages.entries()) {
      const file = join(dir, `${base}-${String(i + 1)}.svg`);
      await writeFile(file, page);
      out(file);
    }
    out(`${String(rows.length)} tables on ${String(pages.length)} A4 page(s)`);
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
    await database?.close();
  }
}

async function call(
  method: string,
  path: string,
  merchantId: string | null,
  body?: unknown,
): Promise<unknown> {
  const base = (process.env.SAVAT_URL ?? "http://127.0.0.1:8080").replace(/\/$/, "");
  const token = process.env.SAVAT_TOKEN;
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: {
      ...(merchantId ? { merchant: merchantId } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { description?: { eng?: string }; code?: string };
  if (!res.ok) throw new Error(`${String(res.status)} ${json.code ?? ""}: ${json.description?.eng ?? ""}`);
  return json;
}

interface OrderLine {
  id: string;
  number: number;
  status: string;
  serviceType: string;
  totalPrice: number;
  courierId: string | null;
  createdDate: string;
}

function printOrder(o: OrderLine): void {
  out(
    `#${String(o.number).padEnd(6)} ${o.status.padEnd(10)} ${o.serviceType.padEnd(9)} ${String(o.totalPrice).padStart(10)}  ${o.createdDate}  ${o.id}`,
  );
}

interface ReservationLine {
  id: string;
  status: string;
  time: string;
  guests: number;
  name: string;
  phone: string;
  branchName: { ru?: string; uz?: string; eng?: string };
  hallName: { ru?: string; uz?: string; eng?: string } | null;
  declineReason: string | null;
}

function printReservation(r: ReservationLine): void {
  const place = [r.branchName.eng ?? r.branchName.ru ?? r.branchName.uz, r.hallName?.eng ?? r.hallName?.ru]
    .filter(Boolean)
    .join(" / ");
  out(
    `${r.time}  ${r.status.padEnd(9)} ${String(r.guests).padStart(2)} guests  ${r.name} ${r.phone}  ${place}  ${r.id}${r.declineReason ? `  (${r.declineReason})` : ""}`,
  );
}

interface CallLine {
  id: string;
  tableName: string;
  hallName: { eng?: string; uz?: string };
  reason: string;
  status: string;
  createdDate: string;
}

function printCall(c: CallLine): void {
  const hall = c.hallName.eng ?? c.hallName.uz ?? "";
  out(
    `${c.reason.padEnd(5)} ${c.status.padEnd(13)} table ${c.tableName.padEnd(6)} ${hall.padEnd(12)} ${c.createdDate}  ${c.id}`,
  );
}

async function main(args: string[]): Promise<number> {
  const [command, sub, ...rest] = args;
  if (!command || !sub) {
    err(USAGE);
    return 1;
  }
  if (isDatabaseCommand(command)) return databaseCommand(args);
  if (command === "table-qr") return tableQr(sub, rest[0] ?? "", rest.slice(1));
  const merchant = (await call("GET", `/users/v1/merchants/sub/${encodeURIComponent(sub)}`, null)) as {
    id: string;
  };
  const m = merchant.id;
  switch (command) {
    case "orders": {
      const query = rest[0] ? `?status=${encodeURIComponent(rest[0])}` : "";
      const page = (await call("GET", `/staff/v1/orders${query}`, m)) as { content: OrderLine[] };
      for (const o of page.content) printOrder(o);
      return 0;
    }
    case "move":
      printOrder(
        (await call("PUT", `/staff/v1/orders/${rest[0] ?? ""}/status`, m, {
          status: rest[1],
          comment: rest[2],
        })) as OrderLine,
      );
      return 0;
    case "couriers":
      for (const c of (await call("GET", "/staff/v1/couriers", m)) as {
        id: string;
        name: string | null;
        latitude: number | null;
        longitude: number | null;
      }[]) {
        out(`${c.id}  ${c.name ?? "-"}  ${String(c.latitude ?? "-")},${String(c.longitude ?? "-")}`);
      }
      return 0;
    case "add-courier":
      out(JSON.stringify(await call("POST", "/staff/v1/couriers", m, { userId: rest[0] })));
      return 0;
    case "attach":
      printOrder(
        (await call("PUT", `/staff/v1/orders/${rest[0] ?? ""}/courier`, m, {
          courierId: rest[1],
        })) as OrderLine,
      );
      return 0;
    case "position":
      out(
        JSON.stringify(
          await call("PUT", `/staff/v1/couriers/${rest[0] ?? ""}/position`, m, {
            latitude: Number(rest[1]),
            longitude: Number(rest[2]),
          }),
        ),
      );
      return 0;
    case "stock":
      out(
        JSON.stringify(
          await call("PUT", `/staff/v1/products/${rest[0] ?? ""}/stock`, m, {
            stock: rest[1] === "none" ? null : Number(rest[1]),
          }),
        ),
      );
      return 0;
    case "reservations": {
      const query = new URLSearchParams();
      if (rest[0]) query.set("branchId", rest[0]);
      if (rest[1]) query.set("date", rest[1]);
      const q = query.size > 0 ? `?${query.toString()}` : "";
      for (const r of (await call("GET", `/staff/v1/reservations${q}`, m)) as ReservationLine[])
        printReservation(r);
      return 0;
    }
    case "confirm":
    case "decline":
    case "seated": {
      const status = command === "confirm" ? "CONFIRMED" : command === "decline" ? "DECLINED" : "DONE";
      const reason = command === "decline" ? rest.slice(1).join(" ") || undefined : undefined;
      printReservation(
        (await call("PUT", `/staff/v1/reservations/${rest[0] ?? ""}/status`, m, {
          status,
          reason,
        })) as ReservationLine,
      );
      return 0;
    }
    case "calls":
      for (const c of (await call(
        "GET",
        `/staff/v1/waiter-calls?branchId=${encodeURIComponent(rest[0] ?? "")}`,
        m,
      )) as CallLine[]) {
        printCall(c);
      }
      return 0;
    case "ack":
      printCall((await call("PUT", `/staff/v1/waiter-calls/${rest[0] ?? ""}/acknowledge`, m)) as CallLine);
      return 0;
    case "close-call":
      printCall((await call("PUT", `/staff/v1/waiter-calls/${rest[0] ?? ""}/close`, m)) as CallLine);
      return 0;
    case "notify": {
      const published = (await call("POST", "/staff/v1/notifications", m, {
        title: texts(rest[0]),
        body: texts(rest[1]),
        ...(rest[2] ? { image: rest[2] } : {}),
      })) as { id: string; createdDate: string };
      out(`published ${published.id} at ${published.createdDate}`);
      return 0;
    }
    default:
      err(USAGE);
      return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    err(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  },
);
