// What staff read on paper and in an order's details: the kitchen ticket names the branch and
// lists the modifiers with the items, the customer's slip carries everything the courier and the
// customer need, and the details add the delivery fee and who made each change.
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { StaffBoardOrder } from "../../domain/contract/staff-board.ts";
import { activateLocale, i18n } from "../../lib/i18n.ts";
import { createQueryClient } from "../../lib/query-client.ts";
import { OrderDialog } from "./dialogs.tsx";
import { setConsoleBrand } from "./format.ts";
import { boardOrder as order } from "./test-orders.ts";
import { CustomerSlip, KitchenTicket } from "./ticket.tsx";

const NBSP = "\u00a0";

function wrap(children: ReactNode) {
  return render(
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={createQueryClient()}>{children}</QueryClientProvider>
    </I18nProvider>,
  );
}

beforeEach(() => {
  // Printing is the browser's: here it does nothing.
  vi.stubGlobal("print", vi.fn());
  setConsoleBrand({ timezone: "Asia/Tashkent", currency: "UZS" });
});
afterEach(async () => {
  await activateLocale("en");
});

describe("the kitchen ticket", () => {
  it("names the order's branch and lists each modifier under its item", () => {
    wrap(<KitchenTicket order={order()} onDone={() => undefined} />);
    const ticket = screen.getByTestId("kitchen-ticket");
    expect(within(ticket).getByTestId("ticket-branch").textContent).toContain("Chilanzar");
    const item = within(ticket).getByText("Lavash").closest("li");
    expect(item?.textContent).toContain("+ Cheese");
  });
});

describe("the customer's slip", () => {
  it("carries the number, who and where, the comment, priced items, the delivery fee, the total, payment and branch", () => {
    wrap(<CustomerSlip order={order()} onDone={() => undefined} />);
    const slip = screen.getByTestId("customer-slip");
    const text = slip.textContent;
    expect(text).toContain("#1041");
    expect(text).toContain("Dilnoza Karimova");
    expect(text).toContain("+998 90 123 45 67");
    for (const part of [
      "Amir Temur 15",
      "Entrance 2",
      "Floor 5",
      "Apt. 47",
      "Intercom 47K",
      "Gate from the yard",
    ])
      expect(text).toContain(part);
    expect(text).toContain("No onions");
    expect(text).toContain("Call from the gate");
    expect(within(slip).getByText("Lavash").closest("li")?.textContent).toContain(`74${NBSP}000${NBSP}so'm`);
    // The fee the customer pays: the price less its discount.
    expect(within(slip).getByTestId("slip-delivery-fee").textContent).toContain(`10${NBSP}000${NBSP}so'm`);
    expect(within(slip).getByTestId("slip-total").textContent).toContain(`92${NBSP}000${NBSP}so'm`);
    expect(text).toContain("Cash");
    expect(text).toContain("Not paid");
    expect(text).toContain("Chilanzar");
  });

  it("leaves the delivery fee out of a pickup", () => {
    wrap(<CustomerSlip order={order({ serviceType: "PICK_UP", address: null })} onDone={() => undefined} />);
    expect(screen.queryByTestId("slip-delivery-fee")).toBeNull();
  });
});

describe("an order's details", () => {
  it("show the delivery fee, the courier and who made each change of the history", () => {
    const history = [
      {
        status: "CREATED",
        courierStatus: null,
        reason: "CHANGE_STATUS",
        comment: "placed",
        createdDate: "2026-11-27T09:05:00Z",
        by: { customer: true, name: null, phone: null },
      },
      {
        status: "ACCEPTED",
        courierStatus: null,
        reason: "CHANGE_STATUS",
        comment: null,
        createdDate: "2026-11-27T09:07:00Z",
        by: { customer: false, name: "Aziza Karimova", phone: "+998930000001" },
      },
      {
        status: "COOKING",
        courierStatus: null,
        reason: "CHANGE_STATUS",
        comment: null,
        createdDate: "2026-11-27T09:08:00Z",
        by: { customer: false, name: null, phone: "+998930000002" },
      },
      {
        status: "DONE",
        courierStatus: null,
        reason: "CHANGE_STATUS",
        comment: "demo simulator",
        createdDate: "2026-11-27T09:20:00Z",
        by: null,
      },
    ] as StaffBoardOrder["history"];
    wrap(<OrderDialog order={order({ history })} onClose={() => undefined} onPrint={() => undefined} />);
    expect(screen.getByTestId("order-detail-delivery-fee").textContent).toContain(`10${NBSP}000${NBSP}so'm`);
    expect(screen.getByTestId("order-detail-courier").textContent).toContain("Sardor Qodirov");
    const lines = screen.getAllByTestId("history-line");
    expect(lines).toHaveLength(4);
    expect(lines[0]?.textContent).toContain("by the customer");
    expect(lines[1]?.textContent).toContain("Accepted");
    expect(lines[1]?.textContent).toContain("by Aziza Karimova");
    expect(lines[2]?.textContent).toContain("by +998 93 000 00 02");
    expect(within(lines[3] as HTMLElement).queryByTestId("history-by")).toBeNull();
    // On the brand's clock (Tashkent, UTC+5), whatever the device's zone.
    expect(lines[1]?.textContent).toContain("14:07");
  });
});
