// The brand's kitchen system, iiko (issue 38, owner only): the API login (write-only), the
// organisation and each branch's terminal group. "Check and save" asks iiko: what it found is shown
// (organisation, terminal groups to bind), or iiko's refusal in the owner's language.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { IikoSettings } from "../../domain/contract/kitchen.ts";
import { refusalText } from "./brand-api.ts";
import { useIikoSave, useIikoSettings } from "./kitchen-api.ts";
import { IikoMenuImport } from "./kitchen-menu-import.tsx";
import { Failed, Loading, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

export default function KitchenSection(_props: StaffSectionProps) {
  const { t } = useLingui();
  const settings = useIikoSettings();
  return (
    <SectionFrame
      title={t`Kitchen (iiko)`}
      lead={t`Orders go to the kitchen's iiko once placed (online ones once paid); iiko's statuses and stop-list come back.`}
    >
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <Failed onRetry={() => void settings.refetch()} error={settings.error} />
      ) : (
        <IikoForm settings={settings.data} />
      )}
    </SectionFrame>
  );
}

function IikoForm({ settings }: { settings: IikoSettings }) {
  const { t } = useLingui();
  const id = useId();
  const save = useIikoSave();
  const [login, setLogin] = useState("");
  const [organizationId, setOrganizationId] = useState(settings.organization?.id ?? "");
  const [bound, setBound] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.branches.map((b) => [b.id, b.terminalGroupId ?? ""])),
  );
  const [refusal, setRefusal] = useState<string | null>(null);
  const [checked, setChecked] = useState(false);
  const groups = settings.terminalGroups;
  const submit = () => {
    setRefusal(null);
    setChecked(false);
    save.mutate(
      {
        ...(login.trim() ? { apiLogin: login.trim() } : {}),
        ...(organizationId ? { organizationId } : {}),
        // Bindings are sent once iiko's terminal groups are known (after a first check).
        branches:
          groups.length > 0
            ? settings.branches.map((b) => ({ id: b.id, terminalGroupId: bound[b.id] || null }))
            : [],
      },
      {
        onSuccess: (found) => {
          setLogin("");
          setChecked(true);
          setOrganizationId(found.organization?.id ?? "");
          setBound(Object.fromEntries(found.branches.map((b) => [b.id, b.terminalGroupId ?? ""])));
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
          <legend className="staff-label">{t`Connection`}</legend>
          <div className="brand-field">
            <label className="staff-label" htmlFor={`${id}-login`}>
              {t`API login`}
            </label>
            <input
              id={`${id}-login`}
              className="staff-input brand-input"
              type="password"
              autoComplete="off"
              value={login}
              placeholder={
                settings.loginSet
                  ? t`Stored; type a new one to replace it`
                  : t`From iikoWeb: Cloud API settings`
              }
              onChange={(e) => {
                setLogin(e.target.value);
              }}
            />
          </div>
          {settings.organizations.length > 1 && (
            <div className="brand-field">
              <label className="staff-label" htmlFor={`${id}-org`}>
                {t`Organisation`}
              </label>
              <select
                id={`${id}-org`}
                className="staff-input brand-input"
                value={organizationId}
                onChange={(e) => {
                  setOrganizationId(e.target.value);
                }}
              >
                <option value="">{t`Choose the organisation`}</option>
                {settings.organizations.map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <p className="staff-section__lead" data-testid="iiko-organisation">
            {settings.organization
              ? t`Organisation: ${settings.organization.name ?? settings.organization.id}`
              : settings.organizations.length > 1
                ? t`The login sees several organisations: choose one and save again.`
                : t`Not connected yet.`}
          </p>
        </fieldset>
        <BranchBindings id={id} settings={settings} bound={bound} onChange={setBound} />
        <div className="brand-settings__save">
          <button
            type="submit"
            className="staff-button staff-button--primary"
            disabled={save.isPending}
            aria-busy={save.isPending}
          >
            {save.isPending ? t`Checking with iiko…` : t`Check and save`}
          </button>
          {checked && (
            <span role="status" className="brand-saved">
              {t`iiko answered: saved. Its webhooks now come to this storefront.`}
            </span>
          )}
        </div>
        {settings.organization && <IikoMenuImport settings={settings} />}
      </div>
    </form>
  );
}

/** Each branch's iiko terminal group, to pick from the groups iiko listed at the last check. */
function BranchBindings({
  id,
  settings,
  bound,
  onChange,
}: {
  id: string;
  settings: IikoSettings;
  bound: Record<string, string>;
  onChange: (change: (v: Record<string, string>) => Record<string, string>) => void;
}) {
  const { t } = useLingui();
  const groups = settings.terminalGroups;
  return (
    <fieldset className="brand-fieldset">
      <legend className="staff-label">{t`Branches and iiko terminal groups`}</legend>
      {groups.length === 0 ? (
        <p className="staff-section__lead">{t`Check the login to list iiko's terminal groups.`}</p>
      ) : (
        settings.branches.map((b) => (
          <div key={b.id} className="brand-field">
            <label className="staff-label" htmlFor={`${id}-${b.id}`}>
              {textOf(b.name)}
            </label>
            <select
              id={`${id}-${b.id}`}
              className="staff-input brand-input"
              value={bound[b.id] ?? ""}
              onChange={(e) => {
                onChange((v) => ({ ...v, [b.id]: e.target.value }));
              }}
            >
              <option value="">{t`Not sent to iiko`}</option>
              {groups.map((g) => (
                <option key={g.id} value={g.id}>
                  {g.name}
                </option>
              ))}
            </select>
          </div>
        ))
      )}
    </fieldset>
  );
}
