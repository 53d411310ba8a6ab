import { useQuery } from "@tanstack/react-query";
import { useAtomValue } from "jotai";
import type { Address, AddressDetails, AddressInput } from "../../domain/contract/geo.ts";
import { useGuestAddresses } from "../../shared/order-draft/guest-addresses.ts";
import type { DraftAddress } from "../../shared/order-draft/order-draft.ts";
import { sessionAtom } from "../../shared/session/session-atom.ts";
import { useRequiredTenant } from "../../shared/brand/tenant.ts";
import { addressesQueryOptions } from "./api/addresses.ts";

/** A saved address of either kind: the profile's (logged in) or this browser's (guest). */
export type SavedAddress = Pick<
  Address,
  | "id"
  | "name"
  | "streetName"
  | "houseNumber"
  | "details"
  | "description"
  | "comment"
  | "latitude"
  | "longitude"
  | "cityId"
  | "typed"
>;

/** The customer's saved addresses: from the server when logged in, else from this browser. */
export function useSavedAddresses(): {
  loggedIn: boolean;
  userId: string | null;
  addresses: SavedAddress[];
  loading: boolean;
} {
  const { merchant } = useRequiredTenant();
  const session = useAtomValue(sessionAtom);
  const userId = session.token && session.user ? session.user.id : null;
  const server = useQuery(addressesQueryOptions(merchant.id, userId));
  const guest = useGuestAddresses();
  if (userId) return { loggedIn: true, userId, addresses: server.data ?? [], loading: server.isPending };
  return {
    loggedIn: false,
    userId: null,
    loading: false,
    addresses: guest.map((g) => ({
      id: g.id,
      name: g.name ?? null,
      streetName: g.streetName ?? null,
      houseNumber: g.houseNumber ?? null,
      details: g.details ?? null,
      description: g.description ?? null,
      comment: g.comment ?? null,
      latitude: g.latitude,
      longitude: g.longitude,
      cityId: g.cityId ?? null,
      typed: g.typed ?? false,
    })),
  };
}

export function parseDetails(details: string | null | undefined): AddressDetails {
  if (!details) return {};
  // Read by hand: the client imports only types from the contract (zod stays out of its chunks).
  try {
    const parsed: unknown = JSON.parse(details);
    if (typeof parsed !== "object" || parsed === null) return {};
    const out: AddressDetails = {};
    for (const key of ["floor", "office", "entrance", "domophone"] as const) {
      const value = (parsed as Record<string, unknown>)[key];
      if (typeof value === "string" || typeof value === "number") out[key] = String(value);
    }
    return out;
  } catch {
    return {};
  }
}

export function toDraftAddress(a: SavedAddress): DraftAddress {
  const d = parseDetails(a.details);
  return {
    id: a.id,
    name: a.name ?? "",
    streetName: a.streetName ?? "",
    houseNumber: a.houseNumber ?? "",
    description: a.description ?? "",
    comment: a.comment ?? "",
    latitude: a.latitude,
    longitude: a.longitude,
    cityId: a.cityId,
    floor: d.floor ?? "",
    office: d.office ?? "",
    entrance: d.entrance ?? "",
    domophone: d.domophone ?? "",
    typed: a.typed,
  };
}

export function toAddressInput(a: DraftAddress): AddressInput {
  const details: AddressDetails = {};
  if (a.floor) details.floor = a.floor;
  if (a.office) details.office = a.office;
  if (a.entrance) details.entrance = a.entrance;
  if (a.domophone) details.domophone = a.domophone;
  return {
    type: a.office ? "APARTMENT" : "HOUSE",
    name: a.name || null,
    streetName: a.streetName || null,
    houseNumber: a.houseNumber || null,
    details: JSON.stringify(details),
    description: a.description || null,
    comment: a.comment || null,
    latitude: a.latitude,
    longitude: a.longitude,
    cityId: a.cityId,
    typed: a.typed ?? false,
  };
}

/** Where a screen of the address flow returns: the `redirect` parameter (a local path) or a default. */
export function redirectTarget(fallback: string): string {
  const value = new URLSearchParams(window.location.search).get("redirect");
  return value?.startsWith("/") && !value.startsWith("//") ? value : fallback;
}
