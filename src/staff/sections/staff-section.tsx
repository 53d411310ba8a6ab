// The brand's staff (issue 36, owner only): who works for the brand, their role and the branches
// they are bound to; invite by phone (they sign in to /staff with it and an SMS code), change a role
// or a binding, remove (signed out at once). The brand's only owner cannot leave or be demoted.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { StaffMember } from "../../domain/contract/back-office-brand.ts";
import type { Multilingual } from "../../domain/multilingual.ts";
import { BRAND_ROLES, type BrandRole } from "../../domain/staff-scope.ts";
import { ApiError } from "../../lib/api-client.ts";
import { StaffDialog } from "../dialog.tsx";
import { refusalText, useStaffChange, useStaffMembers } from "./brand-api.ts";
import { Empty, Failed, Loading, personName, SectionFrame, textOf } from "./section-frame.tsx";
import type { StaffSectionProps } from "./types.ts";
import "./brand-sections.css";

type Branches = readonly { id: string; name: Multilingual }[];

function useRoleNames(): Record<BrandRole, { name: string; what: string }> {
  const { t } = useLingui();
  return {
    OWNER: { name: t`Owner`, what: t`Everything, staff and money settings included` },
    MANAGER: { name: t`Manager`, what: t`Menu, banners and the change log` },
    OPERATOR: { name: t`Operator`, what: t`Orders and phone orders` },
    KITCHEN: { name: t`Kitchen`, what: t`The order board only` },
    COURIER: { name: t`Courier`, what: t`The courier app at /courier, for one branch` },
  };
}

export default function StaffSection({ branches = [] }: StaffSectionProps) {
  const { t } = useLingui();
  const [inviting, setInviting] = useState(false);
  return (
    <SectionFrame
      title={t`Staff`}
      lead={t`Who works for the brand. An invited person signs in at /staff with their phone and an SMS code.`}
      actions={
        <button
          type="button"
          className="staff-button staff-button--primary"
          onClick={() => {
            setInviting(true);
          }}
        >
          {t`Invite by phone`}
        </button>
      }
    >
      <Members branches={branches} />
      {inviting && (
        <MemberDialog
          branches={branches}
          onClose={() => {
            setInviting(false);
          }}
        />
      )}
    </SectionFrame>
  );
}

function Members({ branches }: { branches: Branches }) {
  const { t } = useLingui();
  const list = useStaffMembers();
  const roles = useRoleNames();
  const [editing, setEditing] = useState<StaffMember | null>(null);
  const [removing, setRemoving] = useState<StaffMember | null>(null);
  if (list.isPending) return <Loading />;
  if (list.isError) return <Failed onRetry={() => void list.refetch()} error={list.error} />;
  if (list.data.length === 0)
    return <Empty title={t`No staff yet`} text={t`Invite the first person by phone.`} />;
  const where = (m: StaffMember) =>
    m.branchIds.length === 0
      ? t`Every branch`
      : m.branchIds.map((id) => textOf(branches.find((b) => b.id === id)?.name) || "—").join(", ");
  return (
    <>
      <ul className="staff-list" aria-label={t`Staff members`}>
        {list.data.map((m) => {
          const who = m.name ?? (m.phone ? personName(m.phone) : "—");
          return (
            <li key={m.id} className="staff-row">
              <div className="staff-row__main">
                <div className="staff-row__text">
                  <span className="staff-row__title">
                    <bdi>{who}</bdi>
                    {m.self && <span className="staff-badge staff-badge--muted">{t`you`}</span>}
                  </span>
                  <span className="staff-row__meta brand-member__meta">
                    <span className="staff-badge">{roles[m.brandRole].name}</span>
                    {m.name && m.phone && <span dir="ltr">{personName(m.phone)}</span>}
                    <span>{where(m)}</span>
                  </span>
                </div>
                <div className="brand-row__actions">
                  <button
                    type="button"
                    className="staff-button"
                    aria-label={t`Change ${who}`}
                    onClick={() => {
                      setEditing(m);
                    }}
                  >
                    {t`Change`}
                  </button>
                  <button
                    type="button"
                    className="staff-button staff-button--danger"
                    aria-label={t`Remove ${who}`}
                    onClick={() => {
                      setRemoving(m);
                    }}
                  >
                    {t`Remove`}
                  </button>
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      {editing && (
        <MemberDialog
          member={editing}
          branches={branches}
          onClose={() => {
            setEditing(null);
          }}
        />
      )}
      {removing && (
        <RemoveDialog
          member={removing}
          onClose={() => {
            setRemoving(null);
          }}
        />
      )}
    </>
  );
}

/** Invites a person (no member given) or changes a member's role and branches. */
function MemberDialog({
  member,
  branches,
  onClose,
}: {
  member?: StaffMember;
  branches: Branches;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useStaffChange();
  const [phone, setPhone] = useState("");
  const [role, setRole] = useState<BrandRole>(member?.brandRole ?? "MANAGER");
  const [bound, setBound] = useState<string[]>(member?.branchIds ?? []);
  const [errors, setErrors] = useState<{ phone?: string; form?: string }>({});

  const submit = () => {
    setErrors({});
    if (!member && phone.trim() === "") {
      setErrors({ phone: t`Enter the person's mobile number.` });
      document.getElementById(`${id}-phone`)?.focus();
      return;
    }
    if (role === "COURIER" && bound.length !== 1) {
      setErrors({ form: t`A courier works at one branch: tick exactly one.` });
      return;
    }
    const onError = (error: unknown) => {
      const text = refusalText(error, t`This was not saved. Check your internet connection and try again.`);
      const atPhone =
        error instanceof ApiError &&
        ["PHONE_INVALID", "PHONE_COUNTRY_NOT_SERVED", "STAFF_MEMBER_EXISTS", "VALIDATION_FAILED"].includes(
          error.code ?? "",
        );
      setErrors(atPhone && !member ? { phone: text } : { form: text });
      if (atPhone && !member) document.getElementById(`${id}-phone`)?.focus();
    };
    if (member)
      change.mutate(
        { kind: "change", id: member.id, body: { brandRole: role, branchIds: bound } },
        { onSuccess: onClose, onError },
      );
    else
      change.mutate(
        { kind: "invite", body: { phone, brandRole: role, branchIds: bound } },
        { onSuccess: onClose, onError },
      );
  };

  const who = member ? (member.name ?? (member.phone ? personName(member.phone) : "")) : "";
  return (
    <StaffDialog
      title={member ? t`Change ${who}` : t`Invite by phone`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {change.isPending ? t`Saving…` : member ? t`Save` : t`Invite`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="brand-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {errors.form && (
          <p className="staff-note staff-note--warning" role="alert">
            {errors.form}
          </p>
        )}
        {!member && (
          <div className="brand-field">
            <label className="staff-label" htmlFor={`${id}-phone`}>
              {t`Mobile number`}
            </label>
            <input
              id={`${id}-phone`}
              data-autofocus
              className="staff-input brand-input"
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="+998 90 123 45 67"
              value={phone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? `${id}-phone-error` : undefined}
              onChange={(e) => {
                setPhone(e.target.value);
              }}
            />
            {errors.phone && (
              <p id={`${id}-phone-error`} className="staff-error">
                {errors.phone}
              </p>
            )}
          </div>
        )}
        <RoleField name={`${id}-role`} value={role} onChange={setRole} />
        {branches.length > 0 && (
          <fieldset className="brand-fieldset">
            <legend className="staff-label">{t`Branches`}</legend>
            <p className="brand-choice__hint">{t`None ticked: every branch. Owners and managers bound to a branch cannot change the brand.`}</p>
            {branches.map((b) => (
              <label key={b.id} className="staff-check brand-choice">
                <input
                  type="checkbox"
                  checked={bound.includes(b.id)}
                  onChange={(e) => {
                    const on = e.target.checked;
                    setBound((list) => (on ? [...list, b.id] : list.filter((x) => x !== b.id)));
                  }}
                />
                {textOf(b.name)}
              </label>
            ))}
          </fieldset>
        )}
      </form>
    </StaffDialog>
  );
}

function RoleField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: BrandRole;
  onChange: (role: BrandRole) => void;
}) {
  const { t } = useLingui();
  const roles = useRoleNames();
  return (
    <fieldset className="brand-fieldset">
      <legend className="staff-label">{t`Role`}</legend>
      {BRAND_ROLES.map((r) => (
        <label key={r} className="staff-check brand-choice">
          <input
            type="radio"
            name={name}
            value={r}
            checked={value === r}
            onChange={() => {
              onChange(r);
            }}
          />
          <span>
            <strong>{roles[r].name}</strong>
            <span className="brand-choice__hint">{roles[r].what}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function RemoveDialog({ member, onClose }: { member: StaffMember; onClose: () => void }) {
  const { t } = useLingui();
  const change = useStaffChange();
  const [error, setError] = useState<string | null>(null);
  const who = member.name ?? (member.phone ? personName(member.phone) : "");
  return (
    <StaffDialog
      title={t`Remove ${who}?`}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="staff-button" onClick={onClose}>
            {t`Cancel`}
          </button>
          <button
            type="button"
            className="staff-button staff-button--danger"
            disabled={change.isPending}
            aria-busy={change.isPending}
            onClick={() => {
              setError(null);
              change.mutate(
                { kind: "remove", id: member.id },
                {
                  onSuccess: onClose,
                  onError: (e) => {
                    setError(
                      refusalText(e, t`This was not saved. Check your internet connection and try again.`),
                    );
                  },
                },
              );
            }}
          >
            {t`Remove`}
          </button>
        </>
      }
    >
      <p>{t`They are signed out of the console at once and keep only a customer's account.`}</p>
      {error && (
        <p className="staff-note staff-note--warning" role="alert">
          {error}
        </p>
      )}
    </StaffDialog>
  );
}
