// How an address reads to the customer, the same on checkout and on the order (issue 35): the name
// the customer gave it first, the street and house (or the geocoder's line) under it, then the flat,
// entrance, floor and intercom they typed. The address and the orders features both show it.
import { useLingui } from "@lingui/react/macro";
import { streetAndHouse } from "../../domain/address.ts";
import { joinNames } from "../../lib/i18n.ts";

/** The address parts shown: the spec's Address fields and the client-only extras. */
export interface AddressForDisplay {
  name?: string | null | undefined;
  streetName?: string | null | undefined;
  houseNumber?: string | null | undefined;
  description?: string | null | undefined;
  floor?: string | null | undefined;
  office?: string | null | undefined;
  entrance?: string | null | undefined;
  domophone?: string | null | undefined;
}

/** The title and the line under it: a name the customer gave wins over the geocoder's long line. */
export function addressHeadline(a: AddressForDisplay): { title: string; line: string } {
  const name = a.name?.trim() ?? "";
  const street = streetAndHouse(a, joinNames);
  const description = a.description?.trim() ?? "";
  if (name) {
    const line = street || description;
    return { title: name, line: line !== name ? line : "" };
  }
  if (street) return { title: street, line: "" };
  return { title: description, line: "" };
}

/** The flat, entrance, floor and intercom the customer typed, each labelled; [] when none. */
export function useAddressExtras(a: AddressForDisplay): string[] {
  const { t } = useLingui();
  const out: string[] = [];
  const office = a.office?.trim();
  const entrance = a.entrance?.trim();
  const floor = a.floor?.trim();
  const domophone = a.domophone?.trim();
  if (office) out.push(t`Apt. ${office}`);
  if (entrance) out.push(t`Entrance ${entrance}`);
  if (floor) out.push(t`Floor ${floor}`);
  if (domophone) out.push(t`Intercom ${domophone}`);
  return out;
}

/** The address as three short lines: title, street line, extras (the last two only when known). */
export function AddressText({ address, className }: { address: AddressForDisplay; className: string }) {
  const { title, line } = addressHeadline(address);
  const extras = useAddressExtras(address);
  return (
    <>
      <span className={`${className}__title`}>{title}</span>
      {line && <span className={`${className}__line`}>{line}</span>}
      {extras.length > 0 && (
        <span className={`${className}__extras`} data-testid="address-extras">
          {extras.join(" · ")}
        </span>
      )}
    </>
  );
}
