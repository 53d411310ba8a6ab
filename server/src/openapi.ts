import type { FastifyInstance } from "fastify";

/**
 * The OpenAPI document of a ready app, as committed in docs/openapi.json. Component schemas are
 * sorted by name: the zod registry keeps module load order, which differs between entry points.
 */
export function openApiJson(app: FastifyInstance): string {
  const doc = app.swagger();
  const components: unknown = Reflect.get(doc, "components");
  const text = JSON.stringify(
    doc,
    function sortSchemas(this: unknown, key: string, value: unknown): unknown {
      if (this !== components || key !== "schemas" || value === null || typeof value !== "object")
        return value;
      return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    },
    2,
  );
  return `${text}\n`;
}
