// The console's navigation: the order board's badge counts the orders its "New" column shows, so
// the tab and the column never disagree (unpaid online and later orders stand there too).
import { I18nProvider } from "@lingui/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { AppRoot } from "@telegram-apps/telegram-ui";
import { render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { i18n } from "../lib/i18n.ts";
import { createQueryClient } from "../lib/query-client.ts";
import { json, merchant, serveApi } from "../test/fixtures.ts";
import { boardOrder, id } from "./board/test-orders.ts";
import { StaffShell } from "./shell.tsx";

describe("the order board's tab", () => {
  it("counts the same orders as the New column: placed, unpaid online and later ones", async () => {
    const orders = [
      boardOrder({ id: id(101), number: 1, status: "CREATED" }),
      boardOrder({ id: id(102), number: 2, status: "OPEN", paymentType: "PAYME" }),
      boardOrder({ id: id(103), number: 3, status: "AT_TIME", atTime: "2026-11-27T15:00:00Z" }),
      boardOrder({ id: id(104), number: 4, status: "ACCEPTED" }),
    ];
    serveApi({
      "/api/staff/v1/board": () =>
        json(200, {
          orders,
          branches: [{ id: id(4), name: { eng: "Chilanzar" } }],
          allBranches: true,
          now: new Date().toISOString(),
        }),
    });
    window.history.replaceState(null, "", "/staff");
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient()}>
          <AppRoot>
            <StaffShell
              brand={{
                sub: "lavash",
                merchant: merchant(),
                name: "Lavash",
                logo: null,
                services: { delivery: true, dineIn: false },
                languages: ["uz", "ru", "eng"],
              }}
              session={{
                token: "t",
                user: {
                  id: id(9),
                  firstName: "Aziza",
                  lastName: null,
                  phone: "+998901234567",
                  role: "STAFF",
                },
              }}
              onSignOut={() => undefined}
            />
          </AppRoot>
        </QueryClientProvider>
      </I18nProvider>,
    );
    const column = await screen.findByRole("region", { name: /^New/ });
    await waitFor(() => {
      expect(within(column).getAllByRole("article")).toHaveLength(3);
    });
    const count = column.querySelector(".board-col__count")?.textContent;
    const tab = screen.getByRole("link", { name: /^Order board/ });
    expect(tab.querySelector(".staff-nav__badge")?.textContent).toBe(count);
    expect(count).toBe("3");
  });
});
