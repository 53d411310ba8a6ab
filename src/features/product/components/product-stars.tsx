import { useLingui } from "@lingui/react/macro";
import type { ProductGrade } from "../../../domain/contract/menu.ts";
import { useProductGrade } from "../api/get-grades.ts";

const STAR = "M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4L2.8 9.5l6.4-.8z";

/** The product's average grade as five stars, the number and the count; nothing before a first grade. */
export function ProductStars({ productId }: { productId: string }) {
  const grade = useProductGrade(productId);
  if (!grade || grade.count === 0) return null;
  return <Stars grade={grade} />;
}

export function Stars({ grade: { grade, count } }: { grade: ProductGrade }) {
  const { t, i18n } = useLingui();
  const average = new Intl.NumberFormat(i18n.locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(grade);
  // Each star is filled by its share of the average: 4.6 fills four and 60 % of the fifth.
  return (
    <p
      className="product-stars"
      role="img"
      aria-label={t`Average grade ${average} of 5, ratings: ${count}`}
      data-testid="product-stars"
    >
      <span className="product-stars__value" aria-hidden="true">
        {average}
      </span>
      <span className="product-stars__stars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => {
          const fill = Math.max(0, Math.min(1, grade - (n - 1)));
          return (
            <span key={n} className="product-stars__star">
              <svg viewBox="0 0 24 24" width="16" height="16" focusable="false">
                <path d={STAR} className="product-stars__empty" />
              </svg>
              <svg
                viewBox="0 0 24 24"
                width="16"
                height="16"
                focusable="false"
                className="product-stars__full"
                style={{ clipPath: `inset(0 ${String(100 - fill * 100)}% 0 0)` }}
              >
                <path d={STAR} />
              </svg>
            </span>
          );
        })}
      </span>
      <span className="product-stars__count" aria-hidden="true">
        ({count})
      </span>
    </p>
  );
}
