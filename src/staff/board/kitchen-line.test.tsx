// The board card's kitchen line (issue 38): where the order stands with the brand's iiko, and a
// refusal with iiko's own reason, which staff act on; nothing for a brand without iiko.
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import { i18n } from "../../lib/i18n.ts";
import { KitchenLine } from "./order-card.tsx";
import { boardOrder } from "./test-orders.ts";

function line(kitchen: StaffBoardOrder["kitchen"]) {
  return render(
    <I18nProvider i18n={i18n}>
      <KitchenLine order={boardOrder({ kitchen })} />
    </I18nProvider>,
  );
}

describe("the kitchen line of a board card", () => {
  it("a refused order says iiko refused it, with iiko's reason", () => {
    line({ state: "FAILED", error: "Product 42 not found in the nomenclature" });
    expect(screen.getByRole("status").textContent).toBe(
      "iiko refused it: Product 42 not found in the nomenclature",
    );
  });
  it("a taken order says it is in iiko; one waiting says it is being sent, with the last error", () => {
    const { unmount } = line({ state: "SENT", error: null });
    expect(screen.getByText("In iiko")).toBeTruthy();
    unmount();
    line({ state: "PENDING", error: "iiko deliveries/create: HTTP 503" });
    expect(document.body.textContent).toContain("Sending to iiko… (iiko deliveries/create: HTTP 503)");
  });
  it("says nothing for a brand without iiko", () => {
    const { container } = line(null);
    expect(container.textContent).toBe("");
  });
});
