import { useLingui } from "@lingui/react/macro";
import { Link, useSearch } from "wouter";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { ProductImage } from "../../../components/product-image.tsx";
import { StatusScreen } from "../../../components/status-screen.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { useMenu } from "../../../shared/menu/menu-query.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useDesktop } from "../../../platform/desktop.ts";
import { MenuList } from "./menu-list.tsx";
import "./menu.css";
import "./category-page.css";

/** `/category?id=<id>`: one category's products; without an id, the list of categories. */
export function CategoryPage() {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { settings } = useRequiredTenant();
  const id = new URLSearchParams(useSearch()).get("id");
  const menu = useMenu();
  // The desktop layout: the page takes the header's width and the products a wider grid (menu.css).
  const desktop = useDesktop();
  const category = id ? menu.data?.categoryById.get(id) : undefined;
  usePageTitle(category ? pickText(category.name, lang) : t`Categories`);
  if (menu.isPending) return <PageSpinner />;
  if (!menu.data) return null;
  if (!id) {
    return (
      <div className="page page--wide category-page">
        <h1 className="page__title">{t`Categories`}</h1>
        <ul className="category-list">
          {menu.data.categories.map((c) => (
            <li key={c.id}>
              <Link href={`/category?id=${encodeURIComponent(c.id)}`} className="category-list__item">
                {settings.isCategoryImageVisible && (
                  <ProductImage src={c.image} variant={{ w: 96, h: 96 }} className="category-list__image" />
                )}
                <span>{pickText(c.name, lang)}</span>
                <span className="category-list__count">{c.products.length}</span>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (!category)
    return (
      <StatusScreen
        titleId="category-not-found"
        title={t`Nothing found`}
        action={
          <Link href="/" className="button-link">
            {t`To the menu`}
          </Link>
        }
      />
    );
  return (
    <div className="page page--wide menu-page category-page">
      <h1 className="visually-hidden">{pickText(category.name, lang)}</h1>
      <MenuList
        sections={[{ categories: [category] }]}
        categoryImages={settings.isCategoryImageVisible}
        stickyOffset={56}
        desktop={desktop}
      />
    </div>
  );
}
