/**
 * A guest's saved addresses, kept in this browser per brand (`savat:<sub>:addresses`; spec section
 * 6: guests keep addresses locally). After login they are sent to the profile and removed here
 * (useMoveGuestAddresses, mounted once by <OrderDraftEffects>).
 */
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useSyncExternalStore } from "react";
import type { Address, AddressInput } from "../../domain/contract/geo.ts";
import { api } from "../../lib/api-client.ts";
import { getCurrentBrand } from "../brand/current-brand.ts";
import { getSession, subscribeSession } from "../session/session.ts";
import { readLocal, writeLocal } from "../../lib/storage.ts";
import { queryKeys } from "../query-keys.ts";

export interface GuestAddress extends AddressInput {
  /** "local-<random>": never sent to the server. */
  id: string;
  createdDate: string;
}

export const GUEST_ADDRESS_PREFIX = "local-";

function key(sub: string): string {
  return `savat:${sub}:addresses`;
}

const listeners = new Set<() => void>();
const cache = new Map<string, { raw: string | null; list: GuestAddress[] }>();

function isGuestAddress(v: unknown): v is GuestAddress {
  if (typeof v !== "object" || v === null) return false;
  const a = v as Record<string, unknown>;
  return typeof a.id === "string" && typeof a.latitude === "number" && typeof a.longitude === "number";
}

export function getGuestAddresses(sub: string): GuestAddress[] {
  const raw = readLocal(key(sub));
  const hit = cache.get(sub);
  if (hit && hit.raw === raw) return hit.list;
  let list: GuestAddress[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isGuestAddress);
  } catch {
    list = [];
  }
  cache.set(sub, { raw, list });
  return list;
}

function write(sub: string, list: GuestAddress[]): void {
  writeLocal(key(sub), JSON.stringify(list));
  for (const l of listeners) l();
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

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.endsWith(":addresses")) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The current brand's guest addresses, newest first. */
export function useGuestAddresses(): GuestAddress[] {
  const sub = getCurrentBrand()?.sub ?? "";
  return useSyncExternalStore(
    subscribe,
    () => (sub ? getGuestAddresses(sub) : EMPTY),
    () => EMPTY,
  );
}
const EMPTY: GuestAddress[] = [];

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
