import { useLingui } from "@lingui/react/macro";
import { navigate } from "wouter/use-browser-location";
import { ActionButton } from "../../components/action-button.tsx";
import { useBasket } from "../basket/basket.ts";
import { useOrderChange } from "./order-change.ts";
import "./order-change.css";

/**
 * While a placed order is being changed: which order, and the way back to it as it was (the basket
 * the customer had before comes back).
 */
export function ChangeBanner() {
  const { t } = useLingui();
  const { change, end } = useOrderChange();
  const basket = useBasket();
  if (!change) return null;
  return (
    <div className="order-change-banner">
      <p className="order-change-banner__text" role="status">
        {change.paid
          ? t`You are changing paid order #${change.number}. The changes are made once Payme takes their payment.`
          : t`You are changing order #${change.number}. Nothing changes until you save.`}
      </p>
      <ActionButton
        kind="secondary"
        size="s"
        onClick={() => {
          basket.replaceAll(change.previous);
          end();
          navigate(`/profile/orders/${change.orderId}`, { replace: true });
        }}
      >
        {t`Keep the order as it was`}
      </ActionButton>
    </div>
  );
}
