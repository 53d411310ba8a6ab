// Where a brand's calls to iiko go: IIKO_API_URL when configured (production: api-ru.iiko.services),
// else the demo's and tests' stand-in; none in production without a URL (the kitchen then waits).
import { IikoClient } from "../../integrations/iiko.ts";
import type { Outside } from "../stand-ins.ts";

/** One client per login and endpoint, so its token lives between calls (about an hour in iiko). */
const clients = new Map<string, IikoClient>();
const MAX_CLIENTS = 1_000;

export function iikoClientFor(apiLogin: string, { config, standIns }: Outside): IikoClient | undefined {
  const url = config.iikoApiUrl ?? standIns?.iiko.url;
  if (!url) return undefined;
  const key = `${url}\n${apiLogin}`;
  const hit = clients.get(key);
  if (hit) return hit;
  if (clients.size >= MAX_CLIENTS) clients.clear();
  const client = new IikoClient({
    baseUrl: url,
    apiLogin,
    timeoutMs: config.paymeApiTimeoutMs,
    ...(config.iikoApiUrl ? {} : standIns ? { fetch: standIns.iiko.fetch } : {}),
  });
  clients.set(key, client);
  return client;
}
