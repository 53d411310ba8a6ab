// Yandex Delivery (issue 39, owner only): for each branch the OAuth token of its Yandex Delivery
// account (write-only) and who hands the order to the courier; and when claims are made. Which
// channels' deliveries go to Yandex is the brand's order settings (delivery type per channel).
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { YandexDeliverySettings } from "../../domain/contract/delivery.ts";
import type { YandexClaimMoment } from "../../domain/yandex-delivery.ts";
import { refusalText } from "./brand-api.ts";
import { useYandexDeliverySave, useYandexDeliverySettings } from "./delivery-api.ts";
import { Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

export default function DeliverySection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const settings = useYandexDeliverySettings();
  return (
    <SectionFrame
      title={t`Yandex Delivery`}
      lead={t`Branches with a token give their deliveries to Yandex Delivery when the order settings say so: the checkout shows Yandex's price and a Yandex courier takes the order.`}
    >
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Failed onRetry={() => void settings.refetch()} error={settings.error} />
      ) : (
        <DeliveryForm settings={settings.data} />
      )}
    </SectionFrame>
  );
}

interface BranchDraft {
  token: string;
  remove: boolean;
  pickupName: string;
  pickupPhone: string;
}

const EMPTY_DRAFT: BranchDraft = { token: "", remove: false, pickupName: "", pickupPhone: "" };

function draftsOf(settings: YandexDeliverySettings): Record<string, BranchDraft> {
  return Object.fromEntries(
    settings.branches.map((b) => [
      b.id,
      { token: "", remove: false, pickupName: b.pickupName ?? "", pickupPhone: b.pickupPhone ?? "" },
    ]),
  );
}

function DeliveryForm({ settings }: { settings: YandexDeliverySettings }) {
  const { t } = useLingui();
  const id = useId();
  const save = useYandexDeliverySave();
  const [claimAt, setClaimAt] = useState<YandexClaimMoment>(settings.claimAt);
  const [drafts, setDrafts] = useState(() => draftsOf(settings));
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const edit = (branchId: string, change: Partial<BranchDraft>) => {
    setSaved(false);
    setDrafts((d) => ({
      ...d,
      [branchId]: { ...(d[branchId] ?? EMPTY_DRAFT), ...change },
    }));
  };
  const submit = () => {
    setRefusal(null);
    setSaved(false);
    save.mutate(
      {
        claimAt,
        branches: settings.branches.map((b) => {
          const d = drafts[b.id];
          return {
            id: b.id,
            ...(d?.remove ? { token: null } : d?.token.trim() ? { token: d.token.trim() } : {}),
            pickupName: d?.pickupName.trim() || null,
            pickupPhone: d?.pickupPhone.trim() || null,
          };
        }),
      },
      {
        onSuccess: (found) => {
          setDrafts(draftsOf(found));
          setSaved(true);
        },
        onError: (e) => {
          setRefusal(refusalText(e, t`This was not saved. Check your internet connection and try again.`));
        },
      },
    );
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
        {refusal && (
          <p className="staff-note staff-note--warning" role="alert">
            {refusal}
          </p>
        )}
        <fieldset className="brand-fieldset">
          <legend className="staff-label">{t`When a Yandex courier is called`}</legend>
          <div className="brand-field">
            <label className="staff-label" htmlFor={`${id}-at`}>
              {t`Call the courier`}
            </label>
            <select
              id={`${id}-at`}
              className="staff-input brand-input"
              value={claimAt}
              onChange={(e) => {
                setClaimAt(e.target.value === "PLACED" ? "PLACED" : "READY");
              }}
            >
              <option value="READY">{t`When the kitchen marks the order ready`}</option>
              <option value="PLACED">{t`As soon as the order is placed (online: paid)`}</option>
            </select>
          </div>
        </fieldset>
        {settings.branches.map((b) => (
          <BranchFields
            key={b.id}
            id={`${id}-${b.id}`}
            branch={b}
            draft={drafts[b.id] ?? EMPTY_DRAFT}
            onEdit={(change) => {
              edit(b.id, change);
            }}
          />
        ))}
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
              {t`Saved.`}
            </span>
          )}
        </div>
      </div>
    </form>
  );
}

/** One branch: its token (write-only) and who hands the order to the courier. */
function BranchFields({
  id,
  branch: b,
  draft: d,
  onEdit,
}: {
  id: string;
  branch: YandexDeliverySettings["branches"][number];
  draft: BranchDraft;
  onEdit: (change: Partial<BranchDraft>) => void;
}) {
  const { t } = useLingui();
  return (
    <fieldset className="brand-fieldset" data-testid={`yandex-branch-${b.id}`}>
      <legend className="staff-label">{textOf(b.name)}</legend>
      <div className="brand-field">
        <label className="staff-label" htmlFor={`${id}-token`}>
          {t`OAuth token`}
        </label>
        <input
          id={`${id}-token`}
          className="staff-input brand-input"
          type="password"
          autoComplete="off"
          value={d.token}
          disabled={d.remove}
          placeholder={
            b.tokenSet
              ? t`Stored; type a new one to replace it`
              : t`From the Yandex Delivery account: API integration`
          }
          onChange={(e) => {
            onEdit({ token: e.target.value });
          }}
        />
      </div>
      {b.tokenSet && (
        <label className="staff-check">
          <input
            type="checkbox"
            checked={d.remove}
            onChange={(e) => {
              onEdit({ remove: e.target.checked });
            }}
          />
          {t`Remove the token (the branch's own couriers deliver)`}
        </label>
      )}
      <div className="brand-field">
        <label className="staff-label" htmlFor={`${id}-name`}>
          {t`Who hands the order over`}
        </label>
        <input
          id={`${id}-name`}
          className="staff-input brand-input"
          value={d.pickupName}
          onChange={(e) => {
            onEdit({ pickupName: e.target.value });
          }}
        />
      </div>
      <div className="brand-field">
        <label className="staff-label" htmlFor={`${id}-phone`}>
          {t`Their phone`}
        </label>
        <input
          id={`${id}-phone`}
          className="staff-input brand-input"
          type="tel"
          inputMode="tel"
          placeholder="+998901234567"
          value={d.pickupPhone}
          onChange={(e) => {
            onEdit({ pickupPhone: e.target.value });
          }}
        />
      </div>
    </fieldset>
  );
}
