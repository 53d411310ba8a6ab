import type { FastifyInstance } from "fastify";
import { apiErrorBody } from "#domain/api-errors.ts";
import { bootDataFor } from "../services/content/boot-data.ts";
import { webManifest } from "../services/content/web-manifest.ts";

/**
 * GET /manifest.webmanifest: the brand of this host's web app manifest (index.html links it), so a
 * phone adds the storefront to its home screen under the brand's name, colour and logo. Outside
 * the API: a browser asks for it like a page's file, with no merchant header.
 */
export async function webManifestRoutes(app: FastifyInstance): Promise<void> {
  app.get("/manifest.webmanifest", { schema: { hide: true } }, async (request, reply) => {
    const query = request.url.indexOf("?");
    const data = await bootDataFor(app.database.db, {
      hostname: request.hostname,
      search: query >= 0 ? request.url.slice(query) : "",
    });
    if (!data?.settings) return reply.status(404).send(apiErrorBody("NOT_FOUND"));
    return reply
      .header("cache-control", "no-cache")
      .type("application/manifest+json; charset=utf-8")
      .send(JSON.stringify(webManifest(data)));
  });
}
