// The staff commands that write the database itself: grant, revoke and new-brand. The command line
// runs them on its own connection, or, while a server holds the embedded database, the server runs
// them for it (server/src/lib/admin-socket.ts); either way the same code and the same refusals.
import { BRAND_ROLES } from "#domain/staff-scope.ts";
import type { Db } from "../db/types.ts";
import type { CommandIo } from "../lib/admin-socket.ts";
import { grantStaff, PHONE_PATTERN, revokeStaff, StaffAccessError } from "../services/staff/access.ts";
import { createEmptyBrand } from "../services/staff/new-brand.ts";

export const DATABASE_COMMANDS = ["grant", "revoke", "new-brand"] as const;

export function isDatabaseCommand(command: string | undefined): boolean {
  return (DATABASE_COMMANDS as readonly string[]).includes(command ?? "");
}

function option(args: string[], name: string): string | null {
  const at = args.indexOf(name);
  return at >= 0 ? (args[at + 1] ?? null) : null;
}

async function grant(db: Db, io: CommandIo, sub: string, phone: string, args: string[]): Promise<number> {
  if (!PHONE_PATTERN.test(phone)) {
    io.err("the phone must be in E.164, e.g. +998901234567");
    return 1;
  }
  const branchArgs = args.flatMap((a, i) => (args[i - 1] === "--branch" ? [a] : []));
  const roleArg = option(args, "--role");
  // A courier needs their courier record and one branch, which the console's Staff section makes.
  const grantable = BRAND_ROLES.filter((r) => r !== "COURIER");
  const brandRole = grantable.find((r) => r === roleArg?.toUpperCase());
  if (roleArg !== null && !brandRole) {
    io.err(`--role must be one of ${grantable.map((r) => r.toLowerCase()).join(", ")}`);
    return 1;
  }
  const done = await grantStaff(db, {
    sub,
    phone,
    branchArgs,
    allBranches: args.includes("--all-branches"),
    ...(brandRole ? { brandRole } : {}),
  });
  if (brandRole) io.out(`role: ${brandRole.toLowerCase()}`);
  if (done.unbound) io.out("works at every branch of the brand");
  if (done.bound.length > 0) io.out(`bound to ${done.bound.join(", ")}`);
  io.out(`${phone} is staff of ${sub} (user ${done.userId}${done.created ? ", new" : ""})`);
  io.out(`SAVAT_TOKEN=${done.token}  (valid until ${done.expiresAt.toISOString()})`);
  return 0;
}

async function revoke(db: Db, io: CommandIo, sub: string, phone: string): Promise<number> {
  const done = await revokeStaff(db, { sub, phone });
  io.out(
    `${phone} is a customer of ${sub} again (user ${done.userId}): ${String(done.branches)} branch binding(s) removed, ${String(done.sessions)} session(s) signed out`,
  );
  return 0;
}

/** new-brand <sub> <name> --owner <phone> [--bot-token <token>]: an empty brand and its first owner. */
async function newBrand(db: Db, io: CommandIo, sub: string, args: string[]): Promise<number> {
  const name = (args[0] ?? "").trim();
  const owner = option(args, "--owner");
  if (name === "" || name.startsWith("--") || owner === null) {
    io.err('usage: new-brand <sub> "<brand name>" --owner <phone> [--bot-token <token>]');
    return 1;
  }
  if (!PHONE_PATTERN.test(owner)) {
    io.err("the owner's phone must be in E.164, e.g. +998901234567");
    return 1;
  }
  const botToken = option(args, "--bot-token") ?? undefined;
  const { merchantId } = await createEmptyBrand(db, { sub, name, botToken });
  io.out(`created the brand "${name}" (${sub}, ${merchantId})`);
  return grant(db, io, sub, owner, ["--role", "owner"]);
}

/** Runs one of DATABASE_COMMANDS; a refusal is printed and answers 1, with nothing written. */
export async function runDatabaseCommand(db: Db, args: string[], io: CommandIo): Promise<number> {
  const [command, sub, ...rest] = args;
  try {
    if (!sub) throw new StaffAccessError("name the brand (its sub)");
    if (command === "grant") return await grant(db, io, sub, rest[0] ?? "", rest.slice(1));
    if (command === "revoke") return await revoke(db, io, sub, rest[0] ?? "");
    if (command === "new-brand") return await newBrand(db, io, sub, rest);
    io.err(`not a database command: ${command ?? ""}`);
    return 1;
  } catch (error) {
    if (error instanceof StaffAccessError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}
