import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiErrorSchema } from "#domain/contract/common.ts";
import { apiErrorBody } from "#domain/api-errors.ts";

const healthSchema = z.object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) });

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health",
    {
      config: { rateLimit: false },
      schema: {
        summary: "200 only when the database answers and every migration is applied",
        tags: ["system"],
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      if (await app.database.isHealthy()) return { status: "ok" as const, database: app.database.kind };
      return reply.status(503).send(apiErrorBody("SERVICE_UNAVAILABLE"));
    },
  );

  // The load balancer's check: like /health, and 503 from the moment the process was told to stop,
  // while it still finishes (and serves) what it has, so the balancer drains it first.
  app.withTypeProvider<ZodTypeProvider>().get(
    "/health/ready",
    {
      config: { rateLimit: false },
      schema: {
        summary: "200 while this process takes new requests; 503 once it is stopping or its database fails",
        tags: ["system"],
        response: { 200: healthSchema, 503: apiErrorSchema },
      },
    },
    async (_request, reply) => {
      // Read before the query (a draining process answers at once) and after it (a stop may arrive
      // while it runs).
      const draining = () => app.lifecycle.draining;
      if (!draining() && (await app.database.isHealthy()) && !draining())
        return { status: "ok" as const, database: app.database.kind };
      return reply.status(503).send(apiErrorBody("SERVICE_UNAVAILABLE"));
    },
  );
}
