// The customer's saved cards (spec routes /profile/cards, /profile/cards/create, /profile/cards/confirm),
// behind the brand's cardActive switch. The card form follows Payme's rules for its Subscribe API:
// Payme's mark, a link to Payme's offer, a note that the card data goes to Payme and not to the
// restaurant, no `name` on the inputs and no `action` on the form (nothing is ever posted by the
// browser itself). The number and expiry live in this component's state only.
import { useLingui } from "@lingui/react/macro";
import { Button, Section } from "@telegram-apps/telegram-ui";
import { useEffect, useId, useState } from "react";
import { Link, useLocation } from "wouter";
import { OtpCodeField } from "../../../components/otp-code-field.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { TextField } from "../../../components/text-field.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { cardExpired, cardTypeOf, luhnValid } from "../../../domain/cards.ts";
import { formatMaskedPhone } from "../../../domain/phone-format.ts";
import type { SavedCard } from "../../../domain/contract/cards.ts";
import { ApiError, errorText } from "../../../lib/api-client.ts";
import { notify } from "../../../lib/notify.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import {
  clearPendingCard,
  readPendingCard,
  savePendingCard,
  useAddCard,
  useDeleteCard,
  useResendCardCode,
  useSavedCards,
  useVerifyCard,
} from "../../../shared/payments/cards.ts";
import "./cards.css";

/** Payme's public offer for its card payments. */
const PAYME_OFFER_URL = "https://cdn.payme.uz/terms/main.html";

function typeLabel(type: SavedCard["type"]): string {
  return type === "UZCARD" ? "Uzcard" : type === "HUMO" ? "Humo" : "";
}

function expiryText(card: Pick<SavedCard, "expireMonth" | "expireYear">): string {
  return `${String(card.expireMonth).padStart(2, "0")}/${String(card.expireYear % 100).padStart(2, "0")}`;
}

/** Payme's mark (the wordmark in its colours), beside the note that the card data goes to Payme. */
function PaymeMark() {
  return (
    <span className="payme-mark" dir="ltr" aria-label="Payme" role="img">
      pay<b>me</b>
    </span>
  );
}

function CardTypeBadge({ type }: { type: SavedCard["type"] }) {
  const label = typeLabel(type);
  if (!label) return null;
  return <span className={`card-type card-type--${(type ?? "").toLowerCase()}`}>{label}</span>;
}

function redirectParam(): string | null {
  const value = new URLSearchParams(window.location.search).get("redirect");
  return value?.startsWith("/") && !value.startsWith("//") ? value : null;
}

function DeleteCardConfirm({ card, onDone }: { card: SavedCard; onDone: () => void }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const remove = useDeleteCard(merchant.id);
  const yes = async () => {
    try {
      await remove.mutateAsync(card.id);
      notify({ kind: "success", text: t`The card is removed` });
      onDone();
    } catch (error) {
      if (error instanceof ApiError) notify({ kind: "error", text: errorText(error) });
    }
  };
  return (
    <div className="card-delete">
      <p className="card-delete__question">{t`Remove this card?`}</p>
      <p className="card-delete__name" dir="ltr">
        {card.number}
      </p>
      <div className="card-delete__actions">
        <Button mode="bezeled" size="l" stretched onClick={onDone}>
          {t`No`}
        </Button>
        <Button mode="filled" size="l" stretched loading={remove.isPending} onClick={() => void yes()}>
          {t`Yes, remove`}
        </Button>
      </div>
    </div>
  );
}

/** /profile/cards: the saved cards, each removable after a confirmation, and a link to add one. */
export function CardsPage() {
  const { t } = useLingui();
  usePageTitle(t`My cards`);
  const { merchant } = useRequiredTenant();
  const cards = useSavedCards(merchant.id);
  const confirm = useUrlSheet("delete-card");
  const [target, setTarget] = useState<SavedCard | null>(null);
  const listId = useId();

  return (
    <div className="page cards-page">
      <h1 className="page__title">{t`My cards`}</h1>
      {cards.isPending ? (
        <PageSpinner />
      ) : cards.isError ? (
        <div className="cards-page__state" role="alert">
          <p>{t`Your cards could not be loaded.`}</p>
          <Button mode="bezeled" size="m" onClick={() => void cards.refetch()}>
            {t`Try again`}
          </Button>
        </div>
      ) : cards.data.length === 0 ? (
        <p className="cards-page__state" data-testid="cards-empty">
          {t`No saved cards yet. Add a card to pay for orders in the app.`}
        </p>
      ) : (
        <Section aria-labelledby={listId}>
          <h2 id={listId} className="visually-hidden">{t`Saved cards`}</h2>
          <ul className="cards-page__list">
            {cards.data.map((card) => (
              <li key={card.id} className="cards-page__item" data-testid="saved-card">
                <span className="cards-page__body">
                  <span className="cards-page__number" dir="ltr">
                    {card.number}
                  </span>
                  <span className="cards-page__meta">
                    <CardTypeBadge type={card.type} />
                    <span>{t`Valid through ${expiryText(card)}`}</span>
                    {!card.isVerified && <span className="cards-page__unverified">{t`Not confirmed`}</span>}
                  </span>
                </span>
                <button
                  type="button"
                  className="cards-page__delete"
                  aria-label={t`Remove the card ${card.number}`}
                  onClick={() => {
                    setTarget(card);
                    confirm.open();
                  }}
                >
                  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                    <path
                      d="M4 7h16M10 4h4M6 7l1 13h10l1-13M10 11v6M14 11v6"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        </Section>
      )}
      <div className="cards-page__add">
        <Link href="/profile/cards/create" asChild>
          <Button mode="filled" size="l" stretched>
            {t`Add a card`}
          </Button>
        </Link>
      </div>
      <UrlSheet name="delete-card" title={t`Remove the card`}>
        {target && (
          <DeleteCardConfirm
            card={target}
            onDone={() => {
              confirm.close();
              setTarget(null);
            }}
          />
        )}
      </UrlSheet>
    </div>
  );
}

/** "8600069195406311" -> "8600 0691 9540 6311" as it is typed. */
function groupNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, "$1 ");
}

/** "0399" -> "03/99" as it is typed. */
function formatExpire(digits: string): string {
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** /profile/cards/create: the card's number and expiry, sent to Payme through the server. */
export function CardCreatePage() {
  const { t } = useLingui();
  usePageTitle(t`Add a card`);
  const { merchant } = useRequiredTenant();
  const [, navigate] = useLocation();
  const add = useAddCard(merchant.id);
  const [number, setNumber] = useState("");
  const [expire, setExpire] = useState("");
  const [touched, setTouched] = useState(false);
  const ids = { number: useId(), expire: useId(), note: useId() };

  const month = Number(expire.slice(0, 2));
  const numberError =
    number.length === 0
      ? t`Enter the card number`
      : number.length < 16
        ? t`The card number has 16 digits`
        : !luhnValid(number)
          ? t`This card number is not valid. Check the digits`
          : null;
  const expireError =
    expire.length < 4 || month < 1 || month > 12
      ? t`Enter the month and year as on the card, MM/YY`
      : cardExpired({ month, year: 2000 + Number(expire.slice(2)) }, new Date())
        ? t`The card has expired`
        : null;
  const type = cardTypeOf(number);

  const submit = () => {
    setTouched(true);
    if (numberError || expireError || add.isPending) return;
    add.mutate(
      { number, expire },
      {
        onSuccess: (sent) => {
          savePendingCard({
            id: sent.card.id,
            number: sent.card.number,
            phone: sent.phone,
            resendAt: Date.now() + sent.wait,
            redirect: redirectParam(),
          });
          setNumber("");
          setExpire("");
          navigate("/profile/cards/confirm", { replace: true });
        },
      },
    );
  };

  return (
    <div className="page cards-page">
      <h1 className="page__title">{t`Add a card`}</h1>
      {/* No action: the browser never posts the card anywhere; the server passes it on to Payme. */}
      <form
        className="card-form"
        noValidate
        autoComplete="off"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <TextField
          id={ids.number}
          label={t`Card number`}
          className="card-form__number"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          placeholder="0000 0000 0000 0000"
          value={groupNumber(number)}
          maxLength={19}
          error={touched ? numberError : null}
          after={type ? <CardTypeBadge type={type} /> : undefined}
          // Payme's note says where the number goes; an error, when shown, describes the box instead.
          {...(touched && numberError ? {} : { "aria-describedby": ids.note })}
          data-testid="card-number"
          onChange={(e) => {
            setNumber(e.target.value.replace(/\D/g, "").slice(0, 16));
          }}
          onBlur={() => {
            if (number.length === 16) setTouched(true);
          }}
        />
        <TextField
          id={ids.expire}
          label={t`Valid through (MM/YY)`}
          className="card-form__expire"
          dir="ltr"
          inputMode="numeric"
          autoComplete="off"
          placeholder="MM/YY"
          value={formatExpire(expire)}
          maxLength={5}
          error={touched ? expireError : null}
          data-testid="card-expire"
          onChange={(e) => {
            setExpire(e.target.value.replace(/\D/g, "").slice(0, 4));
          }}
        />
        {add.error && (
          <p className="form-field__error" role="alert" data-testid="card-error">
            {errorText(add.error)}
          </p>
        )}
        <div className="payme-note" id={ids.note}>
          <PaymeMark />
          <p>
            {t`The card data goes straight to Payme and not to the restaurant. The restaurant keeps only the last digits to show you the card.`}{" "}
            <a href={PAYME_OFFER_URL} target="_blank" rel="noopener noreferrer">
              {t`Payme's offer`}
            </a>
          </p>
        </div>
        <Button type="submit" mode="filled" size="l" stretched loading={add.isPending}>
          {t`Continue`}
        </Button>
      </form>
    </div>
  );
}

/** /profile/cards/confirm: the SMS code Payme texted to the card's phone. */
export function CardConfirmPage() {
  const { t } = useLingui();
  usePageTitle(t`Confirm the card`);
  const { merchant } = useRequiredTenant();
  const [, navigate] = useLocation();
  const [pending, setPending] = useState(readPendingCard);
  const verify = useVerifyCard(merchant.id);
  const resend = useResendCardCode();
  const [code, setCode] = useState("");
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setInterval(() => {
      setNow(Date.now());
    }, 1000);
    return () => {
      clearInterval(timer);
    };
  }, []);

  if (!pending) {
    return (
      <div className="page cards-page">
        <h1 className="page__title">{t`Confirm the card`}</h1>
        <p className="cards-page__state">{t`There is no card waiting for its code.`}</p>
        <Link href="/profile/cards" className="button-link">
          {t`My cards`}
        </Link>
      </div>
    );
  }

  const seconds = Math.max(0, Math.ceil((pending.resendAt - now) / 1000));
  const dropped = verify.error?.code === "CARD_CODE_ATTEMPTS";

  const confirmCode = (value: string) => {
    if (verify.isPending || dropped) return;
    verify.mutate(
      { id: pending.id, code: value },
      {
        onSuccess: () => {
          clearPendingCard();
          notify({ kind: "success", text: t`The card is saved` });
          navigate(pending.redirect ?? "/profile/cards", { replace: true });
        },
        onError: (error) => {
          setCode("");
          if (error.code === "CARD_CODE_ATTEMPTS") clearPendingCard();
        },
      },
    );
  };

  return (
    <div className="page cards-page">
      <h1 className="page__title">{t`Confirm the card`}</h1>
      <p className="cards-page__lead">
        {t`Payme sent a code to the phone of the card`} <span dir="ltr">{pending.number}</span>
        {pending.phone && (
          <>
            {": "}
            <span dir="ltr">{formatMaskedPhone(pending.phone)}</span>
          </>
        )}
      </p>
      {dropped && verify.error ? (
        <div className="cards-page__state" role="alert">
          <p>{errorText(verify.error)}</p>
          <Link href="/profile/cards/create" className="button-link">
            {t`Add the card again`}
          </Link>
        </div>
      ) : (
        <form
          className="card-form"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (code.length === 6) confirmCode(code);
          }}
        >
          <OtpCodeField
            value={code}
            onChange={setCode}
            onComplete={confirmCode}
            error={verify.error ? errorText(verify.error) : null}
            disabled={verify.isPending}
          />
          <p className="cards-page__hint">{t`After 5 wrong codes the card is removed and has to be added again.`}</p>
          <Button type="submit" mode="filled" size="l" stretched loading={verify.isPending}>
            {t`Confirm`}
          </Button>
          {seconds > 0 ? (
            <p className="cards-page__hint" role="status">
              {t`You can ask for a new code in ${seconds} s`}
            </p>
          ) : (
            <button
              type="button"
              className="button-link"
              disabled={resend.isPending}
              onClick={() => {
                resend.mutate(pending.id, {
                  onSuccess: (sent) => {
                    const next = { ...pending, phone: sent.phone, resendAt: Date.now() + sent.wait };
                    savePendingCard(next);
                    setPending(next);
                    notify({ kind: "success", text: t`A new code is sent` });
                  },
                  onError: (error) => {
                    notify({ kind: "error", text: errorText(error) });
                  },
                });
              }}
            >
              {t`Send the code again`}
            </button>
          )}
        </form>
      )}
    </div>
  );
}
