import { I18nProvider } from "@lingui/react";
import { AppRoot } from "@telegram-apps/telegram-ui";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { i18n } from "../lib/i18n.ts";
import { OtpCodeField } from "./otp-code-field.tsx";

describe("the SMS code field", () => {
  it("asks the platform for the one-time code, has no form name, and completes at six digits", () => {
    const onComplete = vi.fn();
    const onChange = vi.fn();
    render(
      <I18nProvider i18n={i18n}>
        <AppRoot>
          <OtpCodeField value="" onChange={onChange} onComplete={onComplete} />
        </AppRoot>
      </I18nProvider>,
    );
    const field = screen.getByLabelText("Code from the SMS");
    expect(field.getAttribute("autocomplete")).toBe("one-time-code");
    expect(field.getAttribute("inputmode")).toBe("numeric");
    // A named field would be kept in the browser's form history and offered again later.
    expect(field.hasAttribute("name")).toBe(false);
    fireEvent.change(field, { target: { value: "Your code: 123 456" } });
    expect(onComplete).toHaveBeenCalledWith("123456");
  });
});
