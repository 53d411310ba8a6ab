// The board card's delivery line (issue 39): where the order stands with Yandex Delivery, so staff
// see a performer is coming, a refusal with Yandex's reason, or the claim cancelled with the order.
import { I18nProvider } from "@lingui/react";
import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import { i18n } from "../../lib/i18n.ts";
import { DeliveryLine } from "./order-card.tsx";
import { boardOrder } from "./test-orders.ts";

function line(delivery: StaffBoardOrder["delivery"]) {
  return render(
    <I18nProvider i18n={i18n}>
      <DeliveryLine order={boardOrder({ delivery })} />
    </I18nProvider>,
  );
}

const claim = (state: NonNullable<StaffBoardOrder["delivery"]>["state"], error: string | null = null) => ({
  provider: "YANDEX" as const,
  state,
  claimStatus: null,
  error,
});

describe("the delivery line of a board card", () => {
  it("a refused claim says Yandex did not take it, with the reason", () => {
    line(claim("FAILED", "Yandex: performer_not_found"));
    expect(screen.getByRole("status").textContent).toBe(
      "Yandex did not take it: Yandex: performer_not_found",
    );
  });
  it("says a courier is being called (with the last error), is on it, delivered, or the claim cancelled", () => {
    const { unmount } = line(claim("PENDING", "Yandex claims/create: HTTP 503"));
    expect(document.body.textContent).toContain("Calling a Yandex courier… (Yandex claims/create: HTTP 503)");
    unmount();
    for (const [state, text] of [
      ["FOLLOWING", "A Yandex courier is on it"],
      ["DONE", "Delivered by Yandex"],
      ["CANCELLED", "Yandex claim cancelled"],
    ] as const) {
      const shown = line(claim(state));
      expect(shown.container.textContent).toBe(text);
      shown.unmount();
    }
  });
  it("says nothing for an order the brand's own couriers carry", () => {
    const { container } = line(null);
    expect(container.textContent).toBe("");
  });
});
