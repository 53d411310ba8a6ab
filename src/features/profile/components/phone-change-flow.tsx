import { useLingui } from "@lingui/react/macro";
import { useState, type SyntheticEvent } from "react";
import { ActionButton } from "../../../components/action-button.tsx";
import { OtpCodeField, rememberResendAt, useResendCountdown } from "../../../components/otp-code-field.tsx";
import { PhoneField } from "../../../components/phone-field.tsx";
import { OTP_CODE_LENGTH, type User } from "../../../domain/contract/users.ts";
import { formatPhone, parsePhone, phoneCountriesFor } from "../../../domain/phone.ts";
import { failureCode, failureText } from "../../../shared/session/auth.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useRequestPhoneChange, useVerifyPhoneChange } from "../api/change-phone.ts";

/** Phone change (spec section 5): the new number, then the code sent to it. */
export function PhoneChangeFlow({ onDone }: { onDone: (user: User) => void }) {
  const [phone, setPhone] = useState<string | null>(null);
  return phone ? (
    <CodeStep
      phone={phone}
      onBack={() => {
        setPhone(null);
      }}
      onDone={onDone}
    />
  ) : (
    <PhoneStep onSent={setPhone} />
  );
}

function PhoneStep({ onSent }: { onSent: (phone: string) => void }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const [value, setValue] = useState("+998 ");
  const [error, setError] = useState<string | null>(null);
  const request = useRequestPhoneChange();

  const submit = (event: SyntheticEvent) => {
    event.preventDefault();
    const parsed = parsePhone(value, { countries: phoneCountriesFor(merchant.currency) });
    if (!parsed.ok) {
      setError(
        parsed.problem === "EMPTY"
          ? t`Please fill in this field!`
          : t`Enter a mobile number, e.g. +998 90 123 45 67`,
      );
      return;
    }
    request.mutate(parsed.e164, {
      onSuccess: (issued) => {
        rememberResendAt(issued.phone, issued.resendAfterSeconds);
        onSent(issued.phone);
      },
      onError: (caught) => {
        if (failureCode(caught) === "OTP_RESEND_TOO_EARLY") onSent(parsed.e164);
        else setError(failureText(caught));
      },
    });
  };

  return (
    <form className="auth-form sheet-body" noValidate onSubmit={submit}>
      <PhoneField
        label={t`New phone number`}
        value={value}
        onChange={(v) => {
          setValue(v);
          setError(null);
        }}
        error={error}
        autoFocus
      />
      <ActionButton type="submit" stretched loading={request.isPending}>
        {t`Get the code`}
      </ActionButton>
    </form>
  );
}

function CodeStep({
  phone,
  onBack,
  onDone,
}: {
  phone: string;
  onBack: () => void;
  onDone: (user: User) => void;
}) {
  const { t } = useLingui();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const verify = useVerifyPhoneChange();
  const resend = useRequestPhoneChange();
  const countdown = useResendCountdown(phone);

  const check = (value: string) => {
    if (verify.isPending) return;
    if (value === "") {
      setError(t`Please fill in this field!`);
      return;
    }
    if (value.length !== OTP_CODE_LENGTH) {
      setError(t`The code has ${OTP_CODE_LENGTH} digits`);
      return;
    }
    verify.mutate(
      { phone, code: value },
      {
        onSuccess: onDone,
        onError: (caught) => {
          setError(failureText(caught));
          setCode("");
        },
      },
    );
  };

  return (
    <form
      className="auth-form sheet-body"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        check(code);
      }}
    >
      <p className="auth-form__sent">
        {t`We sent a code by SMS to ${formatPhone(phone)}.`}{" "}
        <ActionButton kind="secondary" size="s" onClick={onBack}>
          {t`Change the number`}
        </ActionButton>
      </p>
      <OtpCodeField
        value={code}
        onChange={(v) => {
          setCode(v);
          setError(null);
        }}
        onComplete={check}
        error={error}
        disabled={verify.isPending}
      />
      <ActionButton type="submit" stretched loading={verify.isPending}>
        {t`Confirm`}
      </ActionButton>
      <div aria-live="polite" className="auth-page__resend">
        {countdown.seconds > 0 ? (
          <p className="auth-page__countdown">{t`You can ask for a new code in ${countdown.seconds} s`}</p>
        ) : (
          <ActionButton
            kind="secondary"
            size="m"
            loading={resend.isPending}
            onClick={() => {
              resend.mutate(phone, {
                onSuccess: (issued) => {
                  countdown.restart(issued.resendAfterSeconds);
                },
                onError: (caught) => {
                  setError(failureText(caught));
                },
              });
            }}
          >
            {t`Send the code again`}
          </ActionButton>
        )}
      </div>
    </form>
  );
}
