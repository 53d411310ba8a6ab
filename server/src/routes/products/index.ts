import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema, errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import {
  favouriteBodySchema,
  favouriteListQuerySchema,
  favouriteSchema,
  gradeSchema,
  overallQuerySchema,
  overallSchema,
} from "#domain/contract/menu.ts";
import { authOf, requireUser } from "../../plugins/auth.ts";
import { AppError } from "../../lib/errors.ts";
import type { PreparedBody } from "../../services/menu/menu.ts";
import { preparedOverall } from "../../services/menu/prepared-menu.ts";
import {
  deleteFavourite,
  listFavourites,
  saveFavourite,
  type FavouriteView,
} from "../../services/menu/favourites.ts";
import { listBranchIds, listGrades, onMenuChanged } from "../../services/menu/menu.ts";
import { SseStreams } from "../../lib/sse.ts";
import { onStoriesChanged } from "../../services/content/content-views.ts";

import { etagMatchesHeader, etagsOf, preparedEncoding } from "./etag.ts";

export { imageRoutes } from "./images.ts";

const unauthorized = { 401: apiErrorSchema };

/** Limits of the menu's live stream (tests shorten the ping). */
export const menuStreams = { maxPerAddress: 100, pingMs: 20_000 };

/**
 * Answers prepared JSON bytes: 304 when the client holds them, Brotli or gzip when it accepts them.
 * Buffers skip Fastify's serializer, so a cached menu is written as it was prepared.
 */
export function sendPrepared(
  request: FastifyRequest,
  reply: FastifyReply,
  prepared: PreparedBody,
): FastifyReply {
  const encoding = preparedEncoding(request.headers["accept-encoding"], prepared);
  const [plainTag, gzTag, brTag] = etagsOf(prepared);
  reply
    .header("etag", encoding === "br" ? brTag : encoding === "gzip" ? gzTag : plainTag)
    .header("vary", "accept-encoding")
    .header("cache-control", "no-cache");
  if (etagMatchesHeader(request.headers["if-none-match"], etagsOf(prepared))) {
    return reply.code(304).send();
  }
  reply.type("application/json; charset=utf-8");
  if (encoding === "br" && prepared.br) return reply.header("content-encoding", "br").send(prepared.br);
  if (encoding === "gzip") return reply.header("content-encoding", "gzip").send(prepared.gzip);
  return reply.send(prepared.body);
}

function toFavourite(f: FavouriteView): z.input<typeof favouriteSchema> {
  return { ...f, createdDate: f.createdDate.toISOString() };
}

/**
 * The storefront's live menu (issue 44, point 14): one stream per open page, told when the brand's
 * menu changed in any process (the cache bus), so the page reads it again. Anonymous, like the menu:
 * an address holds a bounded number of streams and is refused more (429) rather than ending
 * someone else's.
 */
function menuEventRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const streams = new SseStreams(app, { restartHint: true });
  app.metrics.countStreams("menu", () => streams.size);
  r.get(
    "/products/v1/overalls/events",
    {
      schema: {
        summary:
          "Server-sent events: `menu` with {at} whenever the brand's menu changes (a stop-list switch, an import), `content` when its stories change",
        description: `Read the menu again on each event (its ETag answers 304 when the branch's menu is unchanged). At most ${String(menuStreams.maxPerAddress)} streams per address and brand; more are refused with 429 RATE_LIMITED.`,
        tags: ["menu"],
        headers: tenantHeadersSchema,
        response: {
          200: z.any().describe("text/event-stream"),
          429: errorResponses[403],
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const merchantId = request.tenant.id;
      const key = `${merchantId}|${request.ip}`;
      if (streams.of(key).length >= menuStreams.maxPerAddress) throw new AppError("RATE_LIMITED");
      const stream = streams.open(request, reply, { key, pingMs: menuStreams.pingMs });
      stream.onEnd(
        onMenuChanged(merchantId, () => {
          stream.send("menu", { at: Date.now() });
        }),
      );
      // The stories changed in the back office: the page reads them again.
      stream.onEnd(
        onStoriesChanged(merchantId, () => {
          stream.send("content", { at: Date.now() });
        }),
      );
    },
  );
}

/** The menu, grades and favourites of one brand (tenant scope). */
export async function productTenantRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const cache = app.menuCache;

  r.get(
    "/products/v1/overalls",
    {
      // Once built, a menu is answered before Fastify (plugins/menu-fast-lane.ts); this route builds it
      // and answers what the lane hands on.
      schema: {
        summary: "The brand's menu for a channel (and the nearest branch): groups, categories, products",
        description:
          "Served from a per-merchant cache with a strong ETag; If-None-Match answers 304. Brotli or gzip when accepted.",
        tags: ["menu"],
        headers: tenantHeadersSchema,
        querystring: overallQuerySchema,
        response: { 200: overallSchema, 304: z.null().describe("Not modified"), ...errorResponses },
      },
    },
    async (request, reply) => {
      const merchantId = request.tenant.id;
      const { type, branchId } = request.query;
      let branchKey = "*";
      if (branchId !== undefined) {
        const known = await cache.branchIds(merchantId, () => listBranchIds(db, { merchantId }));
        // Any unknown branch sells nothing: one shared entry, so made-up ids cannot grow the cache.
        branchKey = known.has(branchId) ? branchId : "unknown";
      }
      const prepared = await preparedOverall(db, cache, merchantId, type, branchKey, branchId);
      return sendPrepared(request, reply, prepared);
    },
  );

  menuEventRoutes(app);

  r.get(
    "/products/v1/grade",
    {
      schema: {
        summary: "The customers' average grade of each graded product",
        tags: ["menu"],
        headers: tenantHeadersSchema,
        response: { 200: z.array(gradeSchema), ...errorResponses },
      },
    },
    async (request) => listGrades(db, { merchantId: request.tenant.id }),
  );

  r.get(
    "/products/v1/favourite/all",
    {
      preHandler: requireUser,
      schema: {
        summary: "The logged-in customer's favourite products, newest first",
        tags: ["menu"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        querystring: favouriteListQuerySchema,
        response: { 200: z.array(favouriteSchema), ...unauthorized, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      if (request.query.userId !== undefined && request.query.userId !== user.id)
        throw new AppError("FORBIDDEN");
      const list = await listFavourites(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        isFavourite: request.query.isFavourite ?? true,
      });
      return list.map(toFavourite);
    },
  );

  r.post(
    "/products/v1/favourite",
    {
      preHandler: requireUser,
      schema: {
        summary: "Marks a product as the customer's favourite (isFavourite false unmarks it)",
        tags: ["menu"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        body: favouriteBodySchema,
        response: { 200: favouriteSchema, ...unauthorized, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const saved = await saveFavourite(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        productId: request.body.productId,
        isFavourite: request.body.isFavourite,
      });
      if (!saved) throw new AppError("NOT_FOUND");
      return toFavourite(saved);
    },
  );

  r.delete(
    "/products/v1/favourite/:id",
    {
      preHandler: requireUser,
      schema: {
        summary: "Removes one of the customer's favourites, named by its id or its product's id",
        tags: ["menu"],
        security: [{ bearer: [] }],
        headers: tenantHeadersSchema,
        params: z.object({ id: uuidSchema }),
        response: { 200: z.object({ id: uuidSchema }), ...unauthorized, ...errorResponses },
      },
    },
    async (request) => {
      const { user } = authOf(request);
      const removed = await deleteFavourite(db, {
        merchantId: request.tenant.id,
        userId: user.id,
        id: request.params.id,
      });
      if (!removed) throw new AppError("NOT_FOUND");
      return { id: request.params.id };
    },
  );
}
