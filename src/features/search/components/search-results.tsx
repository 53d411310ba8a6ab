import { useLingui } from "@lingui/react/macro";
import { Price } from "../../../shared/brand/price.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import type { Product } from "../../../domain/contract/menu.ts";
import type { MenuTree } from "../../../domain/menu.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { linePrice } from "../../../domain/pricing.ts";
import { openProduct, productHref } from "../../../shared/menu/product-link.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useDesktop } from "../../../platform/desktop.ts";

/**
 * Found products as rows (on a desktop, a grid of cards: search.css); each opens the way its
 * category asks (sheet, pop-up, page).
 */
export function SearchResults({
  products,
  tree,
}: {
  products: readonly Product[];
  tree: MenuTree | undefined;
}) {
  const { t } = useLingui();
  const lang = useContentLanguage();
  // A desktop card shows the picture across its width: a bigger variant than a row's thumbnail.
  const image = useDesktop() ? { w: 320, h: 320 } : { w: 96, h: 96 };
  return (
    <ul className="search-results" aria-label={t`Found products`}>
      {products.slice(0, 200).map((p) => {
        const navigation = tree?.categoryById.get(p.categoryId)?.navigationType ?? "SHEET";
        const price = linePrice({ ...p, count: 1, unit: "COUNT", modifications: [] });
        return (
          <li key={p.id}>
            <a
              className="search-result"
              href={productHref(p.id, navigation)}
              onClick={(e) => {
                if (e.metaKey || e.ctrlKey || e.shiftKey) return;
                e.preventDefault();
                openProduct(p.id, navigation);
              }}
            >
              <ProductImage src={p.image} variant={image} className="search-result__image" />
              <span className="search-result__text">
                <span className="search-result__name">{pickText(p.name, lang)}</span>
                <span className="search-result__description">{pickText(p.description, lang)}</span>
              </span>
              {p.isAvailable ? (
                <Price total={price.total} before={price.discount > 0 ? price.price : undefined} />
              ) : (
                // Stopped at the customer's branch (or sold out): said before the customer taps it.
                <span className="search-result__unavailable">{t`Not available`}</span>
              )}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
