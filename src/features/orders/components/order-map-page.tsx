import { useLingui } from "@lingui/react/macro";
import { useEffect, useEffectEvent, useRef, useState } from "react";
import { Link } from "wouter";
import { LazyMap } from "../../../components/map/lazy-map.tsx";
import type { MapMarker, MapViewHandle } from "../../../components/map/types.ts";
import type { LatLon } from "../../../domain/geo.ts";
import { useMapConfig } from "../../../components/map/use-map-config.ts";
import { isRetryable, LoadFailed } from "../../../components/load-failed.tsx";
import { PageSpinner } from "../../../components/page-spinner.tsx";
import { pickText } from "../../../domain/multilingual.ts";
import { useOrderStreamConnected } from "../api/order-events.ts";
import { useContentLanguage } from "../../../lib/use-content-language.ts";
import { usePageTitle } from "../../../shared/brand/use-page-title.ts";
import { useCourier } from "../api/get-courier.ts";
import { useOrder } from "../api/get-order.ts";
import { ORDER_STATUS_LABELS } from "../../../shared/orders/status-labels.ts";
import { GuestPrompt } from "./guest-prompt.tsx";
import { useCustomerId } from "../../../shared/session/session-atom.ts";
import { POLL_MS } from "./live-poll.ts";
import "./orders.css";

/** /profile/orders/:id/map: the branch, the address and the courier on the map. */
export function OrderMapPage({ id }: { id: string }) {
  const userId = useCustomerId();
  if (!userId) return <GuestPrompt redirect={`/profile/orders/${id}/map`} />;
  return <OrderMap userId={userId} id={id} />;
}

function OrderMap({ userId, id }: { userId: string; id: string }) {
  const { t, i18n } = useLingui();
  const lang = useContentLanguage();
  const live = useOrderStreamConnected();
  const order = useOrder(userId, id, live ? false : POLL_MS);
  const config = useMapConfig();
  const moving = order.data?.status === "ATTACHED" || order.data?.status === "ON_WAY";
  const courier = useCourier(
    userId,
    moving ? (order.data?.courierId ?? null) : null,
    moving && !live ? POLL_MS : false,
  );
  usePageTitle(order.data ? t`Order #${order.data.number} on the map` : t`Order`);
  if (order.isPending || config.isPending) return <PageSpinner />;
  if ((order.isLoadingError && isRetryable(order.error)) || config.isLoadingError) {
    return (
      <LoadFailed
        onRetry={() => {
          void order.refetch();
          void config.refetch();
        }}
        retrying={order.isFetching || config.isFetching}
      />
    );
  }
  const o = order.data;
  if (!o) return <p className="orders-empty">{t`Order not found`}</p>;
  const markers: MapMarker[] = [];
  if (o.branch) {
    markers.push({
      id: "branch",
      latitude: o.branch.latitude,
      longitude: o.branch.longitude,
      label: pickText(o.branch.name, lang),
      tone: "branch",
    });
  }
  if (o.address) {
    markers.push({
      id: "address",
      latitude: o.address.latitude,
      longitude: o.address.longitude,
      label: t`Delivery address`,
      tone: "address",
    });
  }
  const c = courier.data;
  // Only while the courier carries the order: a delivered or closed order shows no live courier.
  if (moving && c && c.latitude !== null && c.longitude !== null) {
    markers.push({
      id: "courier",
      latitude: c.latitude,
      longitude: c.longitude,
      label: t`Courier`,
      tone: "courier",
      caption: true,
    });
  }
  const center = o.address ?? o.branch ?? { latitude: 41.32, longitude: 69.24 };
  return (
    <div className="page orders-root order-map">
      <div className="order-map__bar">
        <Link href={`/profile/orders/${o.id}`} className="button-link">
          {t`Order #${o.number}`}
        </Link>
        <span
          className={`order-status order-status--${o.status.toLowerCase()}`}
          role="status"
          data-testid="order-map-status"
        >
          {i18n._(ORDER_STATUS_LABELS[o.status])}
        </span>
      </div>
      <FittedMap
        styleUrl={config.data.styleUrl}
        center={center}
        markers={markers}
        label={t`Order #${o.number} on the map`}
      />
      <ul className="order-map__legend" data-testid="order-map-legend" aria-label={t`Legend`}>
        {markers.map((m) => (
          <li key={m.id} data-marker={m.id}>
            <span className={`order-map__key order-map__key--${m.tone ?? "branch"}`} aria-hidden="true" />
            {m.label}
          </li>
        ))}
      </ul>
      {/* A delivery service's performer: who and which car to look out for. */}
      {moving && c?.provider === "YANDEX" && c.name && (
        <p className="order-map__performer" data-testid="order-map-performer">
          {(() => {
            const performer = c.name;
            const car = c.vehicle;
            return car
              ? t`Yandex Delivery courier ${performer}, ${car}`
              : t`Yandex Delivery courier ${performer}`;
          })()}
        </p>
      )}
    </div>
  );
}

/** The order's map, framed so every pin is in view; framed again when a pin comes or goes. */
function FittedMap({
  styleUrl,
  center,
  markers,
  label,
}: {
  styleUrl: string;
  center: LatLon;
  markers: MapMarker[];
  label: string;
}) {
  const mapRef = useRef<MapViewHandle>(null);
  const [ready, setReady] = useState(false);
  const ids = markers.map((m) => m.id).join(",");
  const fit = useEffectEvent(() => {
    if (markers.length > 1) mapRef.current?.fitBounds(markers);
  });
  useEffect(() => {
    if (ready) fit();
  }, [ready, ids]);
  // A courier driving out of view brings the frame along: the customer never loses the pin.
  const places = markers.map((m) => `${String(m.latitude)},${String(m.longitude)}`).join(";");
  const follow = useEffectEvent(() => {
    const map = mapRef.current;
    if (map && markers.some((m) => !map.shows(m))) fit();
  });
  useEffect(() => {
    if (ready) follow();
  }, [ready, places]);
  return (
    <LazyMap
      styleUrl={styleUrl}
      initialCenter={{ latitude: center.latitude, longitude: center.longitude }}
      initialZoom={13}
      markers={markers}
      showZoom
      label={label}
      className="order-map__map"
      handleRef={mapRef}
      onReady={() => {
        setReady(true);
      }}
    />
  );
}
