// The merchant's shift from a terminal. One command works on the database, the others
// call the authenticated staff API of a running server:
//   node server/src/cli/staff.ts grant <brand sub> <phone>
//       makes the brand's user with that phone STAFF (creating the user) and prints a 30-day token;
//       reads DATABASE_URL / DATA_DIR like the server (with the embedded database, stop the server).
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
import { and, eq } from "drizzle-orm";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase, type Database } from "../db/client.ts";
import { DataDirLockedError } from "../db/data-dir-lock.ts";
import { merchants, users } from "../db/schema/index.ts";
import { createSession } from "../lib/sessions.ts";

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `usage:
  node server/src/cli/staff.ts grant <brand> <phone>
  SAVAT_URL=... SAVAT_TOKEN=... node server/src/cli/staff.ts orders|move|couriers|add-courier|attach|position|stock|reservations|confirm|decline|seated <brand> ...`;

async function grant(sub: string, phone: string): Promise<number> {
  if (!/^\+\d{9,15}$/.test(phone)) {
    err("the phone must be in E.164, e.g. +998901234567");
    return 1;
  }
  let database: Database | undefined;
  try {
    database = await openDatabase(loadConfig(process.env), { migrate: true });
    const db = database.db;
    const [merchant] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.sub, sub));
    if (!merchant) {
      err(`no brand "${sub}"`);
      return 1;
    }
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.merchantId, merchant.id), eq(users.phone, phone)));
    const userId =
      existing?.id ??
      (
        await db
          .insert(users)
          .values({ merchantId: merchant.id, phone, role: "STAFF" })
          .returning({ id: users.id })
      )[0]?.id;
    if (!userId) throw new Error("user insert returned no row");
    await db.update(users).set({ role: "STAFF" }).where(eq(users.id, userId));
    const { token, expiresAt } = await createSession(db, { merchantId: merchant.id, userId, channel: "WEB" });
    out(`${phone} is staff of ${sub} (user ${userId})`);
    out(`SAVAT_TOKEN=${token}  (valid until ${expiresAt.toISOString()})`);
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

async function main(args: string[]): Promise<number> {
  const [command, sub, ...rest] = args;
  if (!command || !sub) {
    err(USAGE);
    return 1;
  }
  if (command === "grant") return grant(sub, rest[0] ?? "");
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
