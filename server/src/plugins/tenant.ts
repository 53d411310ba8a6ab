import type { FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { Db } from "../db/types.ts";
import { cacheStamp, isCurrent } from "../db/cache-bus.ts";
import { AppError } from "../lib/errors.ts";
import { findMerchantById, type MerchantRow } from "../repositories/merchants.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The tenant named by the `merchant` header; set on tenant routes only. */
    tenant: MerchantRow;
  }
}

const merchantHeader = z.uuid();

// Every tenant request looks its merchant up; a short cache keeps that off the database
// (PGlite has a single connection). A change written through `cachesChanged(tx, id, ["merchant"])`
// (a brand import) shows at once on every process (server/src/db/cache-bus.ts); any other change (SQL by
// hand) within TTL_MS.
const TTL_MS = 3_000;
interface Cached {
  row: MerchantRow | undefined;
  at: number;
  stamp: number;
}
const cache = new WeakMap<Db, Map<string, Cached>>();

async function lookup(db: Db, id: string): Promise<MerchantRow | undefined> {
  let perDb = cache.get(db);
  if (!perDb) {
    perDb = new Map<string, Cached>();
    cache.set(db, perDb);
  }
  const hit = perDb.get(id);
  const now = Date.now();
  if (hit && now - hit.at < TTL_MS && isCurrent("merchant", id, hit.stamp)) return hit.row;
  const stamp = cacheStamp();
  const row = await findMerchantById(db, id);
  if (perDb.size > 10_000) perDb.clear();
  perDb.set(id, { row, at: now, stamp });
  return row;
}

/** The merchant under `id` when the cache holds it fresh (the menu's fast lane), else undefined. */
export function cachedTenant(db: Db, id: string): MerchantRow | undefined {
  const hit = cache.get(db)?.get(id);
  if (!hit || Date.now() - hit.at >= TTL_MS || !isCurrent("merchant", id, hit.stamp)) return undefined;
  return hit.row;
}

/** Forgets cached merchants, after an import or a switch of isActive. */
export function forgetTenants(db: Db): void {
  cache.delete(db);
}

/**
 * onRequest hook for tenant routes: missing `merchant` header -> 400 MERCHANT_REQUIRED,
 * unknown -> 400 MERCHANT_UNKNOWN, inactive -> 403 MERCHANT_INACTIVE (the client shows /blocked).
 */
export async function requireTenant(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const header = request.headers.merchant;
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value === "" || value === "undefined" || value === "null") {
    throw new AppError("MERCHANT_REQUIRED");
  }
  const parsed = merchantHeader.safeParse(value);
  if (!parsed.success) throw new AppError("MERCHANT_UNKNOWN");
  const merchant = await lookup(request.server.database.db, parsed.data);
  if (!merchant || merchant.deleted) throw new AppError("MERCHANT_UNKNOWN");
  if (!merchant.isActive) throw new AppError("MERCHANT_INACTIVE");
  request.tenant = merchant;
}
