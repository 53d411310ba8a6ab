// The brand's signed webhooks in the back office (issue 38, owner only): endpoints, their secret
// (answered once), the delivery log, "send again" and a test event.
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  webhookDeliverySchema,
  webhookEndpointBodySchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
  webhookEndpointWithSecretSchema,
} from "#domain/contract/back-office-webhooks.ts";
import { errorResponses, tenantHeadersSchema, uuidSchema } from "#domain/contract/common.ts";
import { requireUser } from "../../plugins/auth.ts";
import {
  changeWebhookEndpoint,
  createWebhookEndpoint,
  removeWebhookEndpoint,
  resendWebhookDelivery,
  rollWebhookSecret,
  sendWebhookTest,
  webhookDeliveries,
  webhookEndpoints,
} from "../../services/webhooks/endpoints.ts";
import { requireBackOffice, requireStaff } from "../orders/staff.ts";

const errors = { 401: errorResponses[403], 409: errorResponses[403], ...errorResponses };

export async function webhookRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database.db;
  const base = { tags: ["staff"], security: [{ bearer: [] }], headers: tenantHeadersSchema };
  const preHandler = [requireUser, requireStaff];
  const idParams = z.object({ id: uuidSchema });
  const deliveryParams = z.object({ id: uuidSchema, deliveryId: uuidSchema });
  const actor = (request: Parameters<typeof requireBackOffice>[0]) => {
    const scope = requireBackOffice(request, "webhooks");
    return { merchantId: scope.merchantId, userId: scope.userId, allowLocal: app.config.webhookLocalTargets };
  };

  r.get(
    "/staff/v1/webhooks",
    {
      preHandler,
      schema: {
        ...base,
        summary: "The brand's webhook endpoints (owner), without their secrets",
        response: { 200: z.array(webhookEndpointSchema), ...errors },
      },
    },
    async (request) => webhookEndpoints(db, actor(request).merchantId),
  );

  r.post(
    "/staff/v1/webhooks",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Add an endpoint (owner): https (a public address); answers its signing secret, shown this once. 400 VALIDATION_FAILED names a refused address",
        body: webhookEndpointBodySchema,
        response: { 201: webhookEndpointWithSecretSchema, ...errors },
      },
    },
    async (request, reply) => {
      const made = await createWebhookEndpoint(db, actor(request), request.body);
      return reply.code(201).send(made);
    },
  );

  r.put(
    "/staff/v1/webhooks/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Change an endpoint's address or events, or pause and resume it (owner)",
        params: idParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema, ...errors },
      },
    },
    async (request) => changeWebhookEndpoint(db, actor(request), request.params.id, request.body),
  );

  r.delete(
    "/staff/v1/webhooks/:id",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Delete an endpoint and its delivery log (owner)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeWebhookEndpoint(db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  r.post(
    "/staff/v1/webhooks/:id/secret",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "Roll the endpoint's signing secret (owner): the new one is answered this once and signs from now on",
        params: idParams,
        response: { 200: webhookEndpointWithSecretSchema, ...errors },
      },
    },
    async (request) => rollWebhookSecret(db, actor(request), request.params.id),
  );

  r.get(
    "/staff/v1/webhooks/:id/deliveries",
    {
      preHandler,
      schema: {
        ...base,
        summary:
          "The endpoint's last 100 deliveries, newest first, with their tries and the receiver's answers",
        params: idParams,
        response: { 200: z.array(webhookDeliverySchema), ...errors },
      },
    },
    async (request) => webhookDeliveries(db, actor(request).merchantId, request.params.id),
  );

  r.post(
    "/staff/v1/webhooks/:id/deliveries/:deliveryId/resend",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Send a delivery again now, same event id and body, with another day of retries (owner)",
        params: deliveryParams,
        response: { 200: webhookDeliverySchema, ...errors },
      },
    },
    async (request) =>
      resendWebhookDelivery(db, actor(request).merchantId, request.params.id, request.params.deliveryId),
  );

  r.post(
    "/staff/v1/webhooks/:id/test",
    {
      preHandler,
      schema: {
        ...base,
        summary: "Queue a signed webhook.test event for this endpoint only (owner)",
        params: idParams,
        response: { 201: webhookDeliverySchema, ...errors },
      },
    },
    async (request, reply) => {
      const queued = await sendWebhookTest(db, actor(request).merchantId, request.params.id);
      app.webhooks.kick();
      return reply.code(201).send(queued);
    },
  );
}
