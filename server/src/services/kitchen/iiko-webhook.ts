// iiko's webhook (POST /api/integrations/v1/iiko/webhook): a list of events of one organisation,
// with the authToken we set in webhooks/update_settings in Authorization. The brand is the one that
// named the organisation and whose token matches; anything else is refused (401) before a row is read.
// - DeliveryOrderUpdate: the order iiko took from us moves along the same legal transitions staff
//   moves use (orders/service.ts changeStatus, as the system), so history, cashback, payment on
//   receipt and the customer's live stream behave as for a staff move; a failed creation
//   (creationStatus Error) marks the kitchen row FAILED with iiko's reason for staff.
// - StopListUpdate: reads stop_lists and switches the brand's iiko products off (and back on) at the
//   branches bound to the terminal groups named (the stop-list rows and their menu cache bus).
import { timingSafeEqual } from "node:crypto";
import type { OrderStatus } from "#domain/enums.ts";
import { IIKO_STATUS_TO_ORDER, IIKO_TABLE_STATUS_TO_ORDER, kitchenSteps } from "#domain/kitchen.ts";
import type { Db } from "../../db/types.ts";
import type { IikoOrderInfo, IikoWebhookEvent } from "../../integrations/iiko.ts";
import { AppError } from "../../lib/errors.ts";
import {
  failKitchenOrder,
  findKitchenBrandsByOrganization,
  findKitchenOrderByIikoId,
  findKitchenOrderByNumber,
  listTerminalGroupBranches,
  replaceIikoStops,
  type KitchenCredentials,
} from "../../repositories/kitchen.ts";
import { findOrder } from "../../repositories/orders.ts";
import type { OrderEvents } from "../orders/events.ts";
import { changeStatus } from "../orders/service.ts";
import type { Outside } from "../stand-ins.ts";
import { iikoClientFor } from "./iiko-client.ts";

/** The longest walk an update asks for (CREATED to CLOSED of a delivery). */
const MAX_STEPS = 8;

export interface IikoWebhookDeps extends Outside {
  db: Db;
  events: OrderEvents;
  log: (message: string, detail: Record<string, unknown>) => void;
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The brand the call is from, by its organisation and token; throws UNAUTHORIZED otherwise. */
async function callerBrand(
  db: Db,
  events: IikoWebhookEvent[],
  authorization: string | undefined,
): Promise<KitchenCredentials> {
  const organizationId = events[0]?.organizationId;
  // iiko sends the token as it was set; a "Bearer " prefix from a proxy is tolerated.
  const token = (authorization ?? "").replace(/^Bearer\s+/i, "");
  if (!organizationId || !token || events.some((e) => e.organizationId !== organizationId)) {
    throw new AppError("UNAUTHORIZED");
  }
  const brands = await findKitchenBrandsByOrganization(db, organizationId);
  const brand = brands.find((b) => b.webhookToken !== null && same(b.webhookToken, token));
  if (!brand) throw new AppError("UNAUTHORIZED");
  return brand;
}

/** Applies what iiko says of one of our orders (its webhook, or the poll of deliveries/by_id). */
export async function applyIikoOrderInfo(
  deps: IikoWebhookDeps,
  brand: Pick<KitchenCredentials, "merchantId">,
  info: IikoOrderInfo,
  statuses: Readonly<Record<string, OrderStatus>> = IIKO_STATUS_TO_ORDER,
): Promise<void> {
  const { merchantId } = brand;
  const byId = info.id
    ? await findKitchenOrderByIikoId(deps.db, { merchantId, iikoOrderId: info.id })
    : undefined;
  const number = Number(info.externalNumber);
  const row =
    byId ??
    (Number.isSafeInteger(number) && number > 0
      ? await findKitchenOrderByNumber(deps.db, { merchantId, number })
      : undefined);
  if (!row) return;
  if (info.creationStatus === "Error") {
    const reason =
      info.errorInfo?.description ??
      info.errorInfo?.message ??
      info.errorInfo?.code ??
      "iiko could not create the order";
    await failKitchenOrder(deps.db, { merchantId, id: row.id, reason, iikoOrderId: info.id });
    return;
  }
  const target = info.order?.status ? statuses[info.order.status] : undefined;
  if (!target) return;
  // One step at a time from the status as it is now: another update (iiko's next status arriving at
  // once, or staff) may move the order meanwhile; its move is then read and the walk goes on from it.
  for (let guard = 0; guard < 2 * MAX_STEPS; guard += 1) {
    const order = await findOrder(deps.db, { merchantId, id: row.orderId });
    const to = order && kitchenSteps(order.status, target, order.serviceType)[0];
    if (!order || !to) return;
    try {
      await changeStatus(deps.db, deps.events, {
        merchantId,
        orderId: order.id,
        to,
        actor: { kind: "system", userId: null },
        comment: `iiko: ${info.order?.status ?? ""}`,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
}

async function stopListUpdate(
  deps: IikoWebhookDeps,
  brand: KitchenCredentials,
  eventInfo: unknown,
): Promise<void> {
  const named = new Set(
    (
      (eventInfo as { terminalGroupsStopListsUpdates?: { terminalGroupId?: unknown }[] } | null)
        ?.terminalGroupsStopListsUpdates ?? []
    )
      .map((u) => u.terminalGroupId)
      .filter((id): id is string => typeof id === "string"),
  );
  const bound = (await listTerminalGroupBranches(deps.db, brand.merchantId)).filter(
    (b) => named.size === 0 || named.has(b.terminalGroupId),
  );
  if (bound.length === 0) return;
  const client = iikoClientFor(brand.apiLogin, deps);
  if (!client) return;
  const lists = await client.stopLists(brand.organizationId, [
    ...new Set(bound.map((b) => b.terminalGroupId)),
  ]);
  for (const b of bound) {
    const list = lists.find((l) => l.terminalGroupId === b.terminalGroupId);
    if (!list) continue;
    await replaceIikoStops(deps.db, {
      merchantId: brand.merchantId,
      branchId: b.branchId,
      stoppedIikoIds: list.items.filter((i) => i.balance <= 0).map((i) => i.productId),
    });
  }
}

/** Handles one webhook call; throws UNAUTHORIZED for a call that is not the brand's iiko. */
export async function handleIikoWebhook(
  deps: IikoWebhookDeps,
  input: { authorization: string | undefined; events: IikoWebhookEvent[] },
): Promise<void> {
  const brand = await callerBrand(deps.db, input.events, input.authorization);
  for (const event of input.events) {
    try {
      if (event.eventType === "DeliveryOrderUpdate" || event.eventType === "DeliveryOrderError") {
        await applyIikoOrderInfo(deps, brand, (event.eventInfo ?? {}) as IikoOrderInfo);
      } else if (event.eventType === "TableOrderUpdate" || event.eventType === "TableOrderError") {
        await applyIikoOrderInfo(
          deps,
          brand,
          (event.eventInfo ?? {}) as IikoOrderInfo,
          IIKO_TABLE_STATUS_TO_ORDER,
        );
      } else if (event.eventType === "StopListUpdate") {
        await stopListUpdate(deps, brand, event.eventInfo);
      }
    } catch (error) {
      // One event that cannot be applied now (iiko's stop_lists unreachable) does not refuse the rest.
      deps.log("iiko webhook event not applied", {
        merchantId: brand.merchantId,
        eventType: event.eventType,
        error: error instanceof Error ? error.message : String(error),
      });
    }
  }
}
