import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { getCookie } from "../lib/cookies.ts";
import { notify } from "../lib/notify.ts";
import { setCurrentBrand } from "../shared/brand/current-brand.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { brand, json, LAVASH_ID, merchant, serveApi, settings } from "../test/fixtures.ts";
import { App } from "./app.tsx";
import type { BootResult } from "./boot.ts";

function ready(overrides: Parameters<typeof settings>[0] = {}): BootResult {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  return {
    status: "ready",
    tenant: { sub: "lavash", merchant: merchant(), settings: settings(overrides) },
    locale: "en",
  };
}

function renderAt(path: string, boot: BootResult) {
  window.history.replaceState(null, "", path);
  return render(<App boot={boot} queryClient={createQueryClient()} />);
}

describe("the storefront shell", () => {
  it("shows the 404 page with the path for an unknown address", async () => {
    serveApi({});
    renderAt("/no/such/page", ready());
    expect(await screen.findByRole("heading", { level: 1, name: /Page Not Found/ })).toBeTruthy();
    expect(screen.getByText("Page not found: /no/such/page")).toBeTruthy();
  });

  it("has no basket page for a brand that switched it off", async () => {
    serveApi({});
    renderAt("/basket", ready({ cartPageActive: false }));
    expect(await screen.findByText("Page not found: /basket")).toBeTruthy();
  });

  it("shows the brand's menu with its services and contacts on the home page", async () => {
    const category = {
      id: "0190c0de-0000-7000-8000-000000000100",
      groupId: null,
      name: { eng: "Lavash" },
      image: null,
      priority: 0,
      textColor: null,
      viewType: "MEDIUM",
      scrollType: "VERTICAL",
      navigationType: "SHEET",
      isWithoutCart: false,
    };
    const product = {
      id: "0190c0de-0000-7000-8000-000000000001",
      categoryId: category.id,
      name: { eng: "Classic lavash" },
      description: null,
      image: null,
      gallery: [],
      labels: [],
      tags: [],
      calorie: null,
      timeCookingMin: null,
      timeCookingMax: null,
      costPrice: 29000,
      discount: 0,
      additionalPrice: 0,
      unit: "COUNT",
      type: "NONE",
      isAvailable: true,
      stock: null,
      count: 1,
      amount: 1,
      priority: 0,
      deliveryEnabled: true,
      isCartRecommendation: false,
      modificationGroups: [],
    };
    serveApi({
      "/api/support/v1/brand/catalog": () => json(200, [brand()]),
      "/api/products/v1/overalls": () =>
        json(200, { groups: [], categories: [category], products: [product] }),
    });
    renderAt("/", ready());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Lavash Center" }, { timeout: 5_000 }),
    ).toBeTruthy();
    // The services are a real choice: picking pickup makes the order a pickup and asks for a branch.
    const services = screen.getByRole("group", { name: "How to get the order" });
    expect(within(services).getByRole<HTMLInputElement>("radio", { name: "Delivery" }).checked).toBe(true);
    expect(screen.getByRole("link", { name: /Deliver to/ }).textContent).toContain("Choose an address");
    fireEvent.click(within(services).getByRole("radio", { name: "Pickup" }));
    expect(within(services).getByRole<HTMLInputElement>("radio", { name: "Pickup" }).checked).toBe(true);
    expect(screen.getByRole("link", { name: /Branch/ }).getAttribute("href")).toBe(
      "/address/pickup?redirect=%2F",
    );
    // Without groups a category's title is the level under the page's h1.
    expect(await screen.findByRole("heading", { level: 2, name: "Lavash" })).toBeTruthy();
    const main = screen.getByRole("main");
    expect(within(main).getAllByRole("heading", { level: 1 })).toHaveLength(1);
    expect(screen.getByRole("link", { name: "Phone: +998 71 200 00 00" }).getAttribute("href")).toBe(
      "tel:+998712000000",
    );
    expect(screen.getAllByRole("banner").some((el) => el.classList.contains("app-header"))).toBe(true);
    expect(screen.getByRole("contentinfo")).toBeTruthy();
    expect(screen.getByRole("navigation", { name: "Main" })).toBeTruthy();
    // One brand in the catalog: no switcher.
    expect(screen.queryByRole("button", { name: "Our brands" })).toBeNull();
  });

  it("links the brand's texts in the footer only where their switches are on", async () => {
    serveApi({});
    renderAt("/", ready({ aboutMerchantActive: true, termsOfUseActive: false, privacyActive: true }));
    const nav = await screen.findByRole("navigation", { name: "Information" });
    expect([...nav.querySelectorAll("a")].map((a) => a.getAttribute("href"))).toEqual(["/about", "/privacy"]);
  });

  it("renders the merchant's about text and 404s a switched-off text", async () => {
    serveApi({
      "/api/support/v1/company/policies": () =>
        json(200, { type: "ABOUT_COMPANY", text: { ru: "О нас", eng: "We bake lavash.\n\nSince 2001." } }),
    });
    renderAt("/about", ready());
    expect(await screen.findByText("We bake lavash.")).toBeTruthy();
    expect(screen.getByText("Since 2001.")).toBeTruthy();
  });

  it("treats a route whose switch is off as missing", async () => {
    serveApi({});
    renderAt("/offerta", ready({ termsOfUseActive: false }));
    expect(await screen.findByText("Page not found: /offerta")).toBeTruthy();
  });

  it("sends every path of an inactive brand to /blocked", async () => {
    serveApi({});
    const m = merchant({ isActive: false });
    renderAt("/about", {
      status: "blocked",
      tenant: { sub: "lavash", merchant: m, settings: settings() },
      locale: "en",
    });
    expect(
      await screen.findByText(
        "System deleted by admin. If this site belongs to you, please contact your manager",
      ),
    ).toBeTruthy();
    expect(window.location.pathname).toBe("/blocked");
  });

  it("sends every path to /merchantNotAvailable when no brand is resolved", async () => {
    renderAt("/", { status: "unavailable", locale: "en" });
    expect(await screen.findByRole("heading", { level: 1, name: "Store not found" })).toBeTruthy();
    expect(window.location.pathname).toBe("/merchantNotAvailable");
  });

  it("leaves /blocked for an active brand", async () => {
    serveApi({});
    renderAt("/blocked", ready());
    await waitFor(() => {
      expect(window.location.pathname).toBe("/");
    });
  });

  it("shows the brand switcher when the catalog has more than one brand", async () => {
    serveApi({
      "/api/support/v1/brand/catalog": () =>
        json(200, [
          brand(),
          brand({
            id: "0193a3c4-0000-7000-8000-0000000000b2",
            sub: "plov",
            merchantId: null,
            name: { eng: "Plov House" },
          }),
        ]),
    });
    renderAt("/", ready());
    fireEvent.click(await screen.findByRole("button", { name: "Our brands" }));
    expect(window.location.search).toBe("?sheet=brands");
    const link = await screen.findByRole("link", { name: /Plov House/ });
    // The test page is on localhost, so the other brand is its *.localhost sibling.
    expect(link.getAttribute("href")).toBe("http://plov.localhost:3000/");
  });

  it("switches the language from the sheet and keeps the choice in the lang cookie", async () => {
    serveApi({});
    renderAt("/", ready());
    fireEvent.click(await screen.findByRole("button", { name: "Language: English" }));
    expect(window.location.search).toBe("?sheet=language");
    const russian = await screen.findByRole("button", { name: "Русский" });
    await act(async () => {
      fireEvent.click(russian);
      await Promise.resolve();
    });
    await waitFor(() => {
      expect(document.documentElement.lang).toBe("ru");
    });
    expect(getCookie("lang")).toBe("ru");
    expect(await screen.findByRole("button", { name: "Язык: Русский" })).toBeTruthy();
  });
});

describe("the global message line", () => {
  it("announces a failed call's description", async () => {
    serveApi({
      "/api/support/v1/brand/catalog": () => json(200, [brand()]),
    });
    renderAt("/", ready());
    await screen.findByRole("link", { name: "Lavash Center: home page" });
    act(() => {
      notify({ kind: "error", text: "Not found" });
    });
    // Titled as the specification's generic error notice.
    expect((await screen.findByRole("alert")).textContent).toBe("Error. Not found");
  });
});
