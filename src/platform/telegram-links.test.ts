import { afterEach, describe, expect, it, vi } from "vitest";
import { routeOutsideLinks } from "./telegram.ts";

function linkTo(href: string, target = "_blank"): HTMLAnchorElement {
  const a = document.createElement("a");
  a.href = href;
  if (target) a.target = target;
  a.textContent = "link";
  document.body.append(a);
  return a;
}

describe("outside links in the Telegram mini app", () => {
  const open = vi.fn<(url: string) => void>();
  const openInTelegram = vi.fn<(url: string) => void>();
  routeOutsideLinks(open, openInTelegram);
  // After the rule has run: record whether it took the click, then keep happy-dom from navigating.
  const taken: boolean[] = [];
  document.addEventListener("click", (event) => {
    taken.push(event.defaultPrevented);
    event.preventDefault();
  });

  afterEach(() => {
    document.body.replaceChildren();
    taken.length = 0;
    open.mockClear();
    openInTelegram.mockClear();
  });

  it("opens another site's page (the fiscal receipt) through Telegram instead of a new window", () => {
    linkTo("https://ofd.soliq.uz/check?t=1&r=2").click();
    expect(taken).toEqual([true]);
    expect(open).toHaveBeenCalledWith("https://ofd.soliq.uz/check?t=1&r=2");
    expect(openInTelegram).not.toHaveBeenCalled();
  });

  it("keeps a t.me link inside Telegram", () => {
    linkTo("https://t.me/lavash_jobs").click();
    expect(openInTelegram).toHaveBeenCalledWith("https://t.me/lavash_jobs");
    expect(open).not.toHaveBeenCalled();
  });

  it("leaves the app's own links, phone links and links without a new window alone", () => {
    for (const a of [
      linkTo(`${location.origin}/profile`),
      linkTo("tel:+998901234567"),
      linkTo("https://example.com/", ""),
    ])
      a.click();
    expect(taken).toEqual([false, false, false]);
    expect(open).not.toHaveBeenCalled();
    expect(openInTelegram).not.toHaveBeenCalled();
  });
});
