import { useLingui } from "@lingui/react/macro";
import { Avatar, Section } from "@telegram-apps/telegram-ui";
import { CheckIcon, GridIcon } from "../../../components/icons.tsx";
import { LinkRow } from "../../../components/list-row.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { brandHref } from "../../../domain/brand-host.ts";
import { pageLocation } from "../../../lib/page-location.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { useBrandCatalog } from "../api/get-brand-catalog.ts";

export const BRANDS_SHEET = "brands";

/**
 * The multi-brand switcher: shown when the brand's catalog holds more than one brand. Each brand
 * is a link to its own storefront (its saved session stays separate).
 */
export function BrandSwitcher({ merchantId, currentSub }: { merchantId: string; currentSub: string }) {
  const { t } = useLingui();
  const sheet = useUrlSheet(BRANDS_SHEET);
  const { data: brands = [] } = useBrandCatalog(merchantId);
  const language = useContentLanguage();

  const reachable = brands
    .map((brand) => ({ brand, href: brandHref(brand, pageLocation()) }))
    .filter((b): b is { brand: (typeof brands)[number]; href: string } => b.href !== null);
  if (reachable.length < 2) return null;

  return (
    <>
      <button
        type="button"
        className="header-button"
        onClick={sheet.open}
        aria-haspopup="dialog"
        aria-expanded={sheet.isOpen}
        aria-label={t`Our brands`}
      >
        <GridIcon />
      </button>
      <UrlSheet name={BRANDS_SHEET} title={t`Our brands`}>
        <Section>
          {reachable.map(({ brand, href }) => {
            const name = pickText(brand.name, language);
            const current = brand.sub === currentSub || brand.merchantId === merchantId;
            return (
              <LinkRow
                key={brand.id}
                href={href}
                aria-current={current ? "page" : undefined}
                before={
                  <Avatar
                    size={40}
                    src={brand.image ?? undefined}
                    acronym={name.slice(0, 1).toUpperCase()}
                    alt=""
                    style={brand.color ? { background: brand.color } : undefined}
                  />
                }
                after={current ? <CheckIcon className="sheet-option__check" /> : null}
              >
                {name}
              </LinkRow>
            );
          })}
        </Section>
      </UrlSheet>
    </>
  );
}
