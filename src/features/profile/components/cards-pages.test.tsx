import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BootResult } from "../../../app/boot.ts";
import { App } from "../../../app/app.tsx";
import type { SavedCard } from "../../../domain/contract/cards.ts";
import type { WebSettings } from "../../../domain/contract/merchant.ts";
import { appStore } from "../../../lib/app-store.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { EMPTY_DRAFT } from "../../../shared/order-draft/order-draft.ts";
import { brandSessionAtom } from "../../../shared/session/session-atom.ts";
import { json, LAVASH_ID, merchant, serveApi, sessionUser, settings } from "../../../test/fixtures.ts";

/** The screens are lazy routes: the first load in a run takes a while. */
const LAZY = { timeout: 10_000 };

const CARD: SavedCard = {
  id: "0190c0de-0000-7000-8000-0000000000d1",
  number: "8600 **** **** 6311",
  expireMonth: 3,
  expireYear: 2099,
  type: "UZCARD",
  isVerified: true,
};

function renderAt(path: string, overrides: Partial<WebSettings> = { cardActive: true }) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  appStore().set(brandSessionAtom("lavash"), {
    token: "token-1",
    merchant: null,
    user: sessionUser({ id: "0190c0de-0000-7000-8000-0000000000c1" }),
    brand: "lavash",
    orderRequest: { ...EMPTY_DRAFT, branchId: null, deliveryTariffId: null },
    nearestBranch: null,
  });
  const boot: BootResult = {
    status: "ready",
    tenant: { sub: "lavash", merchant: merchant(), settings: settings(overrides) },
    locale: "en",
  };
  window.history.replaceState(null, "", path);
  return render(<App boot={boot} queryClient={createQueryClient()} />);
}

describe("the saved cards screens", () => {
  it("list the cards with number, type and expiry, or say there are none", async () => {
    serveApi({ "/api/payments/v1/cards": () => json(200, [CARD]) });
    const { unmount } = renderAt("/profile/cards");
    const item = await screen.findByTestId("saved-card", {}, LAZY);
    expect(item.textContent).toContain("8600 **** **** 6311");
    expect(item.textContent).toContain("Uzcard");
    expect(item.textContent).toContain("03/99");
    expect(screen.getByRole("button", { name: "Remove the card 8600 **** **** 6311" })).toBeTruthy();
    unmount();
    serveApi({ "/api/payments/v1/cards": () => json(200, []) });
    renderAt("/profile/cards");
    expect(await screen.findByTestId("cards-empty", {}, LAZY)).toBeTruthy();
  });

  it("are linked from the profile only while the brand's cardActive is on", { timeout: 30_000 }, async () => {
    serveApi({});
    const { unmount } = renderAt("/profile");
    expect(await screen.findByRole("link", { name: "My cards" }, LAZY)).toBeTruthy();
    unmount();
    serveApi({});
    renderAt("/profile", { cardActive: false });
    // The profile's own list (a wide window also has "My orders" in its top navigation).
    await within(await screen.findByRole("main", {}, LAZY)).findByRole("link", { name: "My orders" }, LAZY);
    expect(screen.queryByRole("link", { name: "My cards" })).toBeNull();
  });

  it("take the card on a form with no name and no action, Payme's note and a Luhn check", async () => {
    const seen = serveApi({});
    const { container } = renderAt("/profile/cards/create");
    const number = await screen.findByLabelText("Card number", {}, LAZY);
    expect(container.querySelectorAll("form.card-form input[name]")).toHaveLength(0);
    expect(container.querySelector("form.card-form")?.hasAttribute("action")).toBe(false);
    expect(screen.getByRole("img", { name: "Payme" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Payme's offer" }).getAttribute("href")).toMatch(/^https:/);
    fireEvent.change(number, { target: { value: "8600 0691 9540 6312" } });
    fireEvent.change(screen.getByLabelText("Valid through (MM/YY)"), { target: { value: "0399" } });
    expect((number as HTMLInputElement).value).toBe("8600 0691 9540 6312");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    expect(await screen.findByText("This card number is not valid. Check the digits")).toBeTruthy();
    expect(seen.some((url) => url.startsWith("/api/payments/v1/cards"))).toBe(false);
    expect(vi.mocked(fetch).mock.calls.every(([, init]) => init?.method !== "POST")).toBe(true);
  });
});
