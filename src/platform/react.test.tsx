import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { setPlatform } from "./index.ts";
import { useMainButton } from "./react.ts";
import { createWebHost } from "./web.ts";

function Layout({ children }: { children: ReactNode }) {
  // The layout offers no button on this screen (as the basket bar does off the menu).
  useMainButton(null);
  return <main>{children}</main>;
}

function Screen() {
  useMainButton({ text: "Checkout", onClick: () => undefined });
  return <h1>Basket</h1>;
}

function bar(): HTMLElement | null {
  return document.querySelector<HTMLElement>("[data-platform-main-button]");
}

afterEach(() => {
  setPlatform(null);
});

describe("the page's main button", () => {
  it("stays shown by the screen that asked for it when the screen and its layout mount together", () => {
    setPlatform(createWebHost());
    const view = render(
      <Layout>
        <Screen />
      </Layout>,
    );
    expect(bar()?.style.display).toBe("block");
    expect(bar()?.textContent).toContain("Checkout");

    view.rerender(<Layout>{null}</Layout>);
    expect(bar()?.style.display).toBe("none");
  });
});
