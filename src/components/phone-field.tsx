import { useLingui } from "@lingui/react/macro";
import type { ChangeEvent } from "react";
import { TextField } from "./text-field.tsx";

/** A labelled phone input (tel keyboard, the browser's autofill), with its error under it. */
export function PhoneField({
  value,
  onChange,
  error,
  label,
  disabled,
  autoFocus,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { t } = useLingui();
  return (
    <TextField
      label={label ?? t`Phone number`}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+998 90 123 45 67"
      maxLength={40}
      dir="ltr"
      value={value}
      disabled={disabled}
      autoFocus={autoFocus}
      error={error}
      onChange={(event: ChangeEvent<HTMLInputElement>) => {
        onChange(event.target.value);
      }}
    />
  );
}
