import { useLingui } from "@lingui/react/macro";
import { useLocation } from "wouter";
import { useFormatMinor } from "../../../shared/brand/price.tsx";
import { useBasket, useBasketSummary } from "../../../shared/basket/basket.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useMainButton } from "../../../platform/react.ts";
import { BasketView } from "./basket-view.tsx";
import { ChangeBanner } from "../../../shared/order-change/change-banner.tsx";

/** `/basket`: the basket, and the way on to checkout (Telegram's MainButton, a bottom bar elsewhere). */
export function BasketPage() {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const basket = useBasket();
  const summary = useBasketSummary();
  const format = useFormatMinor();
  usePageTitle(t`Basket`);
  const total = format(summary.total);
  useMainButton(
    basket.items.length > 0
      ? {
          text: t`Checkout · ${total}`,
          onClick: () => {
            navigate("/checkout");
          },
        }
      : null,
  );
  return (
    <div className="page basket-page">
      <h1 className="page__title">{t`Basket`}</h1>
      <ChangeBanner />
      <BasketView />
    </div>
  );
}
