/**
 * A guest's saved addresses, kept in this browser per brand (`savat:<sub>:addresses`; spec section
 * 6: guests keep addresses locally). After login they are sent to the profile and removed here
 * (useMoveGuestAddresses, mounted once by <OrderDraftEffects>).
 */
import { useQueryClient } from "@tanstack/react-query";
import { atom, useAtomValue, type WritableAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { useEffect } from "react";
import type { Address, AddressInput } from "../../domain/contract/geo.ts";
import { api } from "../../lib/api-client.ts";
import { currentBrandAtom, getCurrentBrand } from "../brand/current-brand.ts";
import { checkedStorage } from "../session/checked-storage.ts";
import type { GuestAddress } from "../session/stored-schemas.ts";
import { getSession, subscribeSession } from "../session/session.ts";
import { queryKeys } from "../query-keys.ts";
import { appStore } from "../../lib/app-store.ts";

export type { GuestAddress } from "../session/stored-schemas.ts";

export const GUEST_ADDRESS_PREFIX = "local-";

function key(sub: string): string {
  return `savat:${sub}:addresses`;
}

const EMPTY: GuestAddress[] = [];
const storage = checkedStorage<GuestAddress[]>((schemas, data, drop) =>
  schemas.parseGuestAddresses(data, drop),
);
const perBrand = new Map<string, WritableAtom<GuestAddress[], [GuestAddress[]], void>>();

/** A guest's addresses at one brand as jotai state. */
function guestAddressesAtom(sub: string): WritableAtom<GuestAddress[], [GuestAddress[]], void> {
  let a = perBrand.get(sub);
  if (!a) {
    a = atomWithStorage<GuestAddress[]>(key(sub), EMPTY, storage, { getOnInit: true });
    perBrand.set(sub, a);
  }
  return a;
}

const currentGuestAddressesAtom = atom((get) => {
  const brand = get(currentBrandAtom);
  return brand ? get(guestAddressesAtom(brand.sub)) : EMPTY;
});

export function getGuestAddresses(sub: string): GuestAddress[] {
  return storage.getItem(key(sub), EMPTY);
}

function write(sub: string, list: GuestAddress[]): void {
  appStore().set(guestAddressesAtom(sub), list);
}

export function addGuestAddress(sub: string, address: AddressInput): GuestAddress {
  const saved: GuestAddress = {
    ...address,
    id: `${GUEST_ADDRESS_PREFIX}${crypto.randomUUID()}`,
    createdDate: new Date().toISOString(),
  };
  write(sub, [saved, ...getGuestAddresses(sub)]);
  return saved;
}

export function removeGuestAddress(sub: string, id: string): void {
  write(
    sub,
    getGuestAddresses(sub).filter((a) => a.id !== id),
  );
}

/** The current brand's guest addresses, newest first. */
export function useGuestAddresses(): GuestAddress[] {
  return useAtomValue(currentGuestAddressesAtom);
}

/** Sends the guest's addresses to the profile and forgets those that arrived; the count moved. */
export async function moveGuestAddresses(sub: string, merchantId: string, userId: string): Promise<number> {
  let moved = 0;
  for (const guest of [...getGuestAddresses(sub)].reverse()) {
    const { id: _id, createdDate: _created, ...input } = guest;
    const [error] = await api<Address>(`/users/v1/addresses/user/${userId}/WITH_TOKEN`, {
      method: "POST",
      body: input,
      silent: true,
    });
    if (error) break;
    removeGuestAddress(sub, guest.id);
    moved += 1;
  }
  return moved;
}

let moving: Promise<number> | null = null;

/** After login (a token appears), the guest's local addresses go to the profile (spec section 4). */
export function useMoveGuestAddresses(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const brand = getCurrentBrand();
    if (!brand) return;
    const run = () => {
      const session = getSession(brand.sub);
      const userId = session.user?.id;
      if (!session.token || !userId || moving || getGuestAddresses(brand.sub).length === 0) return;
      moving = moveGuestAddresses(brand.sub, brand.merchantId, userId).finally(() => {
        moving = null;
      });
      void moving.then((count) => {
        if (count > 0)
          void queryClient.invalidateQueries({ queryKey: queryKeys.addresses(brand.merchantId, userId) });
      });
    };
    run();
    return subscribeSession(brand.sub, run);
  }, [queryClient]);
}
