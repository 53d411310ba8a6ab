import { render, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { BootResult } from "../../../app/boot.ts";
import { App } from "../../../app/app.tsx";
import type { WebSettings } from "../../../domain/contract/merchant.ts";
import { appStore } from "../../../lib/app-store.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { EMPTY_DRAFT } from "../../../shared/order-draft/order-draft.ts";
import { brandSessionAtom } from "../../../shared/session/session-atom.ts";
import { LAVASH_ID, merchant, serveApi, sessionUser, settings } from "../../../test/fixtures.ts";

/** The screens are lazy routes: the first load in a run takes a while. */
const LAZY = { timeout: 10_000 };

function renderProfile(overrides: Partial<WebSettings>, loggedIn: boolean) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  appStore().set(brandSessionAtom("lavash"), {
    token: loggedIn ? "token-1" : null,
    merchant: null,
    user: loggedIn ? sessionUser({ id: "0190c0de-0000-7000-8000-0000000000c1" }) : null,
    brand: "lavash",
    orderRequest: { ...EMPTY_DRAFT, branchId: null, deliveryTariffId: null },
    nearestBranch: null,
  });
  const boot: BootResult = {
    status: "ready",
    tenant: {
      sub: "lavash",
      merchant: merchant(),
      settings: settings({ branchesActive: true, ...overrides }),
    },
    locale: "en",
  };
  window.history.replaceState(null, "", "/profile");
  return render(<App boot={boot} queryClient={createQueryClient()} />);
}

/** Whether the restaurant's links come before `other` on the profile page. */
async function restaurantBefore(other: () => HTMLElement): Promise<boolean> {
  const main = await screen.findByRole("main", {}, LAZY);
  const branches = await within(main).findByRole("link", { name: "Branches" }, LAZY);
  return Boolean(branches.compareDocumentPosition(other()) & Node.DOCUMENT_POSITION_FOLLOWING);
}

describe("the profile page's restaurant links (isVisibleAtProfileTop)", () => {
  it("lead the page above the customer's own links when the brand turns it on", async () => {
    serveApi({});
    const { unmount } = renderProfile({ isVisibleAtProfileTop: true }, true);
    const myOrders = () => within(screen.getByRole("main")).getByRole("link", { name: "My orders" });
    expect(await restaurantBefore(myOrders)).toBe(true);
    unmount();
    serveApi({});
    renderProfile({ isVisibleAtProfileTop: false }, true);
    expect(await restaurantBefore(myOrders)).toBe(false);
  });

  it("come before the login prompt for a guest when on, after it when off", async () => {
    serveApi({});
    const { unmount } = renderProfile({ isVisibleAtProfileTop: true }, false);
    const login = () => within(screen.getByRole("main")).getByRole("link", { name: "Log in" });
    expect(await restaurantBefore(login)).toBe(true);
    unmount();
    serveApi({});
    renderProfile({ isVisibleAtProfileTop: false }, false);
    expect(await restaurantBefore(login)).toBe(false);
  });
});
