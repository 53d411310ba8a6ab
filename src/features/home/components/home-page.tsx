import { useLingui } from "@lingui/react/macro";
import { ContactList } from "../../../components/contact-list.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { contactLinks } from "../../../lib/contacts.ts";
import { useRequiredTenant } from "../../../lib/tenant.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";

/**
 * The home screen's body until the menu arrives: who the brand is, what it offers
 * (only the services its switches turn on) and how to reach it.
 */
export function HomePage() {
  const { t } = useLingui();
  const { merchant, settings } = useRequiredTenant();
  const language = useContentLanguage();
  const name = pickText(merchant.name, language) || settings.title;
  const logo = settings.logo || merchant.logo;
  // The title only adds something when it is not the name in another language.
  const tagline =
    settings.title && !Object.values(merchant.name).includes(settings.title) ? settings.title : "";

  const services = [
    settings.deliveryActive && t`Delivery`,
    settings.pickupActive && t`Pickup`,
    settings.dineInActive && t`Dine-in`,
  ].filter((s): s is string => Boolean(s));

  const links = contactLinks(settings, language);

  return (
    <div className="page home-page">
      <section className="home-hero" aria-labelledby="home-title">
        {logo ? (
          <img className="home-hero__logo" src={logo} alt="" width={88} height={88} />
        ) : (
          <span className="home-hero__logo home-hero__logo--letter" aria-hidden="true">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        <h1 id="home-title" className="home-hero__name">
          {name}
        </h1>
        {tagline && <p className="home-hero__tagline">{tagline}</p>}
        {services.length > 0 && (
          <ul className="home-hero__services" aria-label={t`Services`}>
            {services.map((s) => (
              <li key={s} className="chip">
                {s}
              </li>
            ))}
          </ul>
        )}
      </section>
      <ContactList links={links} title={t`Contacts`} />
    </div>
  );
}
