import { Checkbox, Radio } from "@telegram-apps/telegram-ui";
import { useId, type ReactNode } from "react";

/**
 * One choice of a list inside a telegram-ui Section: telegram-ui's Radio (or Checkbox) at the
 * start and the text as the input's own <label>, so the whole row toggles it and the input is
 * named by the text. The chosen row is tinted with the brand colour (styles.css, .choice-row).
 */
export function ChoiceRow({
  type = "radio",
  name,
  checked,
  onChange,
  children,
  after,
  className,
  onClick,
}: {
  type?: "radio" | "checkbox";
  name?: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  after?: ReactNode;
  className?: string;
  /** A click on the input, also when it is already checked (change does not fire then). */
  onClick?: () => void;
}) {
  const id = useId();
  const Control = type === "radio" ? Radio : Checkbox;
  return (
    <div className={`choice-row choice-row--${type}${className ? ` ${className}` : ""}`}>
      <Control
        id={id}
        name={name}
        checked={checked}
        className="choice-row__control"
        onChange={(e) => {
          onChange(e.target.checked);
        }}
        onClick={onClick}
      />
      <label htmlFor={id} className="choice-row__label">
        {children}
      </label>
      {after && <span className="choice-row__after">{after}</span>}
    </div>
  );
}
