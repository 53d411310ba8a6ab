import { useLingui } from "@lingui/react/macro";
import { Button } from "@telegram-apps/telegram-ui";
import { useId, useRef, useState, type Ref, type SyntheticEvent } from "react";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { hasHouseNumber, HOUSE_NUMBER_MAX } from "../../../domain/address.ts";
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

/** What the customer types where no geocoder named the place. */
interface TypedFields {
  streetName: string;
  houseNumber: string;
}

/**
 * A required street or house input with its label and its error, in the customer's language (not
 * the browser's own bubble: the form is `noValidate`); the error describes the input.
 */
function RequiredInput({
  id,
  name,
  label,
  value,
  error,
  maxLength,
  inputRef,
  onChange,
}: {
  id: string;
  name: keyof TypedFields;
  label: string;
  value: string;
  error: string | null;
  maxLength: number;
  inputRef?: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="address-details__field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        value={value}
        required
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        maxLength={maxLength}
        autoComplete={name === "streetName" ? "address-line1" : "off"}
        onChange={(e) => {
          onChange(e.target.value);
        }}
      />
      {error && (
        <p id={errorId} className="address-details__error">
          {error}
        </p>
      )}
    </div>
  );
}

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
  // The house number has a field of its own (issue 35, docs/decisions.md): the office is the flat,
  // not pre-filled with the house as the spec's drawer did.
  const [fields, setFields] = useState<Fields>({
    name: address.name,
    office: "",
    domophone: "",
    entrance: "",
    floor: "",
  });
  const [saving, setSaving] = useState(false);
  // No geocoder resolved this place: the customer types the street and house (both required).
  const typed = address.typed === true;
  const [typedFields, setTypedFields] = useState<TypedFields>({
    streetName: address.streetName,
    houseNumber: address.houseNumber,
  });
  const [typedErrors, setTypedErrors] = useState<Record<keyof TypedFields, string | null>>({
    streetName: null,
    houseNumber: null,
  });
  const streetRef = useRef<HTMLInputElement>(null);
  const houseRef = useRef<HTMLInputElement>(null);
  const ids = useId();

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
    let next: DraftAddress = { ...address, ...fields, name: fields.name.trim() };
    const streetName = typed ? typedFields.streetName.trim() : address.streetName;
    const houseNumber = typedFields.houseNumber.trim();
    const required = t`Please fill in this field!`;
    // A delivery address names its building (src/domain/address.ts; the server refuses it too).
    const errors = {
      streetName: streetName ? null : typed ? required : null,
      houseNumber: hasHouseNumber({ houseNumber }) ? null : required,
    };
    setTypedErrors(errors);
    if (errors.streetName || errors.houseNumber) {
      (errors.streetName ? streetRef : houseRef).current?.focus();
      return;
    }
    next = { ...next, houseNumber };
    // What the checkout and the order show when the address has no name.
    if (typed) next = { ...next, streetName, description: `${streetName}, ${houseNumber}`, typed: true };
    setSaving(true);
    const brand = getCurrentBrand();
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
    <form className="address-details" noValidate onSubmit={(e) => void submit(e)}>
      {typed ? (
        <>
          <p className="address-details__typed-hint">
            {t`Address search is unavailable: place the pin on your building and type the street and house`}
          </p>
          <div className="address-details__row">
            <RequiredInput
              id={`${ids}-street`}
              name="streetName"
              label={t`Street`}
              value={typedFields.streetName}
              error={typedErrors.streetName}
              maxLength={200}
              inputRef={streetRef}
              onChange={(value) => {
                setTypedFields((f) => ({ ...f, streetName: value }));
                if (value.trim()) setTypedErrors((e) => ({ ...e, streetName: null }));
              }}
            />
            <RequiredInput
              id={`${ids}-house`}
              name="houseNumber"
              label={t`House number`}
              value={typedFields.houseNumber}
              error={typedErrors.houseNumber}
              maxLength={HOUSE_NUMBER_MAX}
              inputRef={houseRef}
              onChange={(value) => {
                setTypedFields((f) => ({ ...f, houseNumber: value }));
                if (value.trim()) setTypedErrors((e) => ({ ...e, houseNumber: null }));
              }}
            />
          </div>
        </>
      ) : (
        <>
          <p className="address-details__street">{address.streetName}</p>
          <RequiredInput
            id={`${ids}-house`}
            name="houseNumber"
            label={t`House number`}
            value={typedFields.houseNumber}
            error={typedErrors.houseNumber}
            maxLength={HOUSE_NUMBER_MAX}
            inputRef={houseRef}
            onChange={(value) => {
              setTypedFields((f) => ({ ...f, houseNumber: value }));
              if (value.trim()) setTypedErrors((e) => ({ ...e, houseNumber: null }));
            }}
          />
        </>
      )}
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
