import { Button, type ButtonProps } from "@telegram-apps/telegram-ui";
import { forwardRef } from "react";

/**
 * The storefront's buttons, one look per role: primary (the brand colour, one per screen or
 * dialog), secondary (neutral) and destructive (red text on a neutral fill, never on the brand
 * colour). Everything else of telegram-ui's Button (size, stretched, loading, Component) passes on.
 */
export type ButtonRole = "primary" | "secondary" | "destructive";

const MODE = { primary: "filled", secondary: "gray", destructive: "gray" } as const;

export const ActionButton = forwardRef<unknown, Omit<ButtonProps, "mode"> & { kind?: ButtonRole }>(
  function ActionButton({ kind = "primary", className, size = "l", ...props }, ref) {
    return (
      <Button
        ref={ref}
        mode={MODE[kind]}
        size={size}
        className={`action-button action-button--${kind}${className ? ` ${className}` : ""}`}
        {...props}
      />
    );
  },
);
