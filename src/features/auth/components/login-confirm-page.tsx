import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useQueryClient } from "@tanstack/react-query";
import { useState, type SyntheticEvent } from "react";
import { Link, Redirect, useLocation, useSearch } from "wouter";
import { OtpCodeField, useResendCountdown } from "../../../components/otp-code-field.tsx";
import { OTP_CODE_LENGTH } from "../../../domain/contract/users.ts";
import { formatPhone } from "../../../domain/phone.ts";
import { queryKeys } from "../../../shared/query-keys.ts";
import { failureText, safeRedirect, saveLogin } from "../../../shared/session/auth.ts";
import { notify } from "../../../lib/notify.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useRequestOtp } from "../../../shared/session/request-otp.ts";
import { useVerifyOtp } from "../api/verify-otp.ts";
import "./auth.css";
import { ltr } from "../../../lib/format.ts";

/** /login/confirm?phone=...: the code from the SMS, with the resend countdown (spec section 4). */
export function LoginConfirmPage() {
  const { t } = useLingui();
  usePageTitle(t`Confirm the code`);
  const search = useSearch();
  const params = new URLSearchParams(search);
  const phone = params.get("phone") ?? "";
  if (!/^\+\d{7,15}$/.test(phone)) return <Redirect to="/login" replace />;
  return <ConfirmForm phone={phone} redirect={safeRedirect(params.get("redirect"))} />;
}

function ConfirmForm({ phone, redirect }: { phone: string; redirect: string }) {
  const { t } = useLingui();
  const { sub, merchant } = useRequiredTenant();
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sentAgain, setSentAgain] = useState(false);
  const verify = useVerifyOtp();
  const resend = useRequestOtp();
  const countdown = useResendCountdown(phone);

  const check = (value: string) => {
    if (verify.isPending || verify.isSuccess) return;
    if (value.trim() === "") {
      setError(t`Please fill in this field!`);
      return;
    }
    if (value.length !== OTP_CODE_LENGTH) {
      setError(t`The code has ${OTP_CODE_LENGTH} digits`);
      return;
    }
    setError(null);
    verify.mutate(
      { phone, code: value },
      {
        onSuccess: (result) => {
          saveLogin(sub, result);
          queryClient.setQueryData(queryKeys.me(merchant.id), result.user);
          notify({ kind: "success", text: t`You are logged in` });
          navigate(redirect, { replace: true });
        },
        onError: (caught) => {
          setError(failureText(caught));
          setCode("");
        },
      },
    );
  };

  const sendAgain = () => {
    if (countdown.seconds > 0 || resend.isPending) return;
    setError(null);
    resend.mutate(phone, {
      onSuccess: (issued) => {
        countdown.restart(issued.resendAfterSeconds);
        setSentAgain(true);
        setCode("");
      },
      onError: (caught) => {
        setError(failureText(caught));
      },
    });
  };

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    check(code);
  };

  const redirectQuery = redirect === "/" ? "" : `?redirect=${encodeURIComponent(redirect)}`;
  return (
    <div className="page auth-page">
      <h1 className="auth-page__title">{t`Enter the code`}</h1>
      <p className="auth-page__lead">
        {t`We sent a code by SMS to ${ltr(formatPhone(phone))}.`}{" "}
        <Link href={`/login${redirectQuery}`}>{t`Change the number`}</Link>
      </p>
      <form className="auth-form" noValidate onSubmit={submit}>
        <OtpCodeField
          value={code}
          onChange={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          onComplete={check}
          error={error}
          disabled={verify.isPending}
        />
        <Button type="submit" mode="filled" size="l" stretched loading={verify.isPending}>
          {t`Log in`}
        </Button>
      </form>
      <div className="auth-page__resend" aria-live="polite">
        {countdown.seconds > 0 ? (
          <p className="auth-page__countdown" data-testid="resend-countdown">
            {t`You can ask for a new code in ${countdown.seconds} s`}
          </p>
        ) : (
          <Button mode="plain" size="m" loading={resend.isPending} onClick={sendAgain}>
            {t`Send the code again`}
          </Button>
        )}
        {sentAgain && countdown.seconds > 0 && (
          <p className="auth-page__sent">{t`A new code is on its way.`}</p>
        )}
      </div>
    </div>
  );
}
