import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { useMenu } from "../../../shared/menu/menu-query.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { ProductDetails } from "./product-details.tsx";

/** /product/{id}: the product on a page of its own (FULL_SCREEN categories, shared links). */
/** The route's parameters, as the app shell's router passes them to every screen. */
export function ProductPage({ params }: { params: Record<string, string | undefined> }) {
  const id = params.id ?? "";
  const menu = useMenu();
  const lang = useContentLanguage();
  const product = menu.data?.productById.get(id);
  usePageTitle(product ? pickText(product.name, lang) : null);
  if (menu.isPending) return <PageSpinner />;
  if (!product) return <ProductNotFound />;
  const category = menu.data?.categoryById.get(product.categoryId);
  return (
    <div className="page page--wide product-page">
      <ProductDetails product={product} withoutCart={category?.isWithoutCart ?? false} />
    </div>
  );
}

export function ProductNotFound() {
  const { t } = useLingui();
  return (
    <StatusScreen
      titleId="product-not-found"
      title={t`Product not found`}
      description={t`It may have left the menu. Have a look at what there is today.`}
      action={
        <Link href="/" className="button-link">
          {t`To the menu`}
        </Link>
      }
    />
  );
}
