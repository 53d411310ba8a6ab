import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useState, type SyntheticEvent } from "react";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { getCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { addGuestAddress } from "../../../shared/order-draft/guest-addresses.ts";
import { notify } from "../../../lib/notify.ts";
import { useOrderDraft, type DraftAddress } from "../../../shared/order-draft/order-draft.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { useCreateAddress } from "../api/addresses.ts";
import { toAddressInput, useSavedAddresses } from "../saved-addresses.ts";

/** Drawers close this long after saving (spec section 9). */
const CLOSE_DELAY_MS = 100;

type Fields = Pick<DraftAddress, "name" | "office" | "domophone" | "entrance" | "floor">;

function DetailsForm({
  mode,
  address,
  onSaved,
}: {
  mode: "order" | "profile";
  address: DraftAddress;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const { setAddress } = useOrderDraft();
  const { loggedIn, userId } = useSavedAddresses();
  const create = useCreateAddress(merchant.id, userId);
  // The office is pre-filled with the house number (spec section 2).
  const [fields, setFields] = useState<Fields>({
    name: address.name,
    office: address.houseNumber,
    domophone: "",
    entrance: "",
    floor: "",
  });
  const [saving, setSaving] = useState(false);

  const field = (key: keyof Fields, label: string, inputMode?: "numeric" | "text") => (
    <label className="address-details__field">
      <span>{label}</span>
      <input
        name={key}
        value={fields[key]}
        inputMode={inputMode}
        maxLength={key === "name" ? 200 : 50}
        onChange={(e) => {
          setFields((f) => ({ ...f, [key]: e.target.value }));
        }}
      />
    </label>
  );

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    const brand = getCurrentBrand();
    let next: DraftAddress = { ...address, ...fields, name: fields.name.trim() };
    // An address chosen again at a saved point keeps that saved entry; a new point is saved.
    const isSaved = !next.id?.startsWith("tmp-");
    if (!isSaved) {
      if (loggedIn) {
        try {
          const created = await create.mutateAsync(toAddressInput(next));
          next = { ...next, id: created.id };
        } catch {
          setSaving(false);
          return;
        }
      } else if (brand) {
        next = { ...next, id: addGuestAddress(brand.sub, toAddressInput(next)).id };
      }
    }
    if (mode === "order") setAddress(next);
    notify({ kind: "success", text: t`Address saved` });
    setTimeout(onSaved, CLOSE_DELAY_MS);
  };

  return (
    <form className="address-details" onSubmit={(e) => void submit(e)}>
      <p className="address-details__street">
        {address.houseNumber ? `${address.streetName} (${address.houseNumber})` : address.streetName}
      </p>
      {field("name", t`Address name`)}
      <div className="address-details__row">
        {field("office", t`Apartment / office`)}
        {field("domophone", t`Intercom`)}
      </div>
      <div className="address-details__row">
        {field("entrance", t`Entrance`, "numeric")}
        {field("floor", t`Floor`, "numeric")}
      </div>
      <Button type="submit" mode="filled" size="l" stretched loading={saving} disabled={saving}>
        {t`Save`}
      </Button>
    </form>
  );
}

/** The address-details drawer, titled "Add new location" (spec section 2). */
export function AddressDetailsSheet({
  mode,
  address,
  onSaved,
}: {
  mode: "order" | "profile";
  address: DraftAddress | null;
  onSaved: () => void;
}) {
  const { t } = useLingui();
  const { isOpen } = useUrlSheet("address-details");
  return (
    <UrlSheet name="address-details" title={t`Add new location`}>
      {isOpen && address && (
        <DetailsForm
          key={`${address.latitude},${address.longitude}`}
          mode={mode}
          address={address}
          onSaved={onSaved}
        />
      )}
    </UrlSheet>
  );
}
