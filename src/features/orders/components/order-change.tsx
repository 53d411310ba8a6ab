// Changing a placed order from its page (issue 42): the order's dishes as today's menu sells them
// fill the basket, its address or branch the draft, and the checkout saves the change. Once the
// kitchen has accepted it, or it is paid online, the page says why it can no longer be changed.
import { useLingui } from "@lingui/react/macro";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { navigate } from "wouter/use-browser-location";
import { ActionButton } from "../../../components/action-button.tsx";
import type { Order } from "../../../domain/contract/orders.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { CUSTOMER_CANCELLABLE_STATUSES } from "../../../domain/order-status.ts";
import type { OrderStatus } from "../../../domain/enums.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { notify } from "../../../lib/notify.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { basketLine, useBasket, type BasketItem } from "../../../shared/basket/basket.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { menuChannel, menuQueryOptions, useMenuBranchId } from "../../../shared/menu/menu-query.ts";
import { useOrderChange } from "../../../shared/order-change/order-change.ts";
import { useOrderDraft, type DraftAddress } from "../../../shared/order-draft/order-draft.ts";

/**
 * The order's lines as basket lines of today's menu (stock and availability change during the day,
 * and a line the checkout would refuse is named here instead), with the names of those it lacks;
 * null when the menu could not be read (the API client has shown why).
 */
export function useTodaysLines(order: Order, { changing = false }: { changing?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { merchant } = useRequiredTenant();
  const branchId = useMenuBranchId();
  const lang = useContentLanguage();
  const [reading, setReading] = useState(false);
  const read = async (): Promise<{ items: BasketItem[]; missing: string[] } | null> => {
    setReading(true);
    let products;
    try {
      products = (
        await queryClient.query({ ...menuQueryOptions(merchant.id, menuChannel(), branchId), staleTime: 0 })
      ).productById;
    } catch {
      return null;
    } finally {
      setReading(false);
    }
    const missing: string[] = [];
    const items: BasketItem[] = [];
    for (const line of order.cartItems) {
      const product = line.productId ? products.get(line.productId) : undefined;
      const options =
        product?.modificationGroups.flatMap((g) => g.modifications.map((m) => ({ ...m, groupId: g.id }))) ??
        [];
      const mods = line.modifications.map((m) => options.find((o) => o.id === m.id));
      // Changing the order: a dish whose last pieces this order holds is still the customer's.
      const soldOutByOrder = changing && product?.stock === 0 && line.count > 0;
      if (!product || (!product.isAvailable && !soldOutByOrder) || mods.some((m) => m === undefined)) {
        missing.push(pickText(line.name, lang));
        continue;
      }
      const chosen = mods.filter((m) => m !== undefined);
      items.push(basketLine(product, { count: line.count, modifications: chosen }));
    }
    return { items, missing };
  };
  return { read, reading };
}

/** The order's delivery address as the draft keeps it. */
function draftAddressOf(address: NonNullable<Order["address"]>): DraftAddress {
  return {
    id: address.id ?? null,
    name: address.name ?? "",
    streetName: address.streetName ?? "",
    houseNumber: address.houseNumber ?? "",
    description: address.description ?? "",
    comment: address.comment ?? "",
    latitude: address.latitude,
    longitude: address.longitude,
    cityId: address.cityId ?? null,
    floor: address.floor ?? "",
    office: address.office ?? "",
    entrance: address.entrance ?? "",
    domophone: address.domophone ?? "",
  };
}

/** How much of each product the order's lines hold. */
function heldOf(order: Order): Record<string, number> {
  const held: Record<string, number> = {};
  for (const line of order.cartItems) {
    if (line.productId) held[line.productId] = (held[line.productId] ?? 0) + line.count;
  }
  return held;
}

/** "Change the order": to the checkout with the order in the basket and its place in the draft. */
export function ChangeOrderButton({ order }: { order: Order }) {
  const { t } = useLingui();
  const lines = useTodaysLines(order, { changing: true });
  const queryClient = useQueryClient();
  const basket = useBasket();
  const orderDraft = useOrderDraft();
  const { start } = useOrderChange();
  const begin = async () => {
    const today = await lines.read();
    if (!today) return;
    if (today.missing.length > 0) {
      notify({
        kind: "warning",
        title: t`Warning`,
        text: t`Not available now: ${joinNames(today.missing)}`,
        duration: 8000,
      });
    }
    if (today.items.length === 0) return;
    // Quotes of an earlier change of this order were for the order as it was then (unpaid, say).
    queryClient.removeQueries({
      predicate: (q) => q.queryKey.includes("order-quote") && q.queryKey.at(-1) === order.id,
    });
    start({
      orderId: order.id,
      number: order.number,
      promoCode: order.promoCode,
      previous: basket.items,
      paymentType: order.paymentType,
      comment: order.comment ?? "",
      courierComment: order.courierComment ?? "",
      cashback: order.cashback,
      atTime: order.atTime,
      paid: order.isPaid,
      held: heldOf(order),
    });
    basket.replaceAll(today.items);
    if (order.serviceType === "DELIVERY" && order.address)
      orderDraft.setAddress(draftAddressOf(order.address));
    else if (order.branch && order.serviceType !== "DELIVERY") {
      const { id, name, address, phone, latitude, longitude } = order.branch;
      const type = order.serviceType === "DINE_IN" ? "DINE_IN" : "PICK_UP";
      orderDraft.setBranch({ id, name, address, phone, latitude, longitude, cityId: null }, type);
    }
    navigate("/checkout");
  };
  return (
    <ActionButton kind="secondary" size="m" onClick={() => void begin()} disabled={lines.reading}>
      {t`Change the order`}
    </ActionButton>
  );
}

/** Statuses in which the kitchen has the order but nothing has left it yet. */
const IN_KITCHEN: readonly OrderStatus[] = ["ACCEPTED", "COOKING"];

/** Why an order the customer might still want to change cannot be, or nothing. */
export function ChangeRefusedNote({ order }: { order: Order }) {
  const { t } = useLingui();
  if (order.changeable || order.userId === null) return null;
  const early = (CUSTOMER_CANCELLABLE_STATUSES as readonly OrderStatus[]).includes(order.status);
  const text =
    early && order.isPaid
      ? t`The order is paid, so it can no longer be changed here. Call the restaurant, or cancel it: the payment comes back.`
      : IN_KITCHEN.includes(order.status)
        ? t`The kitchen has accepted the order, so it can no longer be changed. Call the restaurant if something is wrong.`
        : null;
  return text ? <p className="order-page__hint">{text}</p> : null;
}
