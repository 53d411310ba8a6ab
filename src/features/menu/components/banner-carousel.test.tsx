import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { Banner } from "../../../domain/contract/content.ts";
import { i18n } from "../../../lib/i18n.ts";
import { getNotices } from "../../../lib/notify.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { getPlatform } from "../../../platform/index.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { TenantContext } from "../../../shared/brand/tenant.ts";
import { json, LAVASH_ID, merchant, serveApi, settings } from "../../../test/fixtures.ts";
import { BANNER_INTERVAL_MS, BannerCarousel } from "./banner-carousel.tsx";

const PRODUCT = "0190c0de-0000-7000-8000-0000000000a1";
const CATEGORY = "0190c0de-0000-7000-8000-0000000000c1";

function banner(i: number, target: Banner["target"]): Banner {
  return {
    id: `0190c0de-0000-7000-8000-00000000000${i}`,
    title: { eng: `Banner title ${i}` },
    image: `/demo/lavash/banner-${i}.svg`,
    width: 1200,
    height: 500,
    target,
  };
}

const BANNERS: Banner[] = [
  banner(1, { type: "PRODUCT", productId: PRODUCT }),
  banner(2, { type: "CATEGORY", categoryId: CATEGORY }),
  banner(3, { type: "PROMO", code: "LAVASH10" }),
  banner(4, { type: "URL", url: "https://example.com/jobs" }),
];

function stubReducedMotion(reduce: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: reduce && query.includes("reduce"),
    media: query,
    addEventListener() {},
    removeEventListener() {},
  }));
}

function renderCarousel(options: { on?: boolean; banners?: Banner[] } = {}) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  const asked = vi.fn(() => json(200, options.banners ?? BANNERS));
  serveApi({ "/api/support/v1/banner": asked });
  const onCategory = vi.fn();
  const tenant = {
    sub: "lavash",
    merchant: merchant(),
    settings: settings({ bannersActive: options.on ?? true }),
  };
  const view = render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <TenantContext.Provider value={tenant}>
          <BannerCarousel onCategory={onCategory} />
        </TenantContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { ...view, asked, onCategory };
}

describe("the banner carousel", () => {
  it("draws nothing and asks nothing while bannersActive is off", async () => {
    const { container, asked } = renderCarousel({ on: false });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container.innerHTML).toBe("");
    expect(asked).not.toHaveBeenCalled();
  });

  it("draws nothing for an empty list", async () => {
    const { container, asked } = renderCarousel({ banners: [] });
    await vi.waitFor(() => {
      expect(asked).toHaveBeenCalled();
    });
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(container.innerHTML).toBe("");
  });

  it("is a named carousel of sized images with labelled dots, and opens each kind of target", async () => {
    stubReducedMotion(true);
    // The web platform's own openLink: an outside link opens a new tab, the storefront stays.
    const openTab = vi.spyOn(window, "open").mockImplementation(() => null);
    const before = window.location.pathname;
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const { onCategory } = renderCarousel();

    const region = await screen.findByRole("region", { name: "Offers" });
    expect(region.getAttribute("aria-roledescription")).toBe("carousel");
    const slide = within(region).getByRole("group", { name: "Banner title 1 (1 of 4)" });
    const image = slide.querySelector("img");
    expect(image?.getAttribute("width")).toBe("1200");
    expect(image?.getAttribute("height")).toBe("500");
    const dots = within(within(region).getByRole("group", { name: "Choose a banner" })).getAllByRole(
      "button",
    );
    expect(dots.map((d) => d.getAttribute("aria-label"))).toEqual([
      "Banner 1 of 4",
      "Banner 2 of 4",
      "Banner 3 of 4",
      "Banner 4 of 4",
    ]);
    expect(dots[0]?.getAttribute("aria-current")).toBe("true");

    const buttons = within(region).getAllByTestId("banner");
    fireEvent.click(buttons[0] as HTMLElement);
    expect(window.location.search).toBe(`?sheet=product&product=${PRODUCT}`);

    fireEvent.click(buttons[1] as HTMLElement);
    expect(onCategory).toHaveBeenCalledWith(CATEGORY);

    fireEvent.click(buttons[2] as HTMLElement);
    await vi.waitFor(() => {
      expect(getNotices().map((n) => n.text)).toContain("Promo code copied");
    });
    expect(writeText).toHaveBeenCalledWith("LAVASH10");

    fireEvent.click(buttons[3] as HTMLElement);
    expect(getPlatform().kind).toBe("web");
    expect(openTab).toHaveBeenCalledWith("https://example.com/jobs", "_blank", "noopener,noreferrer");
    expect(window.location.pathname).toBe(before);
  });

  it("advances by itself, but not with reduced motion nor while focused", async () => {
    stubReducedMotion(false);
    const scrollTo = vi.spyOn(HTMLElement.prototype, "scrollTo").mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCarousel();
    const region = await screen.findByRole("region", { name: "Offers" });

    act(() => {
      vi.advanceTimersByTime(BANNER_INTERVAL_MS + 10);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);

    fireEvent.focus(within(region).getAllByTestId("banner")[0] as HTMLElement);
    act(() => {
      vi.advanceTimersByTime(BANNER_INTERVAL_MS * 3);
    });
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });

  it("stays still with prefers-reduced-motion", async () => {
    stubReducedMotion(true);
    const scrollTo = vi.spyOn(HTMLElement.prototype, "scrollTo").mockImplementation(() => {});
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderCarousel();
    await screen.findByRole("region", { name: "Offers" });
    act(() => {
      vi.advanceTimersByTime(BANNER_INTERVAL_MS * 3);
    });
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
