import type { FastifyInstance } from "fastify";

/** The OpenAPI document of a ready app, as committed in docs/openapi.json. */
export function openApiJson(app: FastifyInstance): string {
  return `${JSON.stringify(app.swagger(), null, 2)}\n`;
}
