import { useLingui } from "@lingui/react/macro";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { Price } from "../../../shared/brand/price.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { linePrice } from "../../../domain/pricing.ts";
import { useFavourites, useToggleFavourite } from "../../../shared/favourites/favourites-query.ts";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { openProduct, productHref } from "../../../shared/menu/product-link.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useDesktop } from "../../../platform/desktop.ts";
import "./favourites.css";

/** `/profile/favorites`: the customer's favourite products; guests are asked to log in. */
export function FavouritesPage() {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { merchant } = useRequiredTenant();
  const customer = useCustomerId();
  const favourites = useFavourites(merchant.id);
  const toggle = useToggleFavourite(merchant.id);
  // A desktop shows the favourites as a grid of cards (favourites.css): a picture across a card.
  const image = useDesktop() ? { w: 320, h: 320 } : { w: 160, h: 160 };
  usePageTitle(t`Favourites`);

  if (customer === null) {
    return (
      <div className="page favourites-page">
        <h1 className="page__title">{t`Favourites`}</h1>
        <LoginPrompt reason={t`Log in to keep the dishes you like and find them here.`} />
      </div>
    );
  }
  if (favourites.isPending) return <PageSpinner />;
  const list = favourites.data ?? [];
  return (
    <div className="page page--wide favourites-page">
      <h1 className="page__title">{t`Favourites`}</h1>
      {list.length === 0 ? (
        <p className="favourites-page__empty">{t`No favourites yet: tap the heart on a product to keep it here.`}</p>
      ) : (
        <ul className="favourites" aria-label={t`Favourites`}>
          {list.map((f) => {
            const name = pickText(f.product.name, lang);
            const price = linePrice({ ...f.product, count: 1, unit: "COUNT", modifications: [] });
            return (
              <li key={f.id} className="favourite">
                <a
                  className="favourite__link"
                  href={productHref(f.productId, "SHEET")}
                  onClick={(e) => {
                    e.preventDefault();
                    openProduct(f.productId, "SHEET");
                  }}
                >
                  <ProductImage src={f.product.image} variant={image} className="favourite__image" />
                  <span className="favourite__name">{name}</span>
                  {f.product.isAvailable ? (
                    <Price total={price.total} before={price.discount > 0 ? price.price : undefined} />
                  ) : (
                    <span className="favourite__unavailable">{t`Not available`}</span>
                  )}
                </a>
                <button
                  type="button"
                  className="favourite__remove"
                  aria-label={t`Remove ${name} from favourites`}
                  onClick={() => {
                    toggle.mutate({ productId: f.productId, favourite: false });
                  }}
                >
                  ×
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
