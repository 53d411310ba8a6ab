// The brand's settings (issue 36, owner only): the colour with a phone-sized preview of the
// storefront in its own theme variables, the languages, the storefront's switches and the secrets.
// A stored secret is never shown: only whether it is set, and a field to replace it.
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId, useState, type CSSProperties, type Dispatch, type SetStateAction } from "react";
import {
  BRAND_FEATURES,
  type BrandFeature,
  type BrandSecret,
  type BrandSettings,
  type BrandSettingsBody,
} from "../../domain/contract/back-office-brand.ts";
import { CONTENT_LANGUAGES, type ContentLanguage } from "../../domain/enums.ts";
import { LOCALE_LABELS, toLocale } from "../../lib/i18n.ts";
import { brandLook, brandLookVariables } from "../../shared/brand/brand-look.ts";
import { imageVariantUrl } from "../../lib/product-image.ts";
import { PictureField } from "../picture-field.tsx";
import { refusalText, useBrandSettings, useSaveBrandSettings } from "./brand-api.ts";
import { BotStatePanel } from "./bot-state.tsx";
import { Failed, Loading, SectionFrame, Switch } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/;
const BOT_TOKEN = /^\d+:[\w-]{20,}$/;

const FEATURE_LABELS: Record<BrandFeature, MessageDescriptor> = {
  deliveryActive: msg`Delivery`,
  pickupActive: msg`Pickup`,
  dineInActive: msg`Dine-in`,
  bookingActive: msg`Table booking`,
  bannersActive: msg`Banners`,
  storiesActive: msg`Stories`,
  branchesActive: msg`Branches page`,
  vacanciesActive: msg`Vacancies`,
  aboutMerchantActive: msg`About us`,
  privacyActive: msg`Privacy policy`,
  termsOfUseActive: msg`Terms of use`,
  notificationsActive: msg`Notifications`,
  chatActive: msg`Chat`,
  isVisibleAtProfileTop: msg`Restaurant links at the top of the profile`,
  favouriteActive: msg`Favourites`,
  cartInMainActive: msg`Cart on the main page`,
  cartPageActive: msg`Cart page`,
  receiverActive: msg`Order for someone else`,
  cancelOrderActive: msg`Guests may cancel an order`,
  promoActive: msg`Promo codes`,
  cashbackActive: msg`Cashback`,
  balanceActive: msg`Balance`,
  cashActive: msg`Cash`,
  terminalActive: msg`Card terminal`,
  paymeActive: msg`Payme`,
  clickActive: msg`Click`,
  uzumActive: msg`Uzum`,
  cardActive: msg`Saved cards`,
};

const PROVIDERS: { name: string; secrets: { key: BrandSecret; label: MessageDescriptor }[] }[] = [
  {
    name: "Payme",
    secrets: [
      { key: "paymeMerchantId", label: msg`Merchant ID` },
      { key: "paymeKey", label: msg`Key` },
    ],
  },
  {
    name: "Click",
    secrets: [
      { key: "clickServiceId", label: msg`Service ID` },
      { key: "clickMerchantId", label: msg`Merchant ID` },
      { key: "clickMerchantUserId", label: msg`Merchant user ID` },
      { key: "clickSecretKey", label: msg`Secret key` },
    ],
  },
  {
    name: "Uzum",
    secrets: [
      { key: "uzumTerminalId", label: msg`Terminal ID` },
      { key: "uzumApiKey", label: msg`API key` },
      { key: "uzumFiscalApiKey", label: msg`Fiscalization API key` },
      { key: "uzumServiceId", label: msg`Service ID` },
      { key: "uzumWebhookLogin", label: msg`Webhook login` },
      { key: "uzumWebhookPassword", label: msg`Webhook password` },
    ],
  },
  { name: "Telegram", secrets: [{ key: "telegramBotToken", label: msg`Bot token` }] },
];

const languageName = (language: ContentLanguage) => {
  const locale = toLocale(language);
  return locale ? LOCALE_LABELS[locale] : language;
};

export default function SettingsSection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const settings = useBrandSettings();
  // Kept here: a save gives the settings a new version, and the form starts again from it.
  const [saved, setSaved] = useState(false);
  return (
    <SectionFrame
      title={t`Brand settings`}
      lead={t`The storefront's look, languages, switches and payment credentials. A saved change is on the storefront at once.`}
    >
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Failed onRetry={() => void settings.refetch()} error={settings.error} />
      ) : (
        <SettingsForm key={settings.data.version} settings={settings.data} saved={saved} onSaved={setSaved} />
      )}
    </SectionFrame>
  );
}

type Errors = Partial<Record<"mainColor" | "languages" | BrandSecret | "form", string>>;

function SettingsForm({
  settings,
  saved,
  onSaved: setSaved,
}: {
  settings: BrandSettings;
  saved: boolean;
  onSaved: (saved: boolean) => void;
}) {
  const { t, i18n } = useLingui();
  const id = useId();
  const save = useSaveBrandSettings();
  const [values, setValues] = useState(settings);
  const [secrets, setSecrets] = useState<Partial<Record<BrandSecret, string>>>({});
  const [errors, setErrors] = useState<Errors>({});

  const validate = (): Errors => {
    const found: Errors = {};
    if (!COLOR.test(values.mainColor.trim()))
      found.mainColor = t`A colour is # and 6 hex digits, e.g. #FCE000.`;
    if (!CONTENT_LANGUAGES.some((l) => values.languages[l]))
      found.languages = t`Turn on at least one language.`;
    else if (!values.languages[values.mainLanguage])
      found.languages = t`The main language must be one of the brand's languages.`;
    const token = secrets.telegramBotToken?.trim();
    if (token && !BOT_TOKEN.test(token))
      found.telegramBotToken = t`A bot token looks like 123456789:AA… (from @BotFather).`;
    return found;
  };

  const submit = () => {
    setSaved(false);
    const found = validate();
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    const typed = Object.fromEntries(
      Object.entries(secrets).flatMap(([k, v]) => (v.trim() === "" ? [] : [[k, v.trim()]])),
    );
    const body: BrandSettingsBody = {
      version: settings.version,
      mainColor: values.mainColor.trim(),
      logo: values.logo,
      isDark: values.isDark,
      mainLanguage: values.mainLanguage,
      languages: values.languages,
      features: values.features,
      cardProvider: values.cardProvider,
      secrets: typed,
    };
    save.mutate(body, {
      onSuccess: () => {
        setSecrets({});
        setSaved(true);
      },
      onError: (error) => {
        setErrors({
          form: refusalText(error, t`This was not saved. Check your internet connection and try again.`),
        });
      },
    });
  };

  return (
    <form
      className="brand-settings"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <div className="brand-settings__main">
        {errors.form && (
          <p className="staff-note staff-note--warning" role="alert">
            {errors.form}
          </p>
        )}
        <LookFields id={id} values={values} errors={errors} onChange={setValues} />
        <LanguageFields id={id} values={values} errors={errors} onChange={setValues} />
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`What the storefront offers`}</legend>
          <div className="brand-grid">
            {BRAND_FEATURES.map((f) => (
              <div key={f} className="brand-switch-row">
                <span>{i18n._(FEATURE_LABELS[f])}</span>
                <Switch
                  checked={values.features[f]}
                  label={i18n._(FEATURE_LABELS[f])}
                  onChange={(on) => {
                    setValues((v) => ({ ...v, features: { ...v.features, [f]: on } }));
                  }}
                />
              </div>
            ))}
          </div>
        </fieldset>
        <Secrets id={id} settings={settings} typed={secrets} errors={errors} onChange={setSecrets} />
        <BotStatePanel hasToken={settings.secrets.telegramBotToken} />
        <div className="brand-settings__save">
          <button
            type="submit"
            className="staff-button staff-button--primary"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {save.isPending ? t`Saving…` : t`Save`}
          </button>
          {saved && (
            <span role="status" className="brand-saved">
              {t`Saved. The storefront shows it now.`}
            </span>
          )}
        </div>
      </div>
      <Preview color={values.mainColor} dark={values.isDark} logo={values.logo} />
    </form>
  );
}

interface FieldsProps {
  id: string;
  values: BrandSettings;
  errors: Errors;
  onChange: Dispatch<SetStateAction<BrandSettings>>;
}

function LookFields({ id, values, errors, onChange: setValues }: FieldsProps) {
  const { t } = useLingui();
  return (
    <fieldset className="brand-fieldset">
      <legend className="staff-label">{t`Look`}</legend>
      <div className="brand-field">
        <label className="staff-label" htmlFor={`${id}-mainColor`}>
          {t`Brand colour`}
        </label>
        <div className="brand-color">
          <input
            type="color"
            aria-label={t`Pick the brand colour`}
            value={
              COLOR.test(values.mainColor) && values.mainColor.length === 7 ? values.mainColor : "#FCE000"
            }
            onChange={(e) => {
              setValues((v) => ({ ...v, mainColor: e.target.value.toUpperCase() }));
            }}
          />
          <input
            id={`${id}-mainColor`}
            className="staff-input"
            value={values.mainColor}
            maxLength={9}
            aria-invalid={errors.mainColor ? true : undefined}
            aria-describedby={errors.mainColor ? `${id}-mainColor-error` : undefined}
            onChange={(e) => {
              setValues((v) => ({ ...v, mainColor: e.target.value }));
            }}
          />
        </div>
        {errors.mainColor && (
          <p id={`${id}-mainColor-error`} className="staff-error">
            {errors.mainColor}
          </p>
        )}
      </div>
      <PictureField
        label={t`Logo`}
        value={values.logo}
        width={160}
        height={160}
        onChange={(logo) => {
          setValues((v) => ({ ...v, logo }));
        }}
      />
      <div className="brand-switch-row">
        <span>{t`Dark storefront`}</span>
        <Switch
          checked={values.isDark}
          label={t`Dark storefront`}
          onChange={(isDark) => {
            setValues((v) => ({ ...v, isDark }));
          }}
        />
      </div>
    </fieldset>
  );
}

function LanguageFields({ id, values, errors, onChange: setValues }: FieldsProps) {
  const { t } = useLingui();
  return (
    <fieldset
      className="brand-fieldset"
      aria-describedby={errors.languages ? `${id}-languages-error` : undefined}
    >
      <legend className="staff-label">{t`Languages`}</legend>
      <div className="brand-grid">
        {CONTENT_LANGUAGES.map((l) => (
          <label key={l} className="staff-check">
            <input
              type="checkbox"
              id={l === CONTENT_LANGUAGES[0] ? `${id}-languages` : undefined}
              checked={values.languages[l]}
              onChange={(e) => {
                const on = e.target.checked;
                setValues((v) => ({ ...v, languages: { ...v.languages, [l]: on } }));
              }}
            />
            {languageName(l)}
          </label>
        ))}
      </div>
      <label className="staff-label" htmlFor={`${id}-mainLanguage`}>
        {t`Main language`}
      </label>
      <select
        id={`${id}-mainLanguage`}
        className="staff-input staff-input--select"
        value={values.mainLanguage}
        onChange={(e) => {
          setValues((v) => ({ ...v, mainLanguage: e.target.value as ContentLanguage }));
        }}
      >
        {CONTENT_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {languageName(l)}
          </option>
        ))}
      </select>
      {errors.languages && (
        <p id={`${id}-languages-error`} className="staff-error">
          {errors.languages}
        </p>
      )}
    </fieldset>
  );
}

function Secrets({
  id,
  settings,
  typed,
  errors,
  onChange,
}: {
  id: string;
  settings: BrandSettings;
  typed: Partial<Record<BrandSecret, string>>;
  errors: Errors;
  onChange: (next: Partial<Record<BrandSecret, string>>) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <fieldset className="brand-fieldset">
      <legend className="staff-label">{t`Payment credentials and the bot`}</legend>
      <p className="brand-choice__hint">
        {t`Stored values are never shown. Type a new value to replace one; leave a field empty to keep it.`}
      </p>
      {PROVIDERS.map((provider) => (
        <div key={provider.name} className="brand-provider" role="group" aria-label={provider.name}>
          <h2 className="staff-subtitle">{provider.name}</h2>
          {provider.secrets.map(({ key, label }) => {
            const name = `${provider.name} · ${i18n._(label)}`;
            return (
              <div key={key} className="brand-secret">
                <label className="staff-label" htmlFor={`${id}-${key}`}>
                  {i18n._(label)}
                </label>
                <span
                  className={`staff-badge${settings.secrets[key] ? "" : " staff-badge--muted"}`}
                  data-testid={`secret-${key}`}
                >
                  {settings.secrets[key] ? t`set` : t`not set`}
                </span>
                <input
                  id={`${id}-${key}`}
                  className="staff-input brand-input"
                  type="password"
                  autoComplete="off"
                  aria-label={t`New ${name}`}
                  placeholder={settings.secrets[key] ? t`Type to replace` : t`Not set yet`}
                  value={typed[key] ?? ""}
                  aria-invalid={errors[key] ? true : undefined}
                  aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
                  onChange={(e) => {
                    onChange({ ...typed, [key]: e.target.value });
                  }}
                />
                {errors[key] && (
                  <p id={`${id}-${key}-error`} className="staff-error">
                    {errors[key]}
                  </p>
                )}
              </div>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}

/** A phone-sized sketch of the storefront in the brand's theme variables, as the colour is typed. */
function Preview({ color, dark, logo }: { color: string; dark: boolean; logo: string | null }) {
  const { t } = useLingui();
  const look = brandLook(
    { name: {}, logo, color: null },
    { mainColor: color.trim(), mainColorType: "LIGHT", isDark: dark, title: "", favicon: "", logo: "" },
    { kind: "web", colorScheme: undefined },
    "eng",
  );
  const style = brandLookVariables(look) as CSSProperties;
  return (
    <aside className="brand-preview-wrap" aria-label={t`Storefront preview`}>
      <p className="staff-label">{t`Storefront preview`}</p>
      <div className={`brand-preview${dark ? " brand-preview--dark" : ""}`} style={style} aria-hidden="true">
        <div className="brand-preview__bar">
          {look.logo && (
            <img
              className="brand-preview__logo"
              src={imageVariantUrl(look.logo, { w: 160, h: 160 }) ?? undefined}
              alt=""
            />
          )}
          <span className="brand-preview__pill">{t`Delivery`}</span>
          <span className="brand-preview__pill brand-preview__pill--off">{t`Pickup`}</span>
        </div>
        <div className="brand-preview__banner" />
        <div className="brand-preview__cards">
          {[0, 1, 2, 3].map((i) => (
            <div key={i} className="brand-preview__card">
              <span className="brand-preview__img" />
              <span className="brand-preview__line" />
              <span className="brand-preview__price">25 000</span>
            </div>
          ))}
        </div>
        <span className="brand-preview__cart">{t`Cart`}</span>
      </div>
    </aside>
  );
}
