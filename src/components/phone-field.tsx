import { useLingui } from "@lingui/react/macro";
import { useId, type ChangeEvent } from "react";
import "./form-field.css";

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
  const id = useId();
  const errorId = useId();
  return (
    <div className="form-field">
      <label className="form-field__label" htmlFor={id}>
        {label ?? t`Phone number`}
      </label>
      <input
        id={id}
        className="form-field__input"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="+998 90 123 45 67"
        maxLength={40}
        value={value}
        disabled={disabled}
        autoFocus={autoFocus}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => {
          onChange(event.target.value);
        }}
      />
      {error && (
        <p id={errorId} className="form-field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
