// The menu's groups in the console (issue 36): the tabs guests see above the categories, each with
// its names, an icon and a picture, its colours and whether guests see it. Listed in the menu's
// order and moved by a handle (dragged, or Space and the arrows); deleting one leaves its categories
// standing alone. A save over someone else's newer one is refused with who and when.
import { useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import type { EditorMenuGroup } from "../../domain/contract/back-office-menu-groups.ts";
import type { ContentLanguage } from "../../domain/enums.ts";
import { StaffDialog } from "../dialog.tsx";
import { PictureField } from "../picture-field.tsx";
import { NameFields, Refusal, textsFor } from "./menu-fields.tsx";
import { useMenuGroupChange, useMenuGroups } from "./menu-groups-api.ts";
import { Empty, Failed, Loading, textOf } from "./section-frame.tsx";
import { SortableList } from "./sortable-list.tsx";

export function MenuGroupsDialog({
  languages,
  onClose,
}: {
  languages: readonly ContentLanguage[];
  onClose: () => void;
}) {
  const { t } = useLingui();
  const groups = useMenuGroups();
  const [editing, setEditing] = useState<EditorMenuGroup | "new" | null>(null);
  if (editing)
    return (
      <GroupForm
        group={editing === "new" ? null : editing}
        languages={languages}
        onDone={() => {
          setEditing(null);
        }}
      />
    );
  return (
    <StaffDialog title={t`Menu groups`} onClose={onClose} wide>
      <p className="staff-hint">
        {t`Groups are the tabs above the categories on the storefront. A category without a group stands on its own.`}
      </p>
      <button
        type="button"
        className="staff-button staff-button--primary"
        onClick={() => {
          setEditing("new");
        }}
      >
        {t`New group`}
      </button>
      {groups.isPending ? (
        <Loading />
      ) : groups.isError ? (
        <Failed onRetry={() => void groups.refetch()} error={groups.error} />
      ) : groups.data.length === 0 ? (
        <Empty title={t`No groups yet`} text={t`Every category stands on its own.`} />
      ) : (
        <GroupList groups={groups.data} onEdit={setEditing} />
      )}
    </StaffDialog>
  );
}

function GroupList({
  groups,
  onEdit,
}: {
  groups: EditorMenuGroup[];
  onEdit: (group: EditorMenuGroup) => void;
}) {
  const { t } = useLingui();
  const change = useMenuGroupChange();
  const [deleting, setDeleting] = useState<EditorMenuGroup | null>(null);
  return (
    <>
      {change.isError && <Refusal error={change.error} onReload={async () => undefined} />}
      <SortableList
        items={groups}
        label={t`Menu groups, in the menu's order`}
        nameOf={(group) => textOf(group.name)}
        onOrder={(ids) => {
          change.mutate({ kind: "order", ids });
        }}
        render={(group, handle) => {
          const name = textOf(group.name);
          return (
            <div className="staff-row__main menu-groups__row">
              {handle}
              {group.bgColor && (
                <span
                  className="menu-groups__swatch"
                  aria-hidden="true"
                  style={{ background: group.bgColor }}
                />
              )}
              <div className="staff-row__text">
                <span className="staff-row__title">{name}</span>
                <span className="staff-row__meta">
                  {t`Categories: ${group.categoryCount}`}
                  {!group.isActive && <> · {t`hidden from guests`}</>}
                </span>
              </div>
              <div className="menu-groups__actions">
                <button
                  type="button"
                  className="staff-button"
                  aria-label={t`Edit ${name}`}
                  onClick={() => {
                    onEdit(group);
                  }}
                >
                  {t`Edit`}
                </button>
                <button
                  type="button"
                  className="staff-button staff-button--danger"
                  aria-label={t`Delete ${name}`}
                  onClick={() => {
                    setDeleting(group);
                  }}
                >
                  {t`Delete`}
                </button>
              </div>
            </div>
          );
        }}
      />
      {deleting && (
        <DeleteGroup
          group={deleting}
          onClose={() => {
            setDeleting(null);
          }}
        />
      )}
    </>
  );
}

function DeleteGroup({ group, onClose }: { group: EditorMenuGroup; onClose: () => void }) {
  const { t } = useLingui();
  const change = useMenuGroupChange();
  const name = textOf(group.name);
  return (
    <StaffDialog
      title={t`Delete ${name}?`}
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
              change.mutate({ kind: "delete", id: group.id }, { onSuccess: onClose });
            }}
          >
            {t`Delete`}
          </button>
        </>
      }
    >
      {change.isError && <Refusal error={change.error} onReload={async () => undefined} />}
      <p>
        {group.categoryCount > 0
          ? t`Its ${group.categoryCount} categories stay on the menu, each on its own.`
          : t`It holds no categories.`}
      </p>
    </StaffDialog>
  );
}

function GroupForm({
  group,
  languages,
  onDone,
}: {
  group: EditorMenuGroup | null;
  languages: readonly ContentLanguage[];
  onDone: () => void;
}) {
  const { t } = useLingui();
  const id = useId();
  const change = useMenuGroupChange();
  const groups = useMenuGroups();
  const [version, setVersion] = useState(group?.version ?? "");
  const [name, setName] = useState(() => textsFor(group?.name ?? {}, languages));
  const [icon, setIcon] = useState<string | null>(group?.icon ?? null);
  const [image, setImage] = useState<string | null>(group?.image ?? null);
  const [bgColor, setBgColor] = useState<string | null>(group?.bgColor ?? null);
  const [iconBgColor, setIconBgColor] = useState<string | null>(group?.iconBgColor ?? null);
  const [isActive, setActive] = useState(group?.isActive ?? true);
  const [nameError, setNameError] = useState<string | null>(null);
  // The other person's saved group replaces what was typed, at their version.
  const reload = async () => {
    const latest = (await groups.refetch()).data?.find((g) => g.id === group?.id);
    if (!latest) return;
    setVersion(latest.version);
    setName(textsFor(latest.name, languages));
    setIcon(latest.icon);
    setImage(latest.image);
    setBgColor(latest.bgColor);
    setIconBgColor(latest.iconBgColor);
    setActive(latest.isActive);
    change.reset();
  };
  const submit = () => {
    if (Object.values(name).every((v) => !v.trim())) {
      setNameError(t`Give the group a name in at least one language.`);
      document.getElementById(`${id}-name-${languages[0] ?? "uz"}`)?.focus();
      return;
    }
    setNameError(null);
    const body = { name, icon, image, bgColor, iconBgColor, isActive };
    change.mutate(
      group ? { kind: "save", id: group.id, body: { ...body, version } } : { kind: "create", body },
      { onSuccess: onDone },
    );
  };
  return (
    <StaffDialog
      title={group ? t`Edit ${textOf(group.name)}` : t`New group`}
      onClose={onDone}
      wide
      footer={
        <>
          <button type="button" className="staff-button" onClick={onDone}>
            {t`Cancel`}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="staff-button staff-button--primary"
            disabled={change.isPending}
            aria-busy={change.isPending}
          >
            {t`Save`}
          </button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="menu-editor__form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {change.isError && <Refusal error={change.error} onReload={reload} />}
        <NameFields
          id={id}
          languages={languages}
          values={name}
          error={nameError}
          onChange={(language, text) => {
            setName((v) => ({ ...v, [language]: text }));
          }}
        />
        <PictureField label={t`Group icon`} value={icon} onChange={setIcon} width={96} height={96} />
        <PictureField label={t`Group picture`} value={image} onChange={setImage} />
        <ColourField id={`${id}-bg`} label={t`Tab colour`} value={bgColor} onChange={setBgColor} />
        <ColourField
          id={`${id}-icon-bg`}
          label={t`Icon background`}
          value={iconBgColor}
          onChange={setIconBgColor}
        />
        <label className="staff-check">
          <input
            type="checkbox"
            checked={isActive}
            onChange={(e) => {
              setActive(e.target.checked);
            }}
          />
          {t`Guests see this group`}
        </label>
      </form>
    </StaffDialog>
  );
}

/** A colour or none: the browser's colour picker, and a box to clear it. */
function ColourField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="menu-builder__field menu-groups__colour">
      <label className="staff-label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="color"
        value={value ?? "#ffffff"}
        onChange={(e) => {
          onChange(e.target.value.toUpperCase());
        }}
      />
      <label className="staff-check">
        <input
          type="checkbox"
          checked={value === null}
          onChange={(e) => {
            onChange(e.target.checked ? null : "#FFFFFF");
          }}
        />
        {t`None`}
      </label>
    </div>
  );
}
