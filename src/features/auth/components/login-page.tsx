import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type SyntheticEvent } from "react";
import { useLocation, useSearch } from "wouter";
import { rememberResendAt } from "../../../components/otp-code-field.tsx";
import { PhoneField } from "../../../components/phone-field.tsx";
import { parsePhone, phoneCountriesFor } from "../../../domain/phone.ts";
import { errorText } from "../../../lib/api-client.ts";
import { failureCode, failureText, safeRedirect, saveLogin } from "../../../shared/session/auth.ts";
import { notify } from "../../../lib/notify.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { usePlatform } from "../../../platform/react.ts";
import { queryKeys } from "../../../shared/query-keys.ts";
import { signInWithHost } from "../../../shared/session/host-sign-in.ts";
import { useRequestOtp } from "../../../shared/session/request-otp.ts";
import "./auth.css";

/** /login: the phone number, then a code by SMS (spec section 2). */
export function LoginPage() {
  const { t } = useLingui();
  usePageTitle(t`Log in`);
  const { sub, merchant } = useRequiredTenant();
  const [, navigate] = useLocation();
  const search = useSearch();
  const redirect = safeRedirect(new URLSearchParams(search).get("redirect"));
  const [phone, setPhone] = useState("+998 ");
  const [error, setError] = useState<string | null>(null);
  const request = useRequestOtp();
  const host = usePlatform();
  const queryClient = useQueryClient();
  const [hostBusy, setHostBusy] = useState(false);

  const goToConfirm = (e164: string) => {
    const params = new URLSearchParams({ phone: e164, redirect });
    navigate(`/login/confirm?${params.toString()}`);
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const parsed = parsePhone(phone, { countries: phoneCountriesFor(merchant.currency) });
    if (!parsed.ok) {
      setError(
        parsed.problem === "EMPTY"
          ? t`Please fill in this field!`
          : parsed.problem === "COUNTRY"
            ? t`Numbers of this country cannot be used to log in here`
            : t`Enter a mobile number, e.g. +998 90 123 45 67`,
      );
      return;
    }
    setError(null);
    request.mutate(parsed.e164, {
      onSuccess: (issued) => {
        rememberResendAt(issued.phone, issued.resendAfterSeconds);
        goToConfirm(issued.phone);
      },
      onError: (caught) => {
        // A code went out less than a minute ago: it is still the one to type.
        if (failureCode(caught) === "OTP_RESEND_TOO_EARLY") goToConfirm(parsed.e164);
        else setError(failureText(caught));
      },
    });
  };

  // Inside Telegram or Click the host vouches for the customer; no SMS needed.
  const hostName =
    host.kind === "telegram" && host.initData
      ? "Telegram"
      : host.kind === "click" && host.webSession
        ? "Click"
        : null;
  const signInWithApp = async () => {
    setHostBusy(true);
    const outcome = await signInWithHost(host, { sub, merchantId: merchant.id });
    setHostBusy(false);
    if (outcome.status === "signed-in") {
      saveLogin(sub, outcome.result);
      queryClient.removeQueries({ queryKey: queryKeys.customers(merchant.id) });
      notify({ kind: "success", text: t`You are logged in` });
      navigate(redirect, { replace: true });
    } else if (outcome.status === "failed") {
      setError(errorText(outcome.error));
    }
  };

  return (
    <div className="page auth-page">
      <h1 className="auth-page__title">{t`Log in`}</h1>
      <p className="auth-page__lead">{t`Enter your phone number: we will send you a code by SMS.`}</p>
      <form className="auth-form" noValidate onSubmit={submit}>
        <PhoneField
          value={phone}
          onChange={(value) => {
            setPhone(value);
            if (error) setError(null);
          }}
          error={error}
          autoFocus
        />
        <Button type="submit" mode="filled" size="l" stretched loading={request.isPending}>
          {t`Get the code`}
        </Button>
      </form>
      {hostName && (
        <div className="auth-page__alt">
          <Button mode="bezeled" size="l" stretched loading={hostBusy} onClick={() => void signInWithApp()}>
            {t`Continue with ${hostName}`}
          </Button>
        </div>
      )}
    </div>
  );
}
