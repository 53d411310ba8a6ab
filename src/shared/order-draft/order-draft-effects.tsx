import { useLocation } from "wouter";
import { fromMinor } from "../../domain/money.ts";
import { useBasketSummary } from "../basket/basket.ts";
import { useMoveGuestAddresses } from "./guest-addresses.ts";
import { useDeliveryRecalculation } from "./order-draft.ts";

/**
 * The order draft's background work, mounted once for a resolved brand: the delivery
 * recalculation (spec section 4) and moving a guest's addresses to the profile after login.
 */
export function OrderDraftEffects() {
  const [path] = useLocation();
  const summary = useBasketSummary();
  useDeliveryRecalculation({ productTotal: fromMinor(summary.total), path });
  useMoveGuestAddresses();
  return null;
}
