import { useLingui } from "@lingui/react/macro";
import { Suspense } from "react";
import { Link } from "wouter";
import { contactIcon, CONTACT_LABELS } from "../../components/contact-list.tsx";
import { pickText } from "../../domain/multilingual.ts";
import { useExtraPages } from "../../features/policies/api/get-extra-pages.ts";
import { POLICY_TITLES } from "../../features/policies/policy-titles.ts";
import { contactLinks } from "../../lib/contacts.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { useContentLanguage } from "../../lib/use-content-language.ts";
import { optionalChunk } from "../../lib/optional-chunk.ts";
import { useDesktop } from "../../platform/desktop.ts";

// The QR library loads only where the code is drawn: the desktop layout's footer.
const QrCode = optionalChunk(() => import("../../components/qr-code.tsx").then((m) => m.QrCode));

/** On a desktop: the storefront's address as a QR code, to carry the order on to a phone. */
function OpenOnPhone() {
  const { t } = useLingui();
  const url = `${window.location.origin}/`;
  return (
    <figure className="app-footer__qr">
      <Suspense fallback={<span className="app-footer__qr-room" aria-hidden="true" />}>
        <QrCode text={url} size={112} label={t`QR code of ${url}`} />
      </Suspense>
      <figcaption>{t`Scan to open the menu on your phone`}</figcaption>
    </figure>
  );
}

/** Links to the brand's branches and texts (where switched on), its contacts and its copyright lines. */
export function AppFooter() {
  const { t, i18n } = useLingui();
  const { merchant, settings } = useRequiredTenant();
  const language = useContentLanguage();
  const extra = useExtraPages(merchant.id).data ?? [];
  const pages = [
    // Every page of every brand shows the footer, so the branches are one tap away on phone and desktop.
    settings.branchesActive && { href: "/branches", label: t`Branches` },
    settings.vacanciesActive && { href: "/vacancy", label: t`Vacancies` },
    settings.aboutMerchantActive && { href: "/about", label: i18n._(POLICY_TITLES.ABOUT_COMPANY) },
    settings.termsOfUseActive && { href: "/offerta", label: i18n._(POLICY_TITLES.TERMS) },
    settings.privacyActive && { href: "/privacy", label: i18n._(POLICY_TITLES.PRIVACY_POLICY) },
    // The brand's own pages, linked only when the brand has them.
    ...extra.map((p) => ({ href: `/${p.slug}`, label: pickText(p.title, language) })),
  ].filter((p): p is { href: string; label: string } => Boolean(p));
  const links = contactLinks(settings, language).filter((l) => l.href !== null);
  const left = pickText(settings.leftCopyWrite, language);
  const right = pickText(settings.rightCopyWrite, language);
  const name = pickText(merchant.name, language);
  const year = new Date().getFullYear();
  const desktop = useDesktop();

  return (
    <footer className="app-footer">
      <div className="app-footer__inner">
        {pages.length > 0 && (
          <nav aria-label={t`Information`}>
            <ul className="app-footer__pages">
              {pages.map((p) => (
                <li key={p.href}>
                  <Link href={p.href}>{p.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        {links.length > 0 && (
          <ul className="app-footer__contacts" aria-label={t`Contacts`}>
            {links.map((l, i) => (
              <li key={`${l.kind}-${i}`}>
                <a
                  href={l.href ?? undefined}
                  aria-label={`${l.title ?? i18n._(CONTACT_LABELS[l.kind])}: ${l.text}`}
                  {...(l.href?.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                >
                  {contactIcon(l.kind)}
                </a>
              </li>
            ))}
          </ul>
        )}
        {desktop && <OpenOnPhone />}
        <div className="app-footer__copyright">
          <p>{left || `© ${year} ${name}`}</p>
          {right && <p>{right}</p>}
        </div>
      </div>
    </footer>
  );
}
