import { useLingui } from "@lingui/react/macro";
import { useAtomValue } from "jotai";
import { Link } from "wouter";
import { offeredServiceTypes, paymentChannelOfHost, type OfferedServiceType } from "../../../domain/offer.ts";
import { pickText } from "../../../domain/multilingual.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { getPlatform } from "../../../platform/index.ts";
import { useRequiredTenant } from "../../../shared/brand/tenant.ts";
import { addressFlowPath, useOrderDraft } from "../../../shared/order-draft/order-draft.ts";
import { sessionAtom } from "../../../shared/session/session-atom.ts";
import { useTableSession } from "../../../shared/table/table-session.ts";

/**
 * Delivery, pickup or dine-in, chosen on the menu as in commercial apps: the choice is the order
 * draft's (checkout starts from it, and the menu follows the chosen branch), with where it goes below.
 * One offered service is said, not drawn as a control.
 */
export function ServiceSwitch() {
  const { t } = useLingui();
  const lang = useContentLanguage();
  const { settings } = useRequiredTenant();
  const session = useAtomValue(sessionAtom);
  const { draft, setServiceType } = useOrderDraft();
  // The channel's types: the mini app's, the website's, or a table's QR code's.
  const atTable = useTableSession() !== null;
  const services = offeredServiceTypes(
    settings,
    settings.channelServiceTypes[atTable ? "QR" : paymentChannelOfHost(getPlatform().kind)],
  );
  const first = services[0];
  if (!first) return null;
  const current: OfferedServiceType =
    draft.serviceType && services.includes(draft.serviceType) ? draft.serviceType : first;
  const label: Record<OfferedServiceType, string> = {
    DELIVERY: t`Delivery`,
    PICK_UP: t`Pickup`,
    DINE_IN: t`Dine-in`,
  };
  const place =
    current === "DELIVERY"
      ? draft.address && (draft.address.name || draft.address.description)
      : draft.branch && pickText(draft.branch.name, lang);
  const path = addressFlowPath({
    serviceType: current,
    loggedIn: session.token !== null,
    savedAddresses: 0,
    inMiniApp: getPlatform().kind !== "web",
  });
  const href = `${path}${path.includes("?") ? "&" : "?"}redirect=%2F`;

  return (
    <div className="service-switch">
      {services.length > 1 ? (
        <fieldset className="service-switch__options">
          <legend className="visually-hidden">{t`How to get the order`}</legend>
          {services.map((type) => (
            <label key={type} className="service-switch__option">
              <input
                type="radio"
                name="menu-service"
                value={type}
                checked={type === current}
                onChange={() => {
                  setServiceType(type);
                }}
              />
              <span>{label[type]}</span>
            </label>
          ))}
        </fieldset>
      ) : (
        <p className="service-switch__single">{label[current]}</p>
      )}
      <Link href={href} className="service-switch__place">
        <span className="service-switch__place-label">
          {current === "DELIVERY" ? t`Deliver to` : t`Branch`}
        </span>
        <span className="service-switch__place-value">
          {place || (current === "DELIVERY" ? t`Choose an address` : t`Choose a branch`)}
        </span>
        <span className="mirror-rtl" aria-hidden="true">
          ›
        </span>
      </Link>
    </div>
  );
}
