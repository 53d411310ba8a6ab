import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useId, useRef, useState } from "react";
import { Link, useLocation } from "wouter";
import { ChoiceRow } from "../../../components/choice-row.tsx";
import { CarouselArrows } from "../../../components/carousel-arrows.tsx";
import { loginHref } from "../../../components/login-prompt.tsx";
import { Price, useFormatMinor } from "../../../shared/brand/price.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import type { Product } from "../../../domain/contract/menu.ts";
import { checkSelection, defaultSelection } from "../../../domain/menu.ts";
import { toMinor } from "../../../domain/money.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { linePrice, normalizeQuantity, stepDown, stepUp, UNIT_STEPS } from "../../../domain/pricing.ts";
import { basketLine, useBasket } from "../../../shared/basket/basket.ts";
import { useStockForBasket } from "../../../shared/order-change/order-change.ts";
import { useFavourites, useToggleFavourite } from "../../../shared/favourites/favourites-query.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { notify } from "../../../lib/notify.ts";
import { formatQuantity } from "../../../lib/quantity.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useHaptics } from "../../../platform/react.ts";
import { textColorOn } from "../../../shared/brand/brand-look.ts";
import { ShareButton } from "./share-button.tsx";
import "./product.css";
import { ProductStars } from "./product-stars.tsx";

/** The full product: gallery, texts, facts, modifier choices, quantity, price and the add button. */
export function ProductDetails({
  product,
  withoutCart,
  onAdded,
  headingLevel = 1,
}: {
  product: Product;
  /** The category is display-only (isWithoutCart): no quantity, no add button. */
  withoutCart: boolean;
  onAdded?: () => void;
  headingLevel?: 1 | 2;
}) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { settings } = useRequiredTenant();
  const basket = useBasket();
  const haptics = useHaptics();
  const format = useFormatMinor();
  // A required single choice (a size) opens on its first option; other groups start empty and the
  // add button says which one still needs a choice.
  const [chosen, setChosen] = useState<string[]>(() => defaultSelection(product));
  const [count, setCount] = useState(() => normalizeQuantity(product.unit, UNIT_STEPS[product.unit].min));
  const [problem, setProblem] = useState<{ groupId: string | null; text: string } | null>(null);
  const groupRefs = useRef(new Map<string, HTMLFieldSetElement>());
  const titleId = useId();

  const name = pickText(product.name, lang);
  const description = pickText(product.description, lang);
  const chosenMods = product.modificationGroups.flatMap((g) =>
    g.modifications.filter((m) => chosen.includes(m.id)).map((m) => ({ ...m, groupId: g.id })),
  );
  const price = linePrice({
    costPrice: product.costPrice,
    discount: product.discount,
    count,
    unit: product.unit,
    modifications: chosenMods,
  });
  const inBasket = basket.items.filter((i) => i.productId === product.id).reduce((n, i) => n + i.count, 0);
  const stock = useStockForBasket(product);
  const stockLeft = stock === null ? null : Math.max(0, stock - inBasket);
  const images = [product.image, ...product.gallery].filter((s): s is string => Boolean(s));
  const Heading = headingLevel === 1 ? "h1" : "h2";
  const galleryRef = useRef<HTMLDivElement>(null);
  const withImages = settings.modificationViewType === "FULL_IMAGE";

  const toggle = (groupId: string, modId: string) => {
    const group = product.modificationGroups.find((g) => g.id === groupId);
    if (!group) return;
    setProblem(null);
    setChosen((current) => {
      const inGroup = current.filter((id) => group.modifications.some((m) => m.id === id));
      if (current.includes(modId)) {
        // A required single choice is switched, never emptied.
        if (group.maxSelect === 1 && group.minSelect >= 1) return current;
        return current.filter((id) => id !== modId);
      }
      if (group.maxSelect === 1) return [...current.filter((id) => !inGroup.includes(id)), modId];
      if (inGroup.length >= group.maxSelect) {
        const groupName = pickText(group.name, lang);
        setProblem({ groupId, text: t`${groupName}: you can choose at most ${group.maxSelect}` });
        haptics.notify("warning");
        return current;
      }
      return [...current, modId];
    });
  };

  const add = () => {
    const issue = checkSelection(product, chosen);
    if (issue?.kind === "MIN") {
      const group = product.modificationGroups.find((g) => g.id === issue.groupId);
      const groupName = pickText(group?.name, lang);
      // A single choice reads as an instruction ("Choose size"); a count only where several are due.
      const choice = groupName.charAt(0).toLocaleLowerCase() + groupName.slice(1);
      setProblem({
        groupId: issue.groupId,
        text: group?.maxSelect === 1 ? t`Choose ${choice}` : t`${groupName}: choose at least ${issue.min}`,
      });
      groupRefs.current.get(issue.groupId)?.scrollIntoView({ block: "center", behavior: "smooth" });
      groupRefs.current.get(issue.groupId)?.querySelector("input")?.focus({ preventScroll: true });
      haptics.notify("error");
      return;
    }
    if (issue) return;
    if (stockLeft !== null && count > stockLeft) {
      setProblem({ groupId: null, text: t`Insufficient number of products. Maximum: ${stockLeft}` });
      haptics.notify("error");
      return;
    }
    basket.add(basketLine(product, { count, modifications: chosenMods }));
    haptics.notify("success");
    notify({ kind: "success", text: t`Product added to cart` });
    onAdded?.();
  };

  return (
    <article className="product-details" aria-labelledby={titleId}>
      <div className="carousel">
        <div className="product-details__gallery" aria-label={t`Photos`} role="group" ref={galleryRef}>
          {(images.length > 0 ? images : [null]).map((src, i) => (
            <ProductImage
              key={`${src ?? "none"}-${i}`}
              src={src}
              alt={i === 0 ? name : t`${name}, photo ${i + 1}`}
              eager={i === 0}
              variant={{ w: 640, h: 640 }}
              className="product-details__image"
            />
          ))}
        </div>
        <CarouselArrows scrollerRef={galleryRef} />
      </div>
      {/* Beside the photos on a desktop's product page, below them elsewhere (product.css). */}
      <div className="product-details__body">
        <div className="product-details__head">
          <Heading id={titleId} className="product-details__name">
            {name}
          </Heading>
          <ShareButton productId={product.id} name={name} />
          {settings.favouriteActive && <FavouriteToggle productId={product.id} name={name} />}
        </div>
        <ProductStars productId={product.id} />
        {product.labels.length > 0 && (
          <ul className="product-details__labels" aria-label={t`Labels`}>
            {product.labels.map((label, i) => (
              <li
                key={i}
                className="product-label"
                style={{ background: label.color, color: textColorOn(label.color) }}
              >
                {pickText(label.name, lang)}
              </li>
            ))}
          </ul>
        )}
        {description && <p className="product-details__description">{description}</p>}
        <ProductFacts product={product} />
        {product.tags.length > 0 && (
          <ul className="product-details__tags" aria-label={t`Tags`}>
            {product.tags.map((tag) => (
              <li key={tag} className="chip">
                #{tag}
              </li>
            ))}
          </ul>
        )}

        {!product.isAvailable && (
          <p className="product-details__unavailable" role="status">
            {t`This product is not available`}
          </p>
        )}

        {product.modificationGroups.map((group) => (
          <fieldset
            key={group.id}
            className={`modification-group${problem?.groupId === group.id ? " modification-group--invalid" : ""}`}
            ref={(el) => {
              if (el) groupRefs.current.set(group.id, el);
              else groupRefs.current.delete(group.id);
            }}
            aria-invalid={problem?.groupId === group.id || undefined}
          >
            <legend className="modification-group__legend">
              <span>{pickText(group.name, lang)}</span>
              <span className="modification-group__rule">
                {group.minSelect > 0
                  ? group.maxSelect === 1
                    ? t`Required`
                    : t`Choose ${group.minSelect} to ${group.maxSelect}`
                  : group.maxSelect === 1
                    ? t`Optional`
                    : t`Up to ${group.maxSelect}`}
              </span>
            </legend>
            <div
              className={`choice-list modification-group__options modification-group__options--${withImages ? "image" : "name"}`}
            >
              {group.modifications.map((m) => {
                const checked = chosen.includes(m.id);
                return (
                  <ChoiceRow
                    key={m.id}
                    type={group.maxSelect === 1 ? "radio" : "checkbox"}
                    name={`group-${group.id}`}
                    checked={checked}
                    className={`modification${withImages ? " modification--tile" : ""}`}
                    onChange={() => {
                      toggle(group.id, m.id);
                    }}
                    onClick={() => {
                      // A radio that is already on does not fire change: let an optional one switch off.
                      if (group.maxSelect === 1 && checked && group.minSelect === 0) toggle(group.id, m.id);
                    }}
                  >
                    {withImages && (
                      <ProductImage
                        src={m.image}
                        variant={{ w: 160, h: 160 }}
                        className="modification__image"
                      />
                    )}
                    <span className="modification__name">{pickText(m.name, lang)}</span>
                    {m.price > 0 && <span className="modification__price">+{format(toMinor(m.price))}</span>}
                  </ChoiceRow>
                );
              })}
            </div>
            {problem?.groupId === group.id && (
              <p className="field-error" role="alert">
                {problem.text}
              </p>
            )}
          </fieldset>
        ))}

        {problem && problem.groupId === null && (
          <p className="field-error" role="alert">
            {problem.text}
          </p>
        )}

        {!withoutCart && product.isAvailable && (
          <div className="product-details__actions">
            <QuantityStepper
              label={t`Quantity`}
              value={count}
              unit={product.unit}
              onChange={(n) => {
                setProblem(null);
                setCount(n);
              }}
              max={stockLeft}
              onLimit={() => {
                setProblem({
                  groupId: null,
                  text: t`Insufficient number of products. Maximum: ${stockLeft ?? 0}`,
                });
              }}
            />
            <Button size="l" stretched onClick={add} className="product-details__add">
              <span className="product-details__add-text">{t`Add to basket`}</span>{" "}
              <Price total={price.total} before={price.discount > 0 ? price.price : undefined} />
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}

function ProductFacts({ product }: { product: Product }) {
  const { t } = useLingui();
  const facts: string[] = [];
  if (product.calorie !== null) facts.push(t`${product.calorie} kcal`);
  const { timeCookingMin: min, timeCookingMax: max } = product;
  // A range is read with the form of its upper end ("2–5 минут", "٣–١٠ دقائق").
  if (min !== null && max !== null && min !== max)
    facts.push(t`Cooking ${plural(max, { one: `${min}–# minute`, other: `${min}–# minutes` })}`);
  else if (min !== null || max !== null)
    facts.push(t`Cooking ${plural(min ?? max ?? 0, { one: "# minute", other: "# minutes" })}`);
  if (facts.length === 0) return null;
  return (
    <ul className="product-details__facts" aria-label={t`Facts`}>
      {facts.map((f) => (
        <li key={f}>{f}</li>
      ))}
    </ul>
  );
}

/** − value + for a quantity in its unit's steps; the limit is the stock left, when counted. */
export function QuantityStepper({
  label,
  value,
  unit,
  onChange,
  max,
  onLimit,
  min,
}: {
  label: string;
  value: number;
  unit: Product["unit"];
  onChange: (value: number) => void;
  max?: number | null;
  onLimit?: () => void;
  /** Below this the − button is disabled (the product screen); without it − can reach 0 (basket). */
  min?: number;
}) {
  const { t } = useLingui();
  const haptics = useHaptics();
  const down = stepDown(unit, value);
  const floor = min ?? UNIT_STEPS[unit].min;
  return (
    <div className="stepper" role="group" aria-label={label}>
      <button
        type="button"
        className="stepper__button"
        aria-label={t`Less`}
        disabled={min !== undefined && (down === null || down < floor)}
        onClick={() => {
          haptics.light();
          onChange(down ?? 0);
        }}
      >
        −
      </button>
      <output className="stepper__value" aria-live="polite">
        {formatQuantity(unit, value)}
      </output>
      <button
        type="button"
        className="stepper__button"
        aria-label={t`More`}
        onClick={() => {
          const up = stepUp(unit, value, max);
          if (up === null) {
            onLimit?.();
            return;
          }
          haptics.light();
          onChange(up);
        }}
      >
        +
      </button>
    </div>
  );
}

function FavouriteToggle({ productId, name }: { productId: string; name: string }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const customer = useCustomerId();
  const [location] = useLocation();
  const favourites = useFavourites(merchant.id);
  const toggle = useToggleFavourite(merchant.id);
  if (customer === null) {
    return (
      <Link
        href={loginHref(`${location}${window.location.search}`)}
        className="favourite-toggle"
        aria-label={t`Log in to keep ${name} in your favourites`}
        title={t`Log in to keep favourites`}
      >
        <HeartIcon filled={false} />
      </Link>
    );
  }
  const on =
    toggle.isPending && toggle.variables.productId === productId
      ? toggle.variables.favourite
      : (favourites.data?.some((f) => f.productId === productId) ?? false);
  return (
    <button
      type="button"
      className="favourite-toggle"
      aria-pressed={on}
      aria-label={on ? t`Remove ${name} from favourites` : t`Add ${name} to favourites`}
      disabled={favourites.isPending}
      onClick={() => {
        toggle.mutate({ productId, favourite: !on });
      }}
    >
      <HeartIcon filled={on} />
    </button>
  );
}

function HeartIcon({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2 0 3.6 1.1 4.4 2.6h2c.8-1.5 2.4-2.6 4.4-2.6 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.8"
      />
    </svg>
  );
}
