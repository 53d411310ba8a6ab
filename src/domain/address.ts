// What a delivery address must hold, shared by the client (the details form, checkout) and the
// server (placing an order): the courier needs the building, so a delivery address names its house
// number, whether the geocoder gave it or the customer typed it (issue 35).

/** The parts of an address the rule reads (the spec's Address fields). */
export interface AddressParts {
  houseNumber?: string | null | undefined;
}

/** Longest house number kept (the contract's limit): "12A", "45/2", "7 корпус 3". */
export const HOUSE_NUMBER_MAX = 50;

/** Whether a delivery address names its building: a house number with at least one letter or digit. */
export function hasHouseNumber(address: AddressParts): boolean {
  return /[\p{L}\p{N}]/u.test(address.houseNumber ?? "");
}

/**
 * The street and house as one line, "Nukus ko'chasi, 801": never the house in parentheses. The
 * client passes its language's comma (joinNames: Arabic "،"); the Latin one otherwise.
 */
export function streetAndHouse(
  address: {
    streetName?: string | null | undefined;
    houseNumber?: string | null | undefined;
  },
  join: (parts: string[]) => string = (parts) => parts.join(", "),
): string {
  const parts = [address.streetName?.trim(), address.houseNumber?.trim()].filter((p): p is string => !!p);
  return join(parts);
}
