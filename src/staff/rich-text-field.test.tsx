// A page's text in the console as an owner writes it: the toolbar turns the selection bold or into a
// list, Ctrl+I makes it italic, and the preview shows it as the storefront will (a script typed in
// stays text).
import { I18nProvider } from "@lingui/react";
import { fireEvent, render, screen } from "@testing-library/react";
import { useState } from "react";
import { describe, expect, it } from "vitest";
import { i18n } from "../lib/i18n.ts";
import { RichTextField } from "./rich-text-field.tsx";

function Field({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  return (
    <I18nProvider i18n={i18n}>
      <label htmlFor="about">About us</label>
      <RichTextField id="about" label="About us" value={value} onChange={setValue} maxLength={20_000} />
    </I18nProvider>
  );
}

const box = () => screen.getByLabelText<HTMLTextAreaElement>("About us");

function select(from: number, to: number) {
  box().focus();
  box().setSelectionRange(from, to);
}

describe("the page text field", () => {
  it("makes the chosen words bold, a line a list item and, with Ctrl+I, italic", () => {
    render(<Field initial={"Fresh bread daily\nTashkent"} />);
    select(0, 5);
    fireEvent.click(screen.getByRole("button", { name: "Bold" }));
    expect(box().value).toBe("**Fresh** bread daily\nTashkent");
    select(box().value.indexOf("Tashkent"), box().value.length);
    fireEvent.click(screen.getByRole("button", { name: "Bulleted list" }));
    expect(box().value).toBe("**Fresh** bread daily\n- Tashkent");
    select(10, 15);
    fireEvent.keyDown(box(), { key: "i", ctrlKey: true });
    expect(box().value).toBe("**Fresh** _bread_ daily\n- Tashkent");
  });

  it("previews the text as customers will read it, a typed script shown as text", () => {
    render(<Field initial={"## Hours\n\n**Every day** <script>alert(1)</script>"} />);
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const preview = screen.getByRole("region", { name: "Preview: About us" });
    expect(preview.querySelector("h3")?.textContent).toBe("Hours");
    expect(preview.querySelector("strong")?.textContent).toBe("Every day");
    expect(preview.querySelector("script")).toBeNull();
    expect(preview.textContent).toContain("<script>alert(1)</script>");
  });
});
