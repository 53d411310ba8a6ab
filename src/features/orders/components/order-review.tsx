import { msg } from "@lingui/core/macro";
import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react/macro";
import { Section } from "@telegram-apps/telegram-ui";
import { useId, useState } from "react";
import { ActionButton } from "../../../components/action-button.tsx";
import { SectionTitle } from "../../../components/list-row.tsx";
import { TextAreaField } from "../../../components/text-field.tsx";
import type { Order } from "../../../domain/contract/orders.ts";
import { GRADE_REASONS, type GradeReason } from "../../../domain/enums.ts";
import { isDeliveryService } from "../../../domain/order-status.ts";
import { notify } from "../../../lib/notify.ts";
import { useGradeOrder } from "../api/grade-order.ts";
import "./order-review.css";

const REASON_LABELS: Record<GradeReason, MessageDescriptor> = {
  FOOD: msg`Food`,
  COURIER: msg`Courier`,
  TIME: msg`Delivery time`,
  PACKAGING: msg`Packaging`,
};

const GRADES = [1, 2, 3, 4, 5] as const;

function Star({ filled }: { filled: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="100%" height="100%" aria-hidden="true" className="review-star">
      <path
        d="M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.1l-5.7 3.2 1.2-6.4L2.8 9.5l6.4-.8z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The grade as stars, for reading: one image named "Grade 4 of 5". */
export function GradeStars({ grade, size = 20 }: { grade: number; size?: number }) {
  const { t } = useLingui();
  const rounded = Math.round(grade);
  return (
    <span className="review-stars" role="img" aria-label={t`Grade ${grade} of 5`} style={{ height: size }}>
      {GRADES.map((n) => (
        <span key={n} className="review-stars__star" style={{ width: size, height: size }}>
          <Star filled={n <= rounded} />
        </span>
      ))}
    </span>
  );
}

/**
 * A delivered or closed order asks once for a grade (1-5 stars), what stood out and a comment;
 * once given, the order shows it. Nothing while the order is under way or cancelled.
 */
export function OrderReview({ order, userId }: { order: Order; userId: string }) {
  if (order.review) return <GivenReview review={order.review} />;
  if (!order.gradeable) return null;
  return <ReviewForm order={order} userId={userId} />;
}

function GivenReview({ review }: { review: NonNullable<Order["review"]> }) {
  const { t, i18n } = useLingui();
  return (
    <Section
      className="savat-section order-review"
      aria-labelledby="order-review"
      header={<SectionTitle id="order-review">{t`Your grade`}</SectionTitle>}
    >
      <div className="order-review__body" data-testid="order-review">
        <GradeStars grade={review.grade} size={24} />
        {review.reasons.length > 0 && (
          <ul className="order-review__given-reasons">
            {review.reasons.map((r) => (
              <li key={r} className="order-review__chip order-review__chip--static">
                {i18n._(REASON_LABELS[r])}
              </li>
            ))}
          </ul>
        )}
        {review.comment && <p className="order-review__comment">{review.comment}</p>}
      </div>
    </Section>
  );
}

function ReviewForm({ order, userId }: { order: Order; userId: string }) {
  const { t, i18n } = useLingui();
  // Thanked from the mutation itself: this form is gone once the graded order arrives.
  const send = useGradeOrder(userId, order.id, () => {
    notify({ kind: "success", text: t`Thank you for your grade` });
  });
  const [grade, setGrade] = useState<number | null>(null);
  const [reasons, setReasons] = useState<GradeReason[]>([]);
  const [comment, setComment] = useState("");
  const name = useId();
  const commentId = useId();
  const offered = GRADE_REASONS.filter((r) => r !== "COURIER" || isDeliveryService(order.serviceType));
  const gradeLabels = [t`Terrible`, t`Bad`, t`All right`, t`Good`, t`Excellent`];

  return (
    <Section
      className="savat-section order-review"
      aria-labelledby="order-review"
      header={<SectionTitle id="order-review">{t`Rate the order`}</SectionTitle>}
    >
      <form
        className="order-review__body"
        data-testid="order-review-form"
        onSubmit={(e) => {
          e.preventDefault();
          if (grade === null) return;
          send.mutate({ grade, reasons, comment: comment.trim() || null });
        }}
      >
        <fieldset className="order-review__stars">
          <legend className="visually-hidden">{t`Your grade`}</legend>
          {GRADES.map((n) => (
            <label key={n} className="order-review__star" data-on={grade !== null && n <= grade}>
              <input
                type="radio"
                name={name}
                value={n}
                className="order-review__input"
                checked={grade === n}
                onChange={() => {
                  setGrade(n);
                }}
              />
              <span className="visually-hidden">{t`${n} of 5: ${gradeLabels[n - 1] ?? ""}`}</span>
              <Star filled={grade !== null && n <= grade} />
            </label>
          ))}
        </fieldset>
        <p className="order-review__hint" aria-live="polite">
          {grade === null ? t`How was it? Tap a star.` : gradeLabels[grade - 1]}
        </p>
        {grade !== null && (
          <>
            <fieldset className="order-review__reasons">
              <legend className="order-review__legend">
                {grade === 5 ? t`What did you like?` : t`What could be better?`}
              </legend>
              {offered.map((r) => {
                const on = reasons.includes(r);
                return (
                  <label key={r} className={`order-review__chip${on ? " order-review__chip--on" : ""}`}>
                    <input
                      type="checkbox"
                      className="order-review__input"
                      checked={on}
                      onChange={() => {
                        setReasons(on ? reasons.filter((x) => x !== r) : [...reasons, r]);
                      }}
                    />
                    {i18n._(REASON_LABELS[r])}
                  </label>
                );
              })}
            </fieldset>
            <TextAreaField
              id={commentId}
              label={t`Comment (optional)`}
              rows={3}
              maxLength={1000}
              value={comment}
              onChange={(e) => {
                setComment(e.target.value);
              }}
            />
          </>
        )}
        <ActionButton
          type="submit"
          stretched
          disabled={grade === null || send.isPending}
          loading={send.isPending}
        >
          {t`Send the grade`}
        </ActionButton>
      </form>
    </Section>
  );
}
