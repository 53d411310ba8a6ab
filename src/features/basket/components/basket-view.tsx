import { useLingui } from "@lingui/react/macro";
import { useRef } from "react";
import { Link } from "wouter";
import { CarouselArrows } from "../../../components/carousel-arrows.tsx";
import { Price, useFormatMinor } from "../../../shared/brand/price.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import type { Product } from "../../../domain/contract/menu.ts";
import { toMinor } from "../../../domain/money.ts";
import { basketLimitGaps } from "../../../domain/order-settings.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { linePrice, stepDown, stepUp } from "../../../domain/pricing.ts";
import {
  basketLine,
  toLineInput,
  useBasket,
  useBasketSummary,
  type BasketItem,
} from "../../../shared/basket/basket.ts";
import { lineProblem, type LineProblem } from "../../../shared/basket/line-problem.ts";
import { useMenu } from "../../../shared/menu/menu-query.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { notify } from "../../../lib/notify.ts";
import { openProduct } from "../../../shared/menu/product-link.ts";
import { formatQuantity } from "../../../lib/quantity.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useHaptics } from "../../../platform/react.ts";
import { useOrderRules } from "../api/get-order-rules.ts";
import { useOrderDraft } from "../../../shared/order-draft/order-draft.ts";
import { useTableSession } from "../../../shared/table/table-session.ts";
import { useOrderChange } from "../../../shared/order-change/order-change.ts";
import "./basket.css";

export { lineProblem, type LineProblem } from "../../../shared/basket/line-problem.ts";

/**
 * The basket: lines, recommendations and the totals preview (the page and the main-page panel).
 * `besideMenu`: shown next to the menu (the panel), where a link "to the menu" would lead nowhere.
 */
export function BasketView({
  compact = false,
  besideMenu = false,
}: {
  compact?: boolean;
  besideMenu?: boolean;
}) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const basket = useBasket();
  const summary = useBasketSummary();
  const menu = useMenu();
  const rules = useOrderRules(merchant.id);
  const format = useFormatMinor();
  const { draft } = useOrderDraft();
  // At a table the order is dine-in whatever the draft says (the checkout's rule).
  const serviceType = useTableSession() ? "DINE_IN" : draft.serviceType;
  const held = useOrderChange().change?.held;

  if (basket.items.length === 0) {
    return (
      <div className="basket-empty">
        <p className="basket-empty__title">{t`Your basket is empty`}</p>
        {besideMenu ? (
          <p className="basket-empty__hint">{t`Add dishes from the menu: they will appear here.`}</p>
        ) : (
          <Link href="/" className="button-link">
            {t`To the menu`}
          </Link>
        )}
      </div>
    );
  }

  const perProduct = new Map<string, number>();
  for (const i of basket.items) perProduct.set(i.productId, (perProduct.get(i.productId) ?? 0) + i.count);
  const minOrder = rules.data ? toMinor(rules.data.minOrderAmount) : 0;
  const missing = minOrder - summary.total;
  const limits = rules.data
    ? basketLimitGaps(rules.data, {
        delivery: serviceType === "DELIVERY",
        pieces: basket.items.reduce((sum, i) => sum + i.count, 0),
        net: summary.total,
      })
    : { piecesShort: 0, overBy: 0 };
  const inBasket = new Set(basket.items.map((i) => i.productId));
  const recommended = menu.data
    ? [...menu.data.productById.values()].filter(
        (p) => p.isCartRecommendation && p.isAvailable && !inBasket.has(p.id),
      )
    : [];

  return (
    <div className="basket">
      <ul className="basket__lines" aria-label={t`Basket`}>
        {basket.items.map((item) => (
          <BasketLine
            key={item.key}
            item={item}
            problem={
              menu.data
                ? lineProblem(
                    item,
                    menu.data.productById.get(item.productId),
                    perProduct.get(item.productId) ?? 0,
                    serviceType,
                    held?.[item.productId],
                  )
                : null
            }
          />
        ))}
      </ul>
      {!compact && (
        <button
          type="button"
          className="basket__clear"
          onClick={() => {
            basket.clear();
          }}
        >
          {t`Clear the basket`}
        </button>
      )}
      {!compact && recommended.length > 0 && <Recommendations products={recommended.slice(0, 12)} />}
      <section className="basket-totals" aria-label={t`Total`}>
        <dl>
          <div>
            <dt>{t`Products (${summary.count})`}</dt>
            <dd>{format(summary.price)}</dd>
          </div>
          {summary.discount > 0 && (
            <div>
              <dt>{t`Discount`}</dt>
              <dd>−{format(summary.discount)}</dd>
            </div>
          )}
          <div className="basket-totals__total">
            <dt>{t`Total`}</dt>
            <dd data-testid="basket-total">{format(summary.total)}</dd>
          </div>
        </dl>
        <p className="basket-totals__note">{t`Delivery and promo codes are counted at checkout.`}</p>
        {minOrder > 0 && missing > 0 && (
          <p className="basket-totals__minimum" role="status">
            {t`The minimum order for delivery is ${format(minOrder)}: add ${format(missing)} more.`}
          </p>
        )}
        {limits.piecesShort > 0 && rules.data && (
          <p className="basket-totals__minimum" role="status">
            {t`Items for delivery: at least ${rules.data.minDeliveryProductCount}. Add ${limits.piecesShort} more.`}
          </p>
        )}
        {limits.overBy > 0 && rules.data?.maxOrderAmount && (
          <p className="basket-totals__minimum" role="status">
            {t`An order may come to at most ${format(toMinor(rules.data.maxOrderAmount))}: remove ${format(limits.overBy)}.`}
          </p>
        )}
      </section>
    </div>
  );
}

function BasketLine({ item, problem }: { item: BasketItem; problem: LineProblem }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const basket = useBasket();
  const haptics = useHaptics();
  const name = pickText(item.name, lang);
  const price = linePrice(toLineInput(item));
  const mods = joinNames(item.modifications.map((m) => pickText(m.name, lang)));
  const change = (count: number) => {
    haptics.light();
    basket.setCount(item.key, count);
    notify({ kind: "success", text: count > 0 ? t`Quantity updated` : t`${name} removed from the basket` });
  };
  return (
    <li className={`basket-line${problem ? " basket-line--problem" : ""}`}>
      <ProductImage src={item.image} variant={{ w: 160, h: 160 }} className="basket-line__image" />
      <div className="basket-line__body">
        <p className="basket-line__name">{name}</p>
        {mods && <p className="basket-line__mods">{mods}</p>}
        <Price total={price.total} before={price.discount > 0 ? price.price : undefined} />
        {problem?.kind === "unavailable" && (
          <p className="field-error" role="alert">
            {t`This product is not available`}
          </p>
        )}
        {problem?.kind === "service" && (
          <p className="field-error" role="alert">
            {t`Not available for delivery`}
          </p>
        )}
        {problem?.kind === "options" && (
          <p className="field-error" role="alert">
            {t`Not available now: ${joinNames(problem.names.map((n) => pickText(n, lang)))}`}
          </p>
        )}
        {problem?.kind === "stock" && (
          <p className="field-error" role="alert">
            {t`Insufficient number of products. Maximum: ${problem.max}`}
          </p>
        )}
      </div>
      <div className="basket-line__actions">
        <div className="stepper stepper--compact" role="group" aria-label={t`${name}: quantity`}>
          <button
            type="button"
            className="stepper__button"
            aria-label={t`Less`}
            onClick={() => {
              change(stepDown(item.unit, item.count) ?? 0);
            }}
          >
            −
          </button>
          <output className="stepper__value">{formatQuantity(item.unit, item.count)}</output>
          <button
            type="button"
            className="stepper__button"
            aria-label={t`More`}
            onClick={() => {
              const up = stepUp(item.unit, item.count);
              if (up !== null) change(up);
            }}
          >
            +
          </button>
        </div>
        <button
          type="button"
          className="basket-line__remove"
          aria-label={t`Remove ${name}`}
          onClick={() => {
            change(0);
          }}
        >
          ×
        </button>
      </div>
    </li>
  );
}

/** isCartRecommendation products not in the basket yet: one tap adds one without choices. */
function Recommendations({ products }: { products: Product[] }) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const basket = useBasket();
  const listRef = useRef<HTMLUListElement>(null);
  return (
    <section className="basket-recommendations carousel" aria-labelledby="basket-recommendations">
      <h2 id="basket-recommendations" className="basket-recommendations__title">
        {t`Add to your order`}
      </h2>
      <ul ref={listRef}>
        {products.map((p) => {
          const name = pickText(p.name, lang);
          const price = linePrice({ ...p, count: 1, unit: "COUNT", modifications: [] });
          return (
            <li key={p.id} className="recommendation">
              <ProductImage src={p.image} variant={{ w: 240, h: 240 }} className="recommendation__image" />
              <span className="recommendation__name">{name}</span>
              <Price total={price.total} />
              <button
                type="button"
                className="quick-add"
                aria-label={t`Add ${name} to basket`}
                onClick={() => {
                  if (p.modificationGroups.length > 0) {
                    openProduct(p.id, "SHEET");
                    return;
                  }
                  basket.add(basketLine(p));
                  notify({ kind: "success", text: t`Product added to cart` });
                }}
              >
                +
              </button>
            </li>
          );
        })}
      </ul>
      <CarouselArrows scrollerRef={listRef} />
    </section>
  );
}
