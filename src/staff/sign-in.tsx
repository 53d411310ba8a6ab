import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useState, type SyntheticEvent } from "react";
import { OtpCodeField, rememberResendAt, useResendCountdown } from "../components/otp-code-field.tsx";
import { PhoneField } from "../components/phone-field.tsx";
import { OTP_CODE_LENGTH } from "../domain/contract/users.ts";
import { formatPhone, parsePhone, phoneCountriesFor } from "../domain/phone.ts";
import { ApiError, errorText } from "../lib/api-client.ts";
import { ltr } from "../lib/format.ts";
import { i18n } from "../lib/i18n.ts";
import { requestOtp } from "../shared/session/request-otp.ts";
import { logout, verifyStaffCode } from "./api.ts";
import { LanguagePicker } from "./language-picker.tsx";
import type { StaffSession } from "./session.ts";
import type { StaffBrand } from "./staff-app.tsx";

function BrandMark({ brand }: { brand: StaffBrand }) {
  const { t } = useLingui();
  return (
    <div className="staff-panel__brand">
      {brand.logo ? <img src={brand.logo} alt="" className="staff-brand__logo" /> : null}
      <div>
        <p className="staff-panel__name">{brand.name}</p>
        <p className="staff-panel__kind">{t`Staff console`}</p>
      </div>
    </div>
  );
}

/** Why the server sent no code, in the console's language (the server's own texts have three). */
function refusalText(failure: ApiError): string {
  switch (failure.code) {
    case "OTP_RESEND_TOO_EARLY":
      return i18n._(msg`A new code can be asked for a little later: the last one is still on its way.`);
    case "OTP_LIMIT_REACHED":
      return i18n._(msg`This number has had too many codes. Try again in an hour.`);
    case "RATE_LIMITED":
      return i18n._(msg`Too many requests from this device. Try again in a minute.`);
    case "SMS_SEND_FAILED":
      return i18n._(msg`The SMS could not be sent. Try again.`);
    default:
      return errorText(failure);
  }
}

/** /staff before sign-in: the phone, then the code by SMS (the storefront's code flow). */
export function StaffSignIn({
  brand,
  onSignedIn,
}: {
  brand: StaffBrand;
  onSignedIn: (session: StaffSession) => void;
}) {
  const { t } = useLingui();
  const [phone, setPhone] = useState("+998 ");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [resendRefused, setResendRefused] = useState<string | null>(null);
  const countdown = useResendCountdown(sentTo ?? "");

  const ask = async (e164: string) => {
    const again = sentTo !== null;
    setBusy(true);
    const [failure, issued] = await requestOtp(e164);
    setBusy(false);
    if (failure && (again || failure.code !== "OTP_RESEND_TOO_EARLY")) {
      // A refused resend says so; the code already sent stays good and its field stays.
      if (again) setResendRefused(t`The code was not sent again. ${refusalText(failure)}`);
      else setError(refusalText(failure));
      return;
    }
    if (issued) {
      rememberResendAt(issued.phone, issued.resendAfterSeconds);
      countdown.restart(issued.resendAfterSeconds);
    }
    setError(null);
    setResendRefused(null);
    setCode("");
    setSentTo(issued?.phone ?? e164);
  };

  const submitPhone = (event: SyntheticEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = parsePhone(phone, { countries: phoneCountriesFor(brand.merchant.currency) });
    if (!parsed.ok) {
      setError(
        parsed.problem === "EMPTY"
          ? t`Please fill in this field!`
          : t`Enter a mobile number, e.g. +998 90 123 45 67`,
      );
      return;
    }
    void ask(parsed.e164);
  };

  const check = async (value: string) => {
    if (!sentTo || busy) return;
    if (value.length !== OTP_CODE_LENGTH) {
      setError(t`The code has ${OTP_CODE_LENGTH} digits`);
      return;
    }
    setBusy(true);
    const [failure, result] = await verifyStaffCode(sentTo, value);
    setBusy(false);
    if (failure) {
      setError(
        errorText(failure instanceof ApiError ? failure : new ApiError(String(failure), { status: 0 })),
      );
      setCode("");
      return;
    }
    const { id, firstName, lastName, phone: userPhone, role } = result.user;
    onSignedIn({ token: result.token, user: { id, firstName, lastName, phone: userPhone, role } });
  };

  return (
    <main id="main" className="staff-center">
      <div className="staff-panel">
        <BrandMark brand={brand} />
        {sentTo === null ? (
          <form className="staff-form" noValidate onSubmit={submitPhone}>
            <h1 className="staff-panel__title">{t`Sign in to the staff console`}</h1>
            <p className="staff-panel__lead">{t`Enter the phone number of your staff account: we will send you a code by SMS.`}</p>
            <PhoneField
              value={phone}
              onChange={(value) => {
                setPhone(value);
                if (error) setError(null);
              }}
              error={error}
              autoFocus
            />
            <Button type="submit" mode="filled" size="l" stretched loading={busy}>
              {t`Get the code`}
            </Button>
          </form>
        ) : (
          <form
            className="staff-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void check(code);
            }}
          >
            <h1 className="staff-panel__title">{t`Enter the code`}</h1>
            <p className="staff-panel__lead">
              {t`We sent a code by SMS to ${ltr(formatPhone(sentTo))}.`}{" "}
              <button
                type="button"
                className="staff-link"
                onClick={() => {
                  setSentTo(null);
                  setError(null);
                  setResendRefused(null);
                }}
              >
                {t`Change the number`}
              </button>
            </p>
            <OtpCodeField
              value={code}
              onChange={(value) => {
                setCode(value);
                if (error) setError(null);
              }}
              onComplete={(value) => void check(value)}
              error={error}
              disabled={busy}
            />
            <Button type="submit" mode="filled" size="l" stretched loading={busy}>
              {t`Log in`}
            </Button>
            <div aria-live="polite" className="staff-panel__resend">
              {resendRefused ? (
                <p className="staff-error" role="alert">
                  {resendRefused}
                </p>
              ) : null}
              {countdown.seconds > 0 ? (
                <p>{t`You can ask for a new code in ${countdown.seconds} s`}</p>
              ) : (
                <Button mode="plain" size="m" onClick={() => void ask(sentTo)}>
                  {t`Send the code again`}
                </Button>
              )}
            </div>
          </form>
        )}
        <div className="staff-panel__footer">
          <LanguagePicker />
        </div>
      </div>
    </main>
  );
}

/** Signed in with an account that has no staff role here. */
export function NotStaff({
  brand,
  session,
  onSignOut,
}: {
  brand: StaffBrand;
  session: StaffSession;
  onSignOut: () => void;
}) {
  const { t } = useLingui();
  const phone = session.user.phone ? ltr(formatPhone(session.user.phone)) : "";
  return (
    <main id="main" className="staff-center">
      <div className="staff-panel" role="alert">
        <BrandMark brand={brand} />
        <h1 className="staff-panel__title">{t`This account is not staff`}</h1>
        <p className="staff-panel__lead">
          {t`The account ${phone} has no staff role at ${brand.name}. Ask the brand's administrator to give it one, or sign in with another number.`}
        </p>
        <Button
          mode="filled"
          size="l"
          stretched
          onClick={() => {
            void logout().finally(onSignOut);
          }}
        >
          {t`Sign out`}
        </Button>
      </div>
    </main>
  );
}
