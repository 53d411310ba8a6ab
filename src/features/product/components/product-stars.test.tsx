import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../../../lib/i18n.ts";
import { createQueryClient } from "../../../lib/query-client.ts";
import { setCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { TenantContext } from "../../../shared/brand/tenant.ts";
import { json, LAVASH_ID, merchant, serveApi, settings } from "../../../test/fixtures.ts";
import { ProductStars } from "./product-stars.tsx";

const GRADED = "0190c0de-0000-7000-8000-0000000000a1";
const UNGRADED = "0190c0de-0000-7000-8000-0000000000a2";

function renderStars(productId: string) {
  setCurrentBrand({ sub: "lavash", merchantId: LAVASH_ID });
  serveApi({ "/api/products/v1/grade": () => json(200, [{ productId: GRADED, grade: 4.6, count: 12 }]) });
  const tenant = { sub: "lavash", merchant: merchant(), settings: settings() };
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>
        <TenantContext.Provider value={tenant}>
          <ProductStars productId={productId} />
          <p>ready</p>
        </TenantContext.Provider>
      </QueryClientProvider>
    </I18nProvider>,
  );
}

describe("ProductStars", () => {
  it("says the product's average and how many rated it, and fills the stars by the average", async () => {
    const view = renderStars(GRADED);
    const stars = await screen.findByRole("img", { name: "Average grade 4.6 of 5, ratings: 12" });
    expect(stars.textContent).toContain("4.6");
    expect(stars.textContent).toContain("(12)");
    const fills = [...view.container.querySelectorAll<SVGElement>(".product-stars__full")].map(
      (s) => s.style.clipPath,
    );
    expect(fills[3]).toBe("inset(0 0% 0 0)");
    expect(fills[4]).toMatch(/^inset\(0 40(\.\d+)?% 0 0\)$/);
  });

  it("shows nothing for a product nobody has graded", async () => {
    renderStars(UNGRADED);
    await screen.findByText("ready");
    // The answer has arrived (the grades query settles) and still no stars.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId("product-stars")).toBeNull();
  });
});
