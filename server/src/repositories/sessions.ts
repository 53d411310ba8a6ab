// Bearer sessions (docs/decisions.md, Accounts): an opaque random token (32 bytes, base64url) that
// the client keeps; the database keeps only its SHA-256, so a leaked table cannot be replayed.
// 30 days, revoked by logout and by account deletion.
import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { AuthChannel } from "#domain/enums.ts";
import { sessions, users } from "../db/schema/index.ts";
import type { Db } from "../db/types.ts";

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** lastUsedAt is refreshed at most this often, so reads do not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** base64url of 32 bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export type UserRow = typeof users.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

export interface CreatedSession {
  token: string;
  sessionId: string;
  expiresAt: Date;
}

export async function createSession(
  db: Db,
  { merchantId, userId, channel }: { merchantId: string; userId: string; channel: AuthChannel },
): Promise<CreatedSession> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ merchantId, userId, channel, tokenHash: hashToken(token), expiresAt, lastUsedAt: new Date() })
    .returning({ id: sessions.id });
  if (!row) throw new Error("session insert returned no row");
  return { token, sessionId: row.id, expiresAt };
}

export interface VerifiedSession {
  session: SessionRow;
  user: UserRow;
}

/**
 * The session lookup of every signed-in request, built once per database and sent as a named
 * prepared statement: Drizzle does not rebuild its SQL and PostgreSQL plans it once per connection
 * (docs/decisions.md, "Placing an order at half a bare insert").
 */
function sessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder("tokenHash")),
        eq(sessions.merchantId, sql.placeholder("merchantId")),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql.placeholder("now")),
      ),
    )
    .limit(1)
    .prepare("savat_verify_session");
}
const lookups = new WeakMap<Db, ReturnType<typeof sessionLookup>>();

/**
 * The live session of `token` at `merchantId` with its user, or undefined: unknown, expired,
 * revoked, of another merchant, or of a deleted or deactivated user.
 */
export async function verifySession(
  db: Db,
  { merchantId, token }: { merchantId: string; token: string },
): Promise<VerifiedSession | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  const now = new Date();
  let lookup = lookups.get(db);
  if (!lookup) {
    lookup = sessionLookup(db);
    lookups.set(db, lookup);
  }
  const [row] = await lookup.execute({ tokenHash: hashToken(token), merchantId, now: now.toISOString() });
  if (!row || row.user.merchantId !== merchantId || row.user.deletedAt !== null || !row.user.isActive) {
    return undefined;
  }
  if (!row.session.lastUsedAt || now.getTime() - row.session.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, row.session.id));
  }
  return row;
}

/** Revokes one session by its token; answers whether a live session was revoked. */
export async function revokeSession(
  db: Db,
  { merchantId, token }: { merchantId: string; token: string },
): Promise<boolean> {
  if (!TOKEN_PATTERN.test(token)) return false;
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.tokenHash, hashToken(token)),
        eq(sessions.merchantId, merchantId),
        isNull(sessions.revokedAt),
      ),
    )
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every live session of a user (account deletion, an account merged into another). */
export async function revokeUserSessions(
  db: Db,
  { merchantId, userId }: { merchantId: string; userId: string },
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.merchantId, merchantId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes sessions that expired or were revoked more than a day ago (housekeeping). */
export async function pruneSessions(db: Db, now: Date = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000);
  const rows = await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.revokedAt, dayAgo)))
    .returning({ id: sessions.id });
  return rows.length;
}
