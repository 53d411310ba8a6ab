// The staff sign-in's code step: a new code the server refuses says so, and why, in the staff
// member's language, instead of leaving "we sent a code" as the only word on the screen.
import type { ContentLanguage } from "../domain/enums.ts";
import { I18nProvider } from "@lingui/react";
import { AppRoot } from "@telegram-apps/telegram-ui";
import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { activateLocale, i18n } from "../lib/i18n.ts";
import { json, merchant, serveApi } from "../test/fixtures.ts";
import { StaffSignIn } from "./sign-in.tsx";

const BRAND = {
  sub: "lavash",
  merchant: merchant(),
  name: "Lavash",
  logo: null,
  services: { delivery: true, dineIn: false },
  languages: ["uz", "ru", "eng"] as ContentLanguage[],
};

function refusal(code: string) {
  return json(429, { status: 429, code, description: { uz: "uz", ru: "ru", eng: "eng" } });
}

async function atCodeStep(resend: () => Response) {
  let asked = 0;
  serveApi({
    "/api/users/v1/auth/otp": () => {
      asked += 1;
      return asked === 1
        ? json(200, { phone: "+998901234567", resendAfterSeconds: 0, expiresInSeconds: 120 })
        : resend();
    },
  });
  render(
    <I18nProvider i18n={i18n}>
      <AppRoot>
        <StaffSignIn brand={BRAND} onSignedIn={() => undefined} />
      </AppRoot>
    </I18nProvider>,
  );
  fireEvent.change(screen.getByLabelText(/телефон/i), { target: { value: "+998 90 123 45 67" } });
  fireEvent.click(screen.getByRole("button", { name: "Получить код" }));
  fireEvent.click(await screen.findByRole("button", { name: "Отправить код ещё раз" }));
}

describe("asking for the code again", () => {
  it("says a refused resend was not sent, and that it may be asked for a little later, in Russian", async () => {
    await activateLocale("ru");
    await atCodeStep(() => refusal("OTP_RESEND_TOO_EARLY"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/не отправлен/);
    expect(alert.textContent).toMatch(/позже/);
  });

  it("says the number has had too many codes when the hourly limit refuses it", async () => {
    await activateLocale("ru");
    await atCodeStep(() => refusal("OTP_LIMIT_REACHED"));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toMatch(/не отправлен/);
    expect(alert.textContent).toMatch(/через час/);
  });
});
