import { fromMinor, type Minor } from "../../domain/money.ts";
import { formatAmount } from "../../lib/format.ts";
import { useRequiredTenant } from "./tenant.ts";

/** An amount in minor units with the brand's currency; the price before a discount struck through. */
export function Price({ total, before, className }: { total: Minor; before?: Minor; className?: string }) {
  const { merchant } = useRequiredTenant();
  const discounted = before !== undefined && before > total;
  return (
    <span className={`price${className ? ` ${className}` : ""}`}>
      {discounted && (
        <s className="price__before" aria-hidden="true">
          {formatAmount(fromMinor(before), merchant.currency)}
        </s>
      )}
      <span className="price__total">{formatAmount(fromMinor(total), merchant.currency)}</span>
    </span>
  );
}

/** The amount as text, for buttons and labels. */
export function useFormatMinor(): (minor: Minor) => string {
  const { merchant } = useRequiredTenant();
  return (minor) => formatAmount(fromMinor(minor), merchant.currency);
}
