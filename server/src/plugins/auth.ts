import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../lib/errors.ts";
import { verifySession, type SessionRow, type UserRow } from "../repositories/sessions.ts";

declare module "fastify" {
  interface FastifyRequest {
    /** The logged-in customer; set by requireUser (and by optionalUser when a valid token came). */
    user: UserRow | null;
    /** The bearer session of the request, when there is one. */
    session: SessionRow | null;
    /** The raw bearer token, when there is one (logout revokes it). */
    bearerToken: string | null;
  }
}

/** Declares the request fields requireUser fills (registered once, before the routes). */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorateRequest("user", null);
    app.decorateRequest("session", null);
    app.decorateRequest("bearerToken", null);
  },
  { name: "savat-auth" },
);

/** The token of `Authorization: Bearer <token>`, or undefined. */
export function bearerTokenOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== "string") return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

async function resolve(request: FastifyRequest): Promise<boolean> {
  const token = bearerTokenOf(request);
  if (token === undefined) return false;
  // Tenant routes only: the session must belong to the merchant named by the `merchant` header.
  const tenant = (request as Partial<Pick<FastifyRequest, "tenant">>).tenant;
  if (!tenant) return false;
  const found = await verifySession(request.server.database.db, { merchantId: tenant.id, token });
  if (!found) return false;
  request.user = found.user;
  request.session = found.session;
  request.bearerToken = token;
  return true;
}

/**
 * preHandler for routes of a logged-in customer: a live bearer session of request.tenant's merchant,
 * else 401 UNAUTHORIZED (the client logs out and returns to /). Register after requireTenant.
 */
export async function requireUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await resolve(request))) throw new AppError("UNAUTHORIZED");
}

/** The customer, session and token requireUser found; throws 401 on a route without it. */
export function authOf(request: FastifyRequest): { user: UserRow; session: SessionRow; token: string } {
  const { user, session, bearerToken } = request;
  if (!user || !session || !bearerToken) throw new AppError("UNAUTHORIZED");
  return { user, session, token: bearerToken };
}

/** preHandler that sets request.user when a valid token came and lets anonymous requests through. */
export async function optionalUser(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  await resolve(request);
}
