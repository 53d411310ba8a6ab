import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react";
import { Section } from "@telegram-apps/telegram-ui";
import { useId, type ReactNode } from "react";
import type { ContactKind, ContactLink } from "../lib/contacts.ts";
import {
  CameraIcon,
  DeviceIcon,
  LinkIcon,
  MailIcon,
  PeopleIcon,
  PhoneIcon,
  PinIcon,
  SendIcon,
} from "./icons.tsx";
import { LinkRow, SectionTitle, TextRow } from "./list-row.tsx";

export const CONTACT_LABELS: Record<ContactKind, MessageDescriptor> = {
  phone: msg`Phone`,
  telegram: msg`Telegram`,
  instagram: msg`Instagram`,
  facebook: msg`Facebook`,
  bot: msg`Telegram bot`,
  ios: msg`iPhone app`,
  android: msg`Android app`,
  email: msg`Email`,
  address: msg`Address`,
  link: msg`Website`,
};

export function contactIcon(kind: ContactKind): ReactNode {
  switch (kind) {
    case "phone":
      return <PhoneIcon />;
    case "telegram":
    case "bot":
      return <SendIcon />;
    case "instagram":
      return <CameraIcon />;
    case "facebook":
      return <PeopleIcon />;
    case "ios":
    case "android":
      return <DeviceIcon />;
    case "email":
      return <MailIcon />;
    case "address":
      return <PinIcon />;
    case "link":
      return <LinkIcon />;
  }
}

export function isExternalHref(href: string): boolean {
  return /^https?:/i.test(href);
}

/** The brand's contacts as a telegram-ui section of rows; links open the phone, app or profile. */
export function ContactList({ links, title }: { links: ContactLink[]; title: string }) {
  const { i18n } = useLingui();
  const titleId = useId();
  if (links.length === 0) return null;
  return (
    <Section header={<SectionTitle id={titleId}>{title}</SectionTitle>} aria-labelledby={titleId}>
      {links.map((link, index) => {
        const label = link.title ?? i18n._(CONTACT_LABELS[link.kind]);
        const before = <span className="contact-icon">{contactIcon(link.kind)}</span>;
        const text = (
          <span className="contact-value" dir="ltr">
            {link.text}
          </span>
        );
        return link.href ? (
          <LinkRow
            key={`${link.kind}-${index}`}
            href={link.href}
            before={before}
            label={label}
            {...(isExternalHref(link.href) ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {text}
          </LinkRow>
        ) : (
          <TextRow key={`${link.kind}-${index}`} before={before} label={label}>
            {text}
          </TextRow>
        );
      })}
    </Section>
  );
}
