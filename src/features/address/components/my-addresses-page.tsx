import { useLingui } from "@lingui/react/macro";
import { Button, Section } from "@telegram-apps/telegram-ui";
import { ActionButton } from "../../../components/action-button.tsx";
import { useEffect, useState } from "react";
import { useLocation } from "wouter";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { UrlSheet, useUrlSheet } from "../../../components/url-sheet.tsx";
import { getCurrentBrand } from "../../../shared/brand/current-brand.ts";
import { removeGuestAddress } from "../../../shared/order-draft/guest-addresses.ts";
import { addressFlowPath, useOrderDraft } from "../../../shared/order-draft/order-draft.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useDeleteAddress } from "../api/addresses.ts";
import { streetAndHouse } from "../../../domain/address.ts";
import { joinNames } from "../../../lib/i18n.ts";
import { redirectTarget, toDraftAddress, useSavedAddresses, type SavedAddress } from "../saved-addresses.ts";
import "./address.css";

function titleOf(a: SavedAddress): string {
  return a.name || streetAndHouse(a, joinNames) || a.description || "";
}

function DeleteConfirm({ address, onDone }: { address: SavedAddress; onDone: (deleted: boolean) => void }) {
  const { t } = useLingui();
  const { merchant } = useRequiredTenant();
  const { loggedIn, userId } = useSavedAddresses();
  const remove = useDeleteAddress(merchant.id, userId);
  const yes = async () => {
    if (loggedIn) {
      try {
        await remove.mutateAsync(address.id);
      } catch {
        return;
      }
    } else {
      const brand = getCurrentBrand();
      if (brand) removeGuestAddress(brand.sub, address.id);
    }
    onDone(true);
  };
  return (
    <div className="delete-confirm">
      <p className="delete-confirm__question">{t`Are you sure?`}</p>
      <p className="delete-confirm__name">{titleOf(address)}</p>
      {address.description && <p className="delete-confirm__description">{address.description}</p>}
      <div className="delete-confirm__actions">
        <ActionButton
          kind="secondary"
          stretched
          onClick={() => {
            onDone(false);
          }}
        >
          {t`No`}
        </ActionButton>
        <ActionButton kind="destructive" stretched loading={remove.isPending} onClick={() => void yes()}>
          {t`Yes`}
        </ActionButton>
      </div>
    </div>
  );
}

/**
 * My addresses (spec overlay 3) at /choose-address and /profile/address: choosing one makes it the
 * order's address; the pencil asks to delete it (overlay 4); "Add new address" opens the map.
 */
export function MyAddressesPage({ mode = "choose" }: { mode?: "choose" | "profile" }) {
  const { t } = useLingui();
  const [, navigate] = useLocation();
  const { draft, setAddress, update } = useOrderDraft();
  const { addresses, loading, loggedIn } = useSavedAddresses();
  const confirm = useUrlSheet("delete-address");
  const [target, setTarget] = useState<SavedAddress | null>(null);
  usePageTitle(t`My addresses`);

  const redirect = new URLSearchParams(window.location.search).get("redirect");
  const addPath =
    mode === "profile"
      ? "/profile/address/create"
      : `/address/delivery${redirect ? `?redirect=${encodeURIComponent(redirect)}` : ""}`;

  // Nothing saved yet: the list would only be empty, so a first-time customer goes straight to
  // the map (issue 35); the profile's list stays, to say there is nothing and offer the map.
  const nothingSaved = mode === "choose" && !loading && addresses.length === 0;
  const firstMap = addressFlowPath({
    serviceType: "DELIVERY",
    loggedIn: false,
    savedAddresses: 0,
    inMiniApp: getPlatform().kind !== "web",
  });
  const mapPath = `${firstMap}${redirect ? `${firstMap.includes("?") ? "&" : "?"}redirect=${encodeURIComponent(redirect)}` : ""}`;
  useEffect(() => {
    if (nothingSaved && !target) navigate(mapPath, { replace: true });
  }, [nothingSaved, target, mapPath, navigate]);

  const onDeleted = (deleted: boolean) => {
    const removed = target;
    confirm.close();
    setTarget(null);
    if (!deleted || !removed) return;
    // A guest who deleted the current address picks a new one on the map (spec section 4).
    if (draft.address?.id === removed.id) {
      update({ address: null, deliveryPrice: null, tariff: null });
      if (!loggedIn)
        setTimeout(() => {
          navigate("/address/delivery");
        }, 150);
    }
  };

  return (
    <div className="page my-addresses">
      <h1 className="page__title">{t`My addresses`}</h1>
      {loading ? (
        <PageSpinner />
      ) : addresses.length === 0 ? (
        <p className="my-addresses__empty">{t`No saved addresses yet`}</p>
      ) : (
        <Section>
          <ul className="my-addresses__list" aria-label={t`Saved addresses`}>
            {addresses.map((a) => {
              const current = draft.address?.id === a.id;
              return (
                <li
                  key={a.id}
                  className={`my-addresses__item ${current ? "my-addresses__item--current" : ""}`}
                >
                  <button
                    type="button"
                    className="my-addresses__choose"
                    aria-current={current ? "true" : undefined}
                    onClick={() => {
                      setAddress(toDraftAddress(a));
                      navigate(redirectTarget("/"));
                    }}
                  >
                    <span className="my-addresses__name">{titleOf(a)}</span>
                    {a.description && <span className="my-addresses__description">{a.description}</span>}
                    {a.typed && <span className="my-addresses__typed">{t`Typed by you`}</span>}
                  </button>
                  <button
                    type="button"
                    className="my-addresses__delete"
                    aria-label={t`Delete ${titleOf(a)}`}
                    onClick={() => {
                      setTarget(a);
                      confirm.open();
                    }}
                  >
                    {/* A trash can: this button deletes (a pencil would promise an edit). */}
                    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                      <path
                        d="M4 7h16M10 4h4M6 7l1 13h10l1-13M10 11v6M14 11v6"
                        fill="none"
                        stroke="currentColor"
                        strokeWidth="1.8"
                        strokeLinecap="round"
                        strokeLinejoin="round"
                      />
                    </svg>
                  </button>
                </li>
              );
            })}
          </ul>
        </Section>
      )}
      <div className="my-addresses__add">
        <Button
          mode="filled"
          size="l"
          stretched
          onClick={() => {
            navigate(addPath);
          }}
        >
          {t`Add new address`}
        </Button>
      </div>
      <UrlSheet name="delete-address" title={t`Delete address`}>
        {target && <DeleteConfirm address={target} onDone={onDeleted} />}
      </UrlSheet>
    </div>
  );
}
