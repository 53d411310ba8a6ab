// Benchmark, not a test: the one-time-code login under a bounded load, against a server of this
// checkout (its own process, embedded database, demo brands, console SMS gateway).
//   1. N customers ask for a code (each from an address of its own, as on the internet);
//   2. they all verify at once through autocannon with a fixed number of connections: the verify
//      call's latency percentiles, and every answer must be 200;
//   3. an attacker hammers verify with wrong codes from one address while M more customers log in:
//      the attacker gets 429 in the API's error shape, the customers are unaffected.
// Codes are read from DATA_DIR/sms-outbox.jsonl, the console gateway's demo-mode copy of its lines.
// The server trusts X-Forwarded-For here (PUBLIC_URL is set), which is how each virtual customer
// gets its own client address.
// Usage: node scripts/bench-otp.ts [customers=300] [connections=10]
//   BENCH_PG=postgres://user@host:5432/db runs the server on a fresh PostgreSQL database made
//   next to that one (savat_bench_otp_<pid>_<random>, dropped afterwards) instead of the embedded one.
import { benchDatabaseName } from "./bench-db.ts";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";

const BENCH_DB = benchDatabaseName("otp");
const customers = Number(process.argv[2] ?? 300);
const connections = Number(process.argv[3] ?? 10);
const port = 4545;
const origin = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "savat-bench-otp-"));
const outbox = path.join(dataDir, "sms-outbox.jsonl");

const adminUrl = process.env.BENCH_PG;
let databaseUrl: string | undefined;
if (adminUrl) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${BENCH_DB}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${BENCH_DB}`;
  databaseUrl = url.toString();
}

const server = spawn(process.execPath, ["server/src/server.ts"], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    DEMO: "1",
    LOG_LEVEL: "silent",
    PUBLIC_URL: origin,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
  stdio: "ignore",
});

interface Customer {
  phone: string;
  ip: string;
  code?: string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

function ipOf(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}

async function post(url: string, merchant: string, ip: string, body: unknown) {
  const started = performance.now();
  const res = await fetch(`${origin}${url}`, {
    method: "POST",
    headers: { "content-type": "application/json", merchant, "x-forwarded-for": ip },
    body: JSON.stringify(body),
  });
  const data = (await res.json()) as Record<string, unknown>;
  return { status: res.status, data, ms: performance.now() - started };
}

function readCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  if (!fs.existsSync(outbox)) return codes;
  for (const line of fs.readFileSync(outbox, "utf8").split("\n")) {
    if (!line) continue;
    const sms = JSON.parse(line) as { phone: string; text: string };
    const code = /\b(\d{6})\b/.exec(sms.text)?.[1];
    if (code) codes.set(sms.phone, code);
  }
  return codes;
}

/** Runs `work` over `items` with at most `limit` at a time. */
async function pool<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i] as T);
      }
    }),
  );
  return results;
}

async function askCodes(merchant: string, list: Customer[]): Promise<number[]> {
  const answers = await pool(list, connections, (c) =>
    post("/api/users/v1/auth/otp", merchant, c.ip, { phone: c.phone }),
  );
  const failed = answers.filter((a) => a.status !== 200);
  if (failed.length > 0) throw new Error(`code requests failed: ${JSON.stringify(failed.slice(0, 3))}`);
  const codes = readCodes();
  for (const c of list) {
    c.code = codes.get(c.phone);
    if (!c.code) throw new Error(`no SMS for ${c.phone}`);
  }
  return answers.map((a) => a.ms).sort((a, b) => a - b);
}

function isErrorShape(data: Record<string, unknown>, status: number): boolean {
  const d = data.description as Record<string, unknown> | undefined;
  return (
    data.status === status &&
    typeof data.code === "string" &&
    typeof d?.uz === "string" &&
    typeof d.ru === "string" &&
    typeof d.eng === "string"
  );
}

try {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const ok = await fetch(`${origin}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server did not become healthy within 90 s");
    await new Promise((r) => setTimeout(r, 250));
  }
  const merchant = (
    (await (await fetch(`${origin}/api/users/v1/merchants/sub/lavash`)).json()) as { id: string }
  ).id;

  // 1. Codes.
  const people: Customer[] = Array.from({ length: customers }, (_, i) => ({
    phone: `+99890${String(1_000_000 + i).slice(-7)}`,
    ip: ipOf(i + 1),
  }));
  const otpMs = await askCodes(merchant, people);

  // 2. Everyone verifies at once, `connections` requests in flight.
  let cursor = 0;
  const verify = await autocannon({
    url: origin,
    connections,
    amount: people.length,
    requests: [
      {
        method: "POST",
        path: "/api/users/v1/auth/otp/verify",
        setupRequest: (request) => {
          const c = people[cursor++ % people.length] as Customer;
          return {
            ...request,
            headers: { "content-type": "application/json", merchant, "x-forwarded-for": c.ip },
            body: JSON.stringify({ phone: c.phone, code: c.code }),
          };
        },
      },
    ],
  });

  // 3. An attacker from one address next to M honest customers.
  const honest: Customer[] = Array.from({ length: Math.min(100, customers) }, (_, i) => ({
    phone: `+99891${String(1_000_000 + i).slice(-7)}`,
    ip: ipOf(100_000 + i),
  }));
  // The attacker guesses the live code of a customer who is still reading the SMS.
  const victim: Customer = { phone: "+998935550000", ip: ipOf(300_000) };
  await askCodes(merchant, [...honest, victim]);
  const attackerIp = "172.16.0.66";
  const attack = pool(
    Array.from({ length: 300 }, (_, i) => String(i).padStart(6, "0")),
    5,
    (code) => post("/api/users/v1/auth/otp/verify", merchant, attackerIp, { phone: victim.phone, code }),
  );
  const honestRuns = pool(honest, 5, (c) =>
    post("/api/users/v1/auth/otp/verify", merchant, c.ip, { phone: c.phone, code: c.code }),
  );
  const [attackAnswers, honestAnswers] = await Promise.all([attack, honestRuns]);
  const limited = attackAnswers.filter((a) => a.status === 429);
  const limitedShapeOk = limited.every((a) => isErrorShape(a.data, 429));
  const byCode = new Map<string, number>();
  for (const a of attackAnswers) {
    const key = typeof a.data.code === "string" ? a.data.code : String(a.status);
    byCode.set(key, (byCode.get(key) ?? 0) + 1);
  }
  const honestMs = honestAnswers.map((a) => a.ms).sort((a, b) => a - b);
  const honestOk = honestAnswers.filter((a) => a.status === 200).length;

  // The per-phone resend rule answers 429 too.
  const early = await post("/api/users/v1/auth/otp", merchant, ipOf(200_000), { phone: honest[0]?.phone });

  const lines = [
    `OTP login benchmark: ${customers} customers, ${connections} connections, ${os.cpus().length} CPUs (load ${os.loadavg()[0]?.toFixed(1)}), ${databaseUrl ? "PostgreSQL" : "embedded PGlite"}`,
    `  POST /auth/otp         p50 ${percentile(otpMs, 50).toFixed(1)} ms  p99 ${percentile(otpMs, 99).toFixed(1)} ms`,
    `  POST /auth/otp/verify  p50 ${verify.latency.p50} ms  p97.5 ${verify.latency.p97_5} ms  p99 ${verify.latency.p99} ms  max ${verify.latency.max} ms  ` +
      `${verify.requests.average} req/s  2xx ${verify["2xx"]}  non-2xx ${verify.non2xx}  errors ${verify.errors}`,
    `  attacker (one address, 300 guesses at one live code): ${[...byCode].map(([k, v]) => `${k} ${v}`).join(", ")}; ` +
      `429 in the error shape: ${limitedShapeOk ? "yes" : "NO"}`,
    `  honest customers meanwhile: ${honestOk}/${honest.length} logged in, p50 ${percentile(honestMs, 50).toFixed(1)} ms  p99 ${percentile(honestMs, 99).toFixed(1)} ms`,
    `  resend within 60 s: ${early.status} ${String(early.data.code)} (error shape: ${isErrorShape(early.data, 429) ? "yes" : "NO"})`,
  ];
  process.stdout.write(`${lines.join("\n")}\n`);
  const ok =
    verify["2xx"] === customers &&
    verify.non2xx === 0 &&
    limited.length > 0 &&
    limitedShapeOk &&
    honestOk === honest.length &&
    early.status === 429;
  if (!ok) process.exitCode = 1;
} finally {
  server.kill("SIGTERM");
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${BENCH_DB} with (force)`);
    await admin.end();
  }
}
