import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useRef, useState, type ChangeEvent, type ClipboardEvent } from "react";
import { OTP_CODE_LENGTH } from "../domain/contract/users.ts";
import { readSession, writeSession } from "../lib/storage.ts";
import { TextField } from "./text-field.tsx";

// The one-time code input of /login/confirm and of the phone change: one field that takes typing,
// pasting ("123 456" or the whole SMS) and the platform's autofill (autocomplete="one-time-code"
// on iOS, the WebOTP API on Android Chrome), and reports the code once all six digits are in.

/** The first six-digit run of a text (a pasted SMS, "123 456", "123-456"). */
export function extractCode(text: string): string {
  const digits = text.replace(/\D/g, "");
  return digits.slice(0, OTP_CODE_LENGTH);
}

interface OtpCredential extends Credential {
  code: string;
}

export function OtpCodeField({
  value,
  onChange,
  onComplete,
  error,
  disabled,
}: {
  value: string;
  onChange: (code: string) => void;
  /** Called when six digits are in (typed, pasted or filled in). */
  onComplete: (code: string) => void;
  error?: string | null;
  disabled?: boolean;
}) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const set = (code: string) => {
    onChange(code);
    if (code.length === OTP_CODE_LENGTH) onComplete(code);
  };
  const filled = useEffectEvent((code: string) => {
    onChange(code);
    onComplete(code);
  });

  // Android Chrome reads the code from the SMS itself when the SMS ends with "@host #code".
  useEffect(() => {
    if (!("OTPCredential" in window)) return;
    const abort = new AbortController();
    const request = { otp: { transport: ["sms"] }, signal: abort.signal } as CredentialRequestOptions;
    navigator.credentials
      .get(request)
      .then((credential) => {
        const code = extractCode((credential as OtpCredential | null)?.code ?? "");
        if (code.length === OTP_CODE_LENGTH) filled(code);
      })
      .catch(() => undefined);
    return () => {
      abort.abort();
    };
  }, []);

  useEffect(() => {
    input.current?.focus();
  }, []);

  return (
    <TextField
      ref={input}
      label={t`Code from the SMS`}
      className="otp-code-field"
      type="text"
      inputMode="numeric"
      // No name: the code is sent by the page, never by the form, and a named field would be kept
      // in the browser's form history and offered again as a stale code.
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={OTP_CODE_LENGTH + 8}
      placeholder={"•".repeat(OTP_CODE_LENGTH)}
      dir="ltr"
      value={value}
      disabled={disabled}
      error={error}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        set(extractCode(event.target.value));
      }}
      onPaste={(event: ClipboardEvent<HTMLInputElement>) => {
        const code = extractCode(event.clipboardData.getData("text"));
        if (code === "") return;
        event.preventDefault();
        set(code);
      }}
    />
  );
}

const RESEND_KEY = "savat:otp-resend:";

/** Remembers when a new code for `phone` may be asked for (survives a reload of the screen). */
export function rememberResendAt(phone: string, afterSeconds: number): void {
  writeSession(`${RESEND_KEY}${phone}`, String(Date.now() + afterSeconds * 1000));
}

function resendAtOf(phone: string): number {
  return Number(readSession(`${RESEND_KEY}${phone}`) ?? 0) || 0;
}

/** Seconds until a new code for `phone` may be asked for, counting down once a second. */
export function useResendCountdown(phone: string): { seconds: number; restart: (after: number) => void } {
  const [until, setUntil] = useState(() => resendAtOf(phone));
  const [now, setNow] = useState(() => Date.now());
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = window.setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      window.clearInterval(timer);
    };
  }, [seconds > 0]); // eslint-disable-line react-hooks/exhaustive-deps
  return {
    seconds,
    restart: (after: number) => {
      rememberResendAt(phone, after);
      setUntil(Date.now() + after * 1000);
      setNow(Date.now());
    },
  };
}
