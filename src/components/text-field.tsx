import { Input, Select, Textarea } from "@telegram-apps/telegram-ui";
import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import "./form-field.css";

// telegram-ui's Input, Textarea and Select under a visible <label> of their own. telegram-ui's
// own `header` is an <h6> (a heading in the page outline) and labels nothing, so it is not used;
// the error under the box describes the input (aria-describedby).

interface FieldProps {
  label: ReactNode;
  error?: string | null;
  /** Beside the box, inside its outline (a clear button, a unit). */
  after?: ReactNode;
  className?: string;
}

function useFieldIds(given: string | undefined) {
  const own = useId();
  const errorId = useId();
  return { id: given ?? own, errorId };
}

function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={id} className="form-field__error" role="alert">
      {error}
    </p>
  ) : null;
}

export const TextField = forwardRef<
  HTMLInputElement,
  FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "className">
>(function TextField({ label, error, after, className, id: givenId, ...input }, ref) {
  const { id, errorId } = useFieldIds(givenId);
  return (
    <div className={`form-field savat-field${className ? ` ${className}` : ""}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <Input
        ref={ref}
        id={id}
        status={error ? "error" : undefined}
        after={after}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
});

export function TextAreaField({
  label,
  error,
  className,
  id: givenId,
  ...textarea
}: Omit<FieldProps, "after"> & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "className">) {
  const { id, errorId } = useFieldIds(givenId);
  return (
    <div className={`form-field savat-field${className ? ` ${className}` : ""}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <Textarea
        id={id}
        status={error ? "error" : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...textarea}
      />
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function SelectField({
  label,
  className,
  id: givenId,
  children,
  ...select
}: Omit<FieldProps, "after" | "error"> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "className"> & { children: ReactNode }) {
  const { id } = useFieldIds(givenId);
  return (
    <div className={`form-field savat-field savat-field--select${className ? ` ${className}` : ""}`}>
      <label className="form-field__label" htmlFor={id}>
        {label}
      </label>
      <Select id={id} {...select}>
        {children}
      </Select>
    </div>
  );
}
