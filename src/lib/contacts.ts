import type { WebSettings } from "../domain/contract/merchant.ts";
import type { ContentLanguage } from "../domain/enums.ts";
import { pickText } from "../domain/multilingual.ts";
import { formatPhone } from "../domain/phone-format.ts";

/** Kinds of contact the storefront shows; the component picks the icon and label from it. */
export type ContactKind =
  "phone" | "telegram" | "instagram" | "facebook" | "bot" | "ios" | "android" | "email" | "address" | "link";

export interface ContactLink {
  kind: ContactKind;
  /** What the customer reads: the number, the @name, the domain. */
  text: string;
  /** A title given by the merchant (contacts list). */
  title?: string;
  href: string | null;
}

type ContactSettings = Pick<
  WebSettings,
  | "phone"
  | "phoneActive"
  | "telegram"
  | "telegramActive"
  | "instagram"
  | "instagramActive"
  | "facebook"
  | "facebookActive"
  | "telegramBotLink"
  | "telegramBotActive"
  | "iosAppLink"
  | "iosAppActive"
  | "androidAppLink"
  | "androidAppActive"
  | "contacts"
>;

/** Only web, phone and mail links leave the page; anything else (javascript:, data:) is dropped. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^(https?:|tel:|mailto:)/i.test(value)) return value;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(\/\S*)?$/i.test(value)) return `https://${value}`;
  return null;
}

/** A handle or a link -> an https link on `site`: "@lavash", "lavash", "t.me/lavash" all work. */
function profileHref(value: string, site: string): string | null {
  const v = value.trim();
  if (v === "") return null;
  if (/^https?:\/\//i.test(v) || v.includes("/")) return safeHref(v);
  const handle = v.replace(/^@/, "");
  return /^[\w.]{2,64}$/.test(handle) ? `https://${site}/${handle}` : null;
}

function handleText(value: string): string {
  const v = value.trim().replace(/\/+$/, "");
  const last = v.split("/").pop() ?? v;
  return v.includes("/") || !v.startsWith("@") ? `@${last.replace(/^@/, "")}` : v;
}

function telHref(phone: string): string | null {
  const digits = phone.replace(/\D/g, "");
  return digits.length >= 5 ? `tel:+${digits}` : null;
}

/** The brand's switched-on contacts and links, in a fixed order. */
export function contactLinks(s: ContactSettings, language: ContentLanguage): ContactLink[] {
  const links: ContactLink[] = [];
  if (s.phoneActive && s.phone.trim())
    links.push({ kind: "phone", text: formatPhone(s.phone), href: telHref(s.phone) });
  if (s.telegramActive && s.telegram.trim()) {
    links.push({ kind: "telegram", text: handleText(s.telegram), href: profileHref(s.telegram, "t.me") });
  }
  if (s.instagramActive && s.instagram.trim()) {
    links.push({
      kind: "instagram",
      text: handleText(s.instagram),
      href: profileHref(s.instagram, "instagram.com"),
    });
  }
  if (s.facebookActive && s.facebook.trim()) {
    links.push({
      kind: "facebook",
      text: handleText(s.facebook),
      href: profileHref(s.facebook, "facebook.com"),
    });
  }
  if (s.telegramBotActive && s.telegramBotLink.trim()) {
    links.push({
      kind: "bot",
      text: handleText(s.telegramBotLink),
      href: profileHref(s.telegramBotLink, "t.me"),
    });
  }
  if (s.iosAppActive && s.iosAppLink.trim())
    links.push({ kind: "ios", text: "App Store", href: safeHref(s.iosAppLink) });
  if (s.androidAppActive && s.androidAppLink.trim()) {
    links.push({ kind: "android", text: "Google Play", href: safeHref(s.androidAppLink) });
  }
  for (const c of s.contacts) {
    const type = c.type.toUpperCase();
    const title = pickText(c.title, language) || undefined;
    if (type === "PHONE") {
      links.push({ kind: "phone", text: formatPhone(c.value), title, href: telHref(c.value) });
    } else if (type === "EMAIL") {
      links.push({
        kind: "email",
        text: c.value,
        title,
        href: c.value.includes("@") ? `mailto:${c.value}` : null,
      });
    } else if (type === "ADDRESS") {
      links.push({ kind: "address", text: c.value, title, href: c.link ? safeHref(c.link) : null });
    } else if (type === "TELEGRAM") {
      links.push({
        kind: "telegram",
        text: handleText(c.value),
        title,
        href: profileHref(c.link ?? c.value, "t.me"),
      });
    } else if (type === "INSTAGRAM") {
      links.push({
        kind: "instagram",
        text: handleText(c.value),
        title,
        href: profileHref(c.link ?? c.value, "instagram.com"),
      });
    } else {
      links.push({ kind: "link", text: c.value, title, href: safeHref(c.link ?? c.value) });
    }
  }
  return links;
}

/**
 * The "Chat with us" entry (the brand's `chatActive`): its Telegram contact, where it shows one,
 * else its phone; none when the switch is off or the brand shows neither.
 */
export function chatLink(
  s: ContactSettings & Pick<WebSettings, "chatActive">,
  language: ContentLanguage,
): ContactLink | null {
  if (!s.chatActive) return null;
  const links = contactLinks(s, language).filter((l) => l.href !== null);
  return links.find((l) => l.kind === "telegram") ?? links.find((l) => l.kind === "phone") ?? null;
}
