import { useLingui } from "@lingui/react/macro";
import { Link } from "wouter";
import { pickText } from "../../domain/multilingual.ts";
import { BrandSwitcher } from "../../features/brands/components/brand-switcher.tsx";
import { LanguageSwitcher } from "../../features/language/components/language-switcher.tsx";
import { merchantLocales } from "../../lib/i18n.ts";
import { useRequiredTenant } from "../../lib/tenant.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";

/** Brand logo and name (a link home), the brand switcher and the language switcher. */
export function AppHeader() {
  const { t } = useLingui();
  const { sub, merchant, settings } = useRequiredTenant();
  const language = useContentLanguage();
  const name = pickText(merchant.name, language) || settings.title;
  const logo = settings.logo || merchant.logo;
  return (
    <header className="app-header">
      <div className="app-header__inner">
        <Link href="/" className="app-header__brand" aria-label={t`${name}: home page`}>
          {logo ? (
            <img className="app-header__logo" src={logo} alt="" width={36} height={36} />
          ) : (
            <span className="app-header__logo app-header__logo--letter" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </span>
          )}
          <span className="app-header__name">{name}</span>
        </Link>
        <div className="app-header__actions">
          {merchant.isActive && <BrandSwitcher merchantId={merchant.id} currentSub={sub} />}
          <LanguageSwitcher locales={merchantLocales(settings)} />
        </div>
      </div>
    </header>
  );
}
