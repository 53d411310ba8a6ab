import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useDeferredValue, useMemo } from "react";
import { useLocation, useSearch } from "wouter";
import { LoadFailed } from "../../../components/load-failed.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { searchProducts } from "../../../domain/menu.ts";
import { useMenu } from "../../../shared/menu/menu-query.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { SearchResults } from "./search-results.tsx";
import "./search.css";

/** `/search?q=`: instant search across names and descriptions in the current language. */
export function SearchPage() {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const [location, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const query = params.get("q") ?? "";
  // Typing stays instant; the filtering of a big menu follows a frame later when it must.
  const deferred = useDeferredValue(query);
  const menu = useMenu();
  usePageTitle(t`Search`);
  const results = useMemo(
    () => (menu.data ? searchProducts([...menu.data.productById.values()], deferred, lang) : []),
    [menu.data, deferred, lang],
  );
  return (
    <div className="page page--wide search-page">
      <h1 className="visually-hidden">{t`Search`}</h1>
      <form
        role="search"
        className="search-page__form"
        onSubmit={(e) => {
          e.preventDefault();
        }}
      >
        <label htmlFor="menu-search" className="visually-hidden">
          {t`Search the menu`}
        </label>
        <input
          id="menu-search"
          type="search"
          className="search-page__input"
          placeholder={t`Dish, ingredient…`}
          autoComplete="off"
          enterKeyHint="search"
          // The page exists to type a query.
          autoFocus
          value={query}
          onChange={(e) => {
            const next = new URLSearchParams(window.location.search);
            if (e.target.value) next.set("q", e.target.value);
            else next.delete("q");
            const qs = next.toString();
            navigate(`${location}${qs ? `?${qs}` : ""}`, { replace: true });
          }}
        />
      </form>
      {menu.isPending ? (
        <PageSpinner />
      ) : menu.isLoadingError ? (
        <LoadFailed onRetry={() => void menu.refetch()} retrying={menu.isFetching} />
      ) : deferred.trim() === "" ? (
        <p className="search-page__hint">{t`Type the name of a dish or what is in it.`}</p>
      ) : results.length === 0 ? (
        <p className="search-page__empty" role="status">
          {t`Nothing found`}
        </p>
      ) : (
        <>
          <p className="visually-hidden" role="status">
            {t`${plural(results.length, { one: "# product found", other: "# products found" })}`}
          </p>
          <SearchResults products={results} tree={menu.data} />
        </>
      )}
    </div>
  );
}
