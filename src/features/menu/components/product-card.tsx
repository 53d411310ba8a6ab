import { useLingui } from "@lingui/react/macro";
import type { MouseEvent } from "react";
import { Price } from "../../../shared/brand/price.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import type { Category, Product } from "../../../domain/contract/menu.ts";
import type { CategoryViewType } from "../../../domain/enums.ts";
import { cardImageVariant } from "../../../domain/image-variant.ts";
import { basketKey } from "../../../domain/menu.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { linePrice, stepDown, stepUp } from "../../../domain/pricing.ts";
import { basketLine, useBasket } from "../../../shared/basket/basket.ts";
import { useStockForBasket } from "../../../shared/order-change/order-change.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { notify } from "../../../lib/notify.ts";
import { openProduct, productHref } from "../../../shared/menu/product-link.ts";
import { formatQuantity } from "../../../lib/quantity.ts";
import { textColorOn } from "../../../shared/brand/brand-look.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useHaptics } from "../../../platform/react.ts";

/** A product in a list: image, name, price, and a quick add (or its count) where it can be ordered. */
export function ProductCard({
  product,
  category,
  view,
  priority = false,
}: {
  product: Product;
  category: Pick<Category, "navigationType" | "isWithoutCart">;
  view: CategoryViewType;
  /** On the first screen: the image loads at once, first. */
  priority?: boolean;
}) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const name = pickText(product.name, lang);
  const description = pickText(product.description, lang);
  const price = linePrice({ ...product, count: 1, modifications: [], unit: "COUNT" });
  const open = (e: MouseEvent) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
    e.preventDefault();
    openProduct(product.id, category.navigationType);
  };
  return (
    <article className={`product-card product-card--${view.toLowerCase()}`}>
      <a
        href={productHref(product.id, category.navigationType)}
        onClick={open}
        className="product-card__link"
        aria-label={product.labels[0] ? joinNames([name, pickText(product.labels[0].name, lang)]) : name}
      >
        <ProductImage
          src={product.image}
          variant={cardImageVariant(view)}
          className="product-card__image"
          eager={priority}
        />
        {product.labels[0] && (
          <span
            className="product-label product-card__label"
            style={{ background: product.labels[0].color, color: textColorOn(product.labels[0].color) }}
          >
            {pickText(product.labels[0].name, lang)}
          </span>
        )}
      </a>
      <div className="product-card__body">
        <h3 className="product-card__name">
          <a href={productHref(product.id, category.navigationType)} onClick={open} tabIndex={-1}>
            {name}
          </a>
        </h3>
        {view !== "MEDIUM" && description && <p className="product-card__description">{description}</p>}
        <div className="product-card__footer">
          <Price total={price.total} before={price.discount > 0 ? price.price : undefined} />
          {!product.isAvailable ? (
            <span className="product-card__unavailable">{t`Not available`}</span>
          ) : category.isWithoutCart ? null : (
            <QuickAdd
              product={product}
              name={name}
              onOpen={() => {
                openProduct(product.id, category.navigationType);
              }}
            />
          )}
        </div>
      </div>
    </article>
  );
}

/** "+" adds a product without choices at once; one with choices opens. In the basket: − n +. */
function QuickAdd({ product, name, onOpen }: { product: Product; name: string; onOpen: () => void }) {
  const { t } = useLingui();
  const basket = useBasket();
  const haptics = useHaptics();
  const stock = useStockForBasket(product);
  const key = basketKey(product.id, []);
  const line = basket.items.find((i) => i.key === key);
  const hasChoices = product.modificationGroups.length > 0;
  if (line && !hasChoices) {
    return (
      <div className="stepper stepper--compact" role="group" aria-label={t`${name} in the basket`}>
        <button
          type="button"
          className="stepper__button"
          aria-label={t`Less`}
          onClick={() => {
            haptics.light();
            basket.setCount(key, stepDown(line.unit, line.count) ?? 0);
          }}
        >
          −
        </button>
        <output className="stepper__value">{formatQuantity(line.unit, line.count)}</output>
        <button
          type="button"
          className="stepper__button"
          aria-label={t`More`}
          onClick={() => {
            const up = stepUp(line.unit, line.count, stock);
            if (up === null) {
              notify({
                kind: "warning",
                text: t`Insufficient number of products. Maximum: ${stock ?? line.count}`,
              });
              return;
            }
            haptics.light();
            basket.setCount(key, up);
          }}
        >
          +
        </button>
      </div>
    );
  }
  return (
    <button
      type="button"
      className="quick-add"
      aria-label={hasChoices ? t`Choose options for ${name}` : t`Add ${name} to basket`}
      onClick={() => {
        if (hasChoices) {
          onOpen();
          return;
        }
        haptics.light();
        basket.add(basketLine(product));
        notify({ kind: "success", text: t`Product added to cart` });
      }}
    >
      +
    </button>
  );
}
