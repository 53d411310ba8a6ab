import type { TableSession } from "../../../domain/contract/tables.ts";
import { api, type ApiResult } from "../../../lib/api-client.ts";

/** What a table's QR code names; the caller shows a refusal itself. */
export function resolveTable(code: string): Promise<ApiResult<TableSession>> {
  return api<TableSession>(`/orders/v1/tables/${encodeURIComponent(code)}`, { silent: true });
}
