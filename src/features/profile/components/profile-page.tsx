import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import { useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { ActionButton } from "../../../components/action-button.tsx";
import { LinkRow, SectionTitle } from "../../../components/list-row.tsx";
import { LoginPrompt } from "../../../components/login-prompt.tsx";
import type { User } from "../../../domain/contract/users.ts";
import { maskPhone } from "../../../domain/phone.ts";
import { chatLink } from "../../../lib/contacts.ts";
import { logout } from "../../../shared/session/auth.ts";
import { formatAmount } from "../../../lib/format.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { notify } from "../../../lib/notify.ts";
import { sessionAtom } from "../../../shared/session/session-atom.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useMe } from "../api/get-me.ts";
import { UserAvatar, displayName } from "./user-avatar.tsx";
import "./profile.css";

/** The customer of the saved session, kept fresh from the server; null for a guest. */
export function useSessionUser(): User | null {
  const { merchant } = useRequiredTenant();
  const session = useAtomValue(sessionAtom);
  const stored = session.token && session.user ? session.user : null;
  const me = useMe(merchant.id, stored);
  return stored ? (me.data ?? stored) : null;
}

/** /profile: who is logged in, links to the customer's pages, logout (spec sections 2 and 4). */
export function ProfilePage() {
  const { t } = useLingui();
  usePageTitle(t`Profile`);
  const { sub, merchant, settings } = useRequiredTenant();
  const language = useContentLanguage();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [leaving, setLeaving] = useState(false);
  const linksId = useId();
  const brandId = useId();

  // The brand's own pages, for guests too (on phones the profile tab is where the rest lives).
  const brandLinks = [
    { href: "/booking", label: t`Book a table`, show: settings.bookingActive },
    { href: "/branches", label: t`Branches`, show: settings.branchesActive },
    { href: "/vacancy", label: t`Vacancies`, show: settings.vacanciesActive },
  ].filter((l) => l.show);
  const chat = chatLink(settings, language);
  // isVisibleAtProfileTop: the brand's section leads the profile instead of closing it.
  const brandFirst = settings.isVisibleAtProfileTop;
  const brandSection = (brandLinks.length > 0 || chat) && (
    <Section
      className="profile-page__section"
      header={<SectionTitle id={brandId}>{t`Restaurant`}</SectionTitle>}
      aria-labelledby={brandId}
    >
      {brandLinks.map((l) => (
        <Link key={l.href} href={l.href} asChild>
          <LinkRow
            after={
              <span className="mirror-rtl" aria-hidden="true">
                ›
              </span>
            }
          >
            {l.label}
          </LinkRow>
        </Link>
      ))}
      {chat?.href && (
        <LinkRow
          href={chat.href}
          {...(chat.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          after={<span className="profile-page__chat-via">{chat.text}</span>}
        >
          {t`Chat with us`}
        </LinkRow>
      )}
    </Section>
  );

  if (!user) {
    return (
      <div className="page profile-page">
        <h1 className="profile-page__title">{t`Profile`}</h1>
        {brandFirst && brandSection}
        <LoginPrompt />
        {!brandFirst && brandSection}
      </div>
    );
  }

  const links = [
    { href: "/profile/user", label: t`Personal information`, show: true },
    { href: "/profile/orders", label: t`My orders`, show: true },
    { href: "/profile/reservations", label: t`My reservations`, show: settings.bookingActive },
    { href: "/profile/address", label: t`My addresses`, show: settings.deliveryActive },
    { href: "/profile/favorites", label: t`Favourites`, show: settings.favouriteActive },
    { href: "/profile/promos", label: t`Promo codes`, show: settings.promoActive },
    { href: "/profile/cards", label: t`My cards`, show: settings.cardActive },
  ].filter((l) => l.show);

  const signOut = async () => {
    setLeaving(true);
    await logout({ sub, merchantId: merchant.id, queryClient });
    notify({ kind: "success", text: t`You are logged out` });
    navigate("/", { replace: true });
  };

  return (
    <div className="page profile-page">
      <h1 className="profile-page__title">{t`Profile`}</h1>
      <Link href="/profile/user" className="profile-card">
        <UserAvatar user={user} size={64} />
        <span className="profile-card__body">
          <span className="visually-hidden">{t`Personal information`}: </span>
          <span className="profile-card__name">{displayName(user) || t`Customer`}</span>
          {user.phone && (
            <span className="profile-card__phone" dir="ltr">
              {maskPhone(user.phone)}
            </span>
          )}
        </span>
      </Link>
      {brandFirst && brandSection}
      {(settings.cashbackActive || settings.balanceActive) && (
        <p className="profile-page__cashback">
          {t`Cashback`}: <strong>{formatAmount(user.cashback, merchant.currency)}</strong>
        </p>
      )}
      <Section
        className="profile-page__links"
        header={<SectionTitle id={linksId}>{t`My account`}</SectionTitle>}
        aria-labelledby={linksId}
      >
        {links.map((l) => (
          <Link key={l.href} href={l.href} asChild>
            <LinkRow
              after={
                <span className="mirror-rtl" aria-hidden="true">
                  ›
                </span>
              }
            >
              {l.label}
            </LinkRow>
          </Link>
        ))}
      </Section>
      {!brandFirst && brandSection}
      <div className="profile-page__logout">
        <ActionButton kind="secondary" stretched loading={leaving} onClick={() => void signOut()}>
          {t`Log out`}
        </ActionButton>
      </div>
    </div>
  );
}
